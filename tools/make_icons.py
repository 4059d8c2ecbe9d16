"""Render assets/icons/icon.svg to the PNG icons the manifest lists (dev-only).

Usage: .venv/bin/python tools/make_icons.py   (then commit the PNGs)
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import chromium  # noqa: E402

ICONS = ROOT / "assets" / "icons"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_options())
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                + svg
            )
            target = ICONS / f"icon-{size}.png"
            page.screenshot(path=str(target), omit_background=True)
            print(f"wrote {target}")
        browser.close()


if __name__ == "__main__":
    main()
