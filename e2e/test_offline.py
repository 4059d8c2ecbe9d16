"""Offline play: after one visit the service worker serves the whole app from its cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import UPDATE_AND_ACTIVATE_JS, wait_ready
from playwright.sync_api import BrowserContext, Page

from tools import build

pytestmark = pytest.mark.browser_context_args(service_workers="allow")

CACHE_NAMES_JS = "async () => (await caches.keys()).filter((name) => name.startsWith('ff-'))"


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """A private copy of _site that a test may change and rebuild the worker for."""
    return Path(shutil.copytree(site_dir, tmp_path / "site"))


def version_of(site: Path) -> str:
    line = next(line for line in (site / "sw.js").read_text().splitlines() if "VERSION =" in line)
    return line.split('"')[1]


def visit_until_controlled(page: Page, url: str) -> None:
    """Load the app and wait until the worker has precached everything and took control."""
    page.goto(url)
    wait_ready(page)
    # The worker activates only after cache.addAll() succeeded, then claims the page.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)


def test_reload_while_offline_reaches_ready(
    context: BrowserContext, serve_site, site_copy: Path
) -> None:
    url = serve_site(site_copy)
    page = context.new_page()
    visit_until_controlled(page, url)
    assert page.evaluate(CACHE_NAMES_JS) == [f"ff-{version_of(site_copy)}"]

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    # A navigation with a query string (not in the precache list) falls back to index.html.
    page.goto(url + "?from=home-screen#lobby")
    wait_ready(page)


def test_new_version_replaces_old_cache(
    context: BrowserContext, serve_site, site_copy: Path
) -> None:
    url = serve_site(site_copy)
    page = context.new_page()
    visit_until_controlled(page, url)
    old_version = version_of(site_copy)

    index = site_copy / "index.html"
    index.write_text(index.read_text() + "\n<!-- deploy 2 -->\n")
    new_version = build.write_service_worker(site_copy)
    assert new_version != old_version

    page.evaluate(UPDATE_AND_ACTIVATE_JS)
    assert page.evaluate(CACHE_NAMES_JS) == [f"ff-{new_version}"]
    page.reload()
    wait_ready(page)
    served_index = page.evaluate("async () => (await fetch('index.html')).text()")
    assert "deploy 2" in served_index
