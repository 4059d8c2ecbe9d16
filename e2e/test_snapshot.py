"""Warm boot from a Pyodide memory snapshot, and every way it falls back to a normal boot.

web/early-pyodide.mjs marks <html> with data-boot="snapshot|fresh" and, for a fresh
boot, data-boot-reason (why no snapshot was restored); data-snapshot follows the
making of one after a normal boot ("stored" once the service worker kept it).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import UPDATE_AND_ACTIVATE_JS, run_python, settle, wait_ready
from playwright.sync_api import BrowserContext, Page, Request

from tools import build

pytestmark = pytest.mark.browser_context_args(service_workers="allow")

CACHE_NAMES_JS = "async () => (await caches.keys()).filter((name) => name.startsWith('ff-'))"
MADE = "html[data-snapshot='stored'], html[data-snapshot='refused'], html[data-snapshot='failed']"
# Bytes a first visit may fetch besides the runtimes (runtime/): the page, the app, the
# service worker's precache of everything else, and the snapshot's making. It was
# 500 KB until the rules learned to play on from a seat's copy of a game (2026-11-25:
# 500.6 KB), 520 KB until the computer learned to go on from its last search and to
# plan its samples (2026-11-26: 523.4 KB), 530 KB until searches learned to take turns
# on the page and the log to keep its lines by key and show the newest (2026-11-27:
# 530.4 KB), 540 KB until the log's words learned to name the seat of every private line
# (a replay seen from everywhere) and the new-game form to boot the computer's worker
# (2026-11-28: 540.1 KB), 545 KB until the replay screen learned to draw its study's graph
# once and to patch beside its move list, the lobby's file picker to speak the app's
# language and a hint to boot a worker (2026-11-29: 545.04 KB), 550 KB until a hint's
# moves read as advice and every board marked where the latest moves went (2026-11-29:
# 550.9 KB), 555 KB until every board marked where a hint's move goes and Game of Fields
# drew the way each pawn went (2026-11-29: 555.2 KB), 560 KB until the replay's board
# marked the move its study preferred, the instruction carried Cancel for every board and
# each board named the seat of a shared position (2026-11-29: 561.1 KB), 565 KB until
# the lobby listed games in progress first and a game open in two tabs learned to show
# what the other did (2026-11-29: 567.3 KB), 570 KB until the page drew the games in
# progress before Python boots, so that the lobby holds still (2026-12-02: 572.8 KB);
# a budget that notices growth, raised only with a reason.
OWN_BYTES_LIMIT = 575_000
# The games whose computer hooks (`<game package>.ai`) are not imported in the page.
HOOKS_NOT_IMPORTED = """
import json, sys
from importlib.util import find_spec
from pygames import GAMES
packages = [type(game).__module__ for game in GAMES.values()]
with_hooks = [p + ".ai" for p in packages if find_spec(p + ".ai") is not None]
json.dumps([name for name in with_hooks if name not in sys.modules] + [len(with_hooks)])
"""
UNUSED_PYSCRIPT = ("py-editor", "py-terminal", "py-game", "codemirror", "xterm", "donkey")


def boot_of(page: Page) -> tuple[str | None, str | None]:
    wait_ready(page)
    boot, reason = page.evaluate(
        "() => [document.documentElement.dataset.boot, document.documentElement.dataset.bootReason]"
    )
    return boot, reason


def snapshot_url(site_url: str, site: Path) -> str:
    return f"{site_url}snapshot/{build.snapshot_key(site)}.bin"


def cached_size(page: Page, url: str) -> int | None:
    """The size of the entry for `url` in any cache, or None."""
    return page.evaluate(
        "async (url) => { const hit = await caches.match(url);"
        " return hit ? (await hit.blob()).size : null }",
        url,
    )


def put_in_cache(page: Page, url: str, size: int, copy_of: str | None = None) -> None:
    """Store `size` zero bytes (or the bytes held in window[copy_of]) under `url` in the
    service worker's cache, as if a snapshot had been stored there."""
    page.evaluate(
        """async ([url, size, copyOf]) => {
          const [name] = (await caches.keys()).filter((n) => n.startsWith('ff-'));
          const body = copyOf ? window[copyOf] : new Uint8Array(size);
          await (await caches.open(name)).put(url, new Response(body));
        }""",
        [url, size, copy_of],
    )


def visit_until_stored(page: Page, url: str) -> None:
    """A first visit: a normal boot, then (once idle) a snapshot made and stored."""
    page.goto(url)
    assert boot_of(page) == ("fresh", "none")
    page.wait_for_selector(MADE, state="attached", timeout=180_000)
    assert page.get_attribute("html", "data-snapshot") == "stored"


def visit_controlled_without_making(page: Page, url: str) -> None:
    """A visit with snapshots switched off, until the service worker controls the page."""
    page.goto(url + "?nosnapshot")
    assert boot_of(page) == ("fresh", "off")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)


def play_a_little(page: Page) -> None:
    """The restored interpreter runs the whole app: open a game against the computer."""
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.click("[data-act='start']")
    assert settle(page, timeout=60_000) in ("mine", "over")


def test_first_visit_stores_a_snapshot_and_the_next_visit_restores_it(
    context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    requested: list[Request] = []
    context.on(
        "request", lambda request: requested.append(request)
    )  # the page's, the workers' and the precache's
    page = context.new_page()
    visit_until_stored(page, site_url)
    url = snapshot_url(site_url, site_dir)
    assert cached_size(page, url) > 1_000_000
    names = page.evaluate(CACHE_NAMES_JS)
    assert len(names) == 1  # kept in the service worker's one versioned cache
    in_own_cache = page.evaluate(
        "async ([name, url]) => Boolean(await (await caches.open(name)).match(url))",
        [names[0], url],
    )
    assert in_own_cache

    # Bytes of the whole first visit: the runtimes, plus at most OWN_BYTES_LIMIT of ours.
    paths = {urlsplit(request.url).path.lstrip("/") for request in requested}
    paths = {path or "index.html" for path in paths}
    own = {path for path in paths if not path.startswith("runtime/")}
    own_bytes = sum((site_dir / path).stat().st_size for path in own if (site_dir / path).is_file())
    assert own_bytes <= OWN_BYTES_LIMIT, sorted(own)
    unused = [path for path in paths if any(name in path for name in UNUSED_PYSCRIPT)]
    assert not unused
    assert all((site_dir / path).is_file() for path in paths if path.startswith("runtime/"))

    page.reload()
    assert boot_of(page) == ("snapshot", None)
    # The snapshot holds every game's computer hooks: a computer's first decision
    # imports nothing on the page (it was a long task there).
    assert json.loads(run_python(page, HOOKS_NOT_IMPORTED)) == [4]
    play_a_little(page)


def test_switched_off_or_unfinished_boots_normally(
    context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    page = context.new_page()
    visit_until_stored(page, site_url)

    page.goto(site_url + "?nosnapshot")
    assert boot_of(page) == ("fresh", "off")
    page.evaluate("localStorage.setItem('ff:snapshot', 'off')")
    page.goto(site_url)
    assert boot_of(page) == ("fresh", "off")
    page.evaluate("localStorage.removeItem('ff:snapshot')")
    page.reload()
    assert boot_of(page) == ("snapshot", None)

    # A restored page that never became ready (it crashed, or the tab closed):
    # the next visit does not trust that snapshot again.
    key = build.snapshot_key(site_dir)
    page.evaluate("(key) => sessionStorage.setItem('ff:snapshot-pending', key)", key)
    page.reload()
    assert boot_of(page) == ("fresh", "unfinished")
    page.reload()
    assert boot_of(page) == ("fresh", "failed-before")


def test_a_snapshot_that_fails_to_restore_is_dropped(
    context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    page = context.new_page()
    visit_controlled_without_making(page, site_url)
    url = snapshot_url(site_url, site_dir)
    put_in_cache(page, url, 4096)  # not a snapshot at all

    page.goto(site_url)
    assert boot_of(page) == ("fresh", "restore-failed")
    play_a_little(page)
    assert cached_size(page, url) is None
    page.reload()
    assert boot_of(page) == ("fresh", "failed-before")


def test_a_snapshot_over_the_size_limit_is_not_restored(
    context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    page = context.new_page()
    visit_controlled_without_making(page, site_url)
    url = snapshot_url(site_url, site_dir)
    put_in_cache(page, url, build.SNAPSHOT_MAX_BYTES + 1)

    page.goto(site_url)
    assert boot_of(page) == ("fresh", "too-large")
    assert cached_size(page, url) is None


def test_a_browser_without_cache_storage_boots_normally(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script("Object.defineProperty(window, 'caches', { value: undefined })")
    page = context.new_page()
    page.goto(site_url)
    assert boot_of(page) == ("fresh", "unsupported")


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """A private copy of _site that a test may change and redeploy."""
    return Path(shutil.copytree(site_dir, tmp_path / "site"))


def deploy_new_app_version(site: Path) -> str:
    """Change the app's files as a deploy would; return the new snapshot key."""
    old_key = build.snapshot_key(site)
    with zipfile.ZipFile(site / "app.zip", "a") as archive:
        archive.writestr("web/deploy_2.txt", "deploy 2")
    new_key = build.snapshot_key(site)
    early = site / build.EARLY_PYODIDE
    early.write_text(early.read_text().replace(old_key, new_key))
    build.write_service_worker(site)
    return new_key


def test_a_new_deploy_never_restores_the_old_snapshot(
    context: BrowserContext, serve_site, site_copy: Path
) -> None:
    url = serve_site(site_copy)
    page = context.new_page()
    visit_until_stored(page, url)
    old_url = snapshot_url(url, site_copy)
    page.evaluate(
        "async (url) => { window.oldSnapshot = await (await caches.match(url)).arrayBuffer() }",
        old_url,
    )

    new_key = deploy_new_app_version(site_copy)
    page.evaluate(UPDATE_AND_ACTIVATE_JS)
    assert cached_size(page, old_url) is None  # the old version's cache is gone
    # Even the old snapshot's bytes under the new version's name are not restored:
    # the snapshot itself says which version it was made for.
    new_url = f"{url}snapshot/{new_key}.bin"
    put_in_cache(page, new_url, 0, copy_of="oldSnapshot")
    page.reload()
    assert boot_of(page) == ("fresh", "restore-failed")
    assert cached_size(page, new_url) is None


def test_build_stamps_one_key_and_ships_no_unused_plugins(site_dir: Path) -> None:
    key = build.snapshot_key(site_dir)
    for script in (build.EARLY_PYODIDE, "sw.js"):
        text = (site_dir / script).read_text()
        assert f'SNAPSHOT_KEY = "{key}"' in text, script
        assert f"Number({build.SNAPSHOT_MAX_BYTES})" in text, script
    shipped = [path.name for path in (site_dir / "runtime" / "pyscript").iterdir()]
    assert not [name for name in shipped if name.startswith(UNUSED_PYSCRIPT)]
    index = (site_dir / "index.html").read_text()
    # PyScript loads its plugins once per script type, each with its own config.
    plugins_off = '"plugins": ["!py-editor", "!py-terminal", "!py-game", "!donkey", '
    assert index.count(plugins_off) == 2
