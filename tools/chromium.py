"""The one Chromium setup shared by the e2e tests, the benchmark and the icon script."""

from __future__ import annotations

import os

# Debian's chromium: `playwright install` cannot download browsers here.
EXECUTABLE = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_options() -> dict:
    return {"executable_path": EXECUTABLE, "args": list(ARGS), "headless": True}


# A script (init script or page.evaluate) that records every main-thread task over
# 50 ms as [start ms, duration ms] in window.__longTasks.
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask" });
"""
