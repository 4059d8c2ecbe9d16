"""The one Chromium setup shared by the e2e tests, the benchmark and the icon script."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

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


@contextlib.contextmanager
def built_site_in_chromium() -> Iterator[tuple[str, Browser]]:
    """The built site (built again if stale) served on a free local port, and a headless
    Chromium to open it in: (base URL, browser), both closed after. What the browser
    benchmarks begin with."""
    from playwright.sync_api import sync_playwright

    from tools import build, serve

    if build.site_is_stale():
        build.build()
    url, server = serve.start_server(build.DEFAULT_OUT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            try:
                yield url, browser
            finally:
                browser.close()
    finally:
        server.shutdown()


# A script (init script or page.evaluate) that records every main-thread task over
# 50 ms as [start ms, duration ms] in window.__longTasks.
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask" });
"""
# The same for frames (Long Animation Frames, Chromium 123+): every frame over 50 ms as
# [start ms, duration ms, ms of its scripts, ms of its rendering (style, layout, paint)]
# in window.__longFrames, so a long task can be told apart as the page's own code or the
# browser drawing what it changed. Empty where the browser has no such entries.
WATCH_LONG_FRAMES = """
window.__longFrames = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const scripts = entry.scripts.reduce((sum, script) => sum + script.duration, 0);
      const end = entry.startTime + entry.duration;
      const rendering = entry.renderStart ? end - entry.renderStart : 0;
      window.__longFrames.push([entry.startTime, entry.duration, scripts, rendering]);
    }
  }).observe({ type: "long-animation-frame" });
} catch {}
"""
