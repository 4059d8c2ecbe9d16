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
