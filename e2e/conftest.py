"""Browser test harness: the built site served locally, headless Chromium, no network.

What every e2e test gets:
- `site_url` (session): _site/ (rebuilt first if stale) served on a free localhost
  port; the URL ends in "/".
- A network guard on every browser context: any request to another origin is
  aborted, recorded, and fails the test at teardown. Nothing may leave the site.
- Service workers are BLOCKED by default so each test sees plain network loads
  and nothing is cached between steps. A test about offline use opts in with
  `@pytest.mark.browser_context_args(service_workers="allow")`.
- `ready_page`: a page at `site_url` that is already interactive; `phone_page`:
  the same on a phone-sized touch screen (`PHONE` holds those context options).
- `serve_site(folder)`: serve another built folder (e.g. a changed copy of _site)
  for one test; the guard lets its origin through too.
- Helpers to import: `from conftest import wait_ready, settle, moves, screenshot, PHONE,
  hold_the_computer`.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, Route, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, chromium, serve  # noqa: E402

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# Expectations wait for a state, never for a time; this is only how long before giving
# up, set for a slow, busy 2-core machine booting Pyodide (Playwright's default is 5 s).
expect.set_options(timeout=30_000)
# Schemes that never touch the network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension"}
READY_SELECTOR = "html[data-ready]"
SETTLED_SELECTOR = ".play[data-turn='mine'], .play[data-turn='over'], .cover"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


# Asks for the new version and waits until its worker is "activated": its activate
# handler, which deletes the old caches, has finished by then. A new version the
# browser found already (installing or waiting) is followed as well, and a failure
# names the states the new worker went through.
UPDATE_AND_ACTIVATE_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const states = [];
  const activated = new Promise((resolve, reject) => {
    const follow = (worker) => {
      states.push(worker.state);
      const check = () => {
        if (worker.state === "activated") resolve();
        if (worker.state === "redundant") {
          reject(new Error(`the new service worker failed: ${states.join(" > ")}`));
        }
      };
      worker.addEventListener("statechange", () => { states.push(worker.state); check(); });
      check();
    };
    const found = registration.installing || registration.waiting;
    if (found) follow(found);
    else registration.addEventListener("updatefound", () => follow(registration.installing),
                                       { once: true });
  });
  // An update that never activates fails the test instead of holding the suite.
  const stuck = new Promise((_, reject) => setTimeout(() => reject(new Error(
    "the new service worker did not activate in 180 s: " + (states.join(" > ") || "none found")
  )), 180_000));
  await registration.update();
  await Promise.race([activated, stuck]);
  return true;
}"""


# Runs Python in the page's own interpreter (the one web/early-pyodide.mjs booted and
# handed to PyScript), in a namespace of its own; the code's last expression is returned.
RUN_PYTHON_JS = """async (code) => {
  const url = new URL("web/early-pyodide.mjs", document.baseURI).href;
  const python = await (await import(url)).loadPyodide();
  const scope = python.globals.get("dict")();
  try {
    return await python.runPythonAsync(code, { globals: scope });
  } finally {
    scope.destroy();
  }
}"""


def run_python(page: Page, code: str):
    """The value of `code`'s last expression, run in the page's Python (JSON-like values)."""
    return page.evaluate(RUN_PYTHON_JS, code)


def wait_ready(page: Page, timeout: float = 180_000) -> Page:
    """Wait until the app (or bench page) sets data-ready on <html> (for up to three minutes:
    Python boots slowly on a busy 2-core machine; the wait ends as soon as it is ready)."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout)
    return page


def settle(page: Page, timeout: float = 20_000) -> str:
    """Wait until the human must act, the game is over, or the privacy cover shows.

    Returns "mine", "over" or "cover". A change made after a dialog closes lands
    asynchronously: wait for that change itself, not for a settled board.
    """
    page.wait_for_selector(SETTLED_SELECTOR, timeout=timeout)
    if page.locator(".cover").count():
        return "cover"
    return page.locator(".play").get_attribute("data-turn")


def hold_the_computer(page: Page, hold: bool) -> None:
    """Hold the computer's next answer until released (web/session.py's test seam), so a
    test can look at or undo a human move before the computer answers, on any machine."""
    method = "setAttribute" if hold else "removeAttribute"
    args = "'data-hold-computer', ''" if hold else "'data-hold-computer'"
    page.evaluate(f"document.documentElement.{method}({args})")


def saved_record(page: Page):
    """The game on the board, as autosaved: its save id is in the address (#g=<id>)."""
    from pygames.record import Record

    save_id = page.url.split("#g=", 1)[1]
    text = page.evaluate("id => localStorage.getItem('ff:save:' + id)", save_id)
    return Record.from_text(json.loads(text)["record"])


def moves(page: Page) -> int:
    """How many actions the game on the board has played."""
    return int(page.locator(".play").get_attribute("data-moves"))


def from_a_newer_app(record_text: str) -> str:
    """A record's text as a newer release would write it: rules newer than today's."""
    return re.sub(r"^(\S+) \d+ ", r"\1 99 ", record_text, count=1)


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG to e2e/screenshots/NAME.png for humans to look at, and check
    what it shows for what a person should never read: a string key with no words."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert unworded_keys(page) == [], name
    return path


def unworded_keys(page: Page) -> list[str]:
    """The string keys (``fools.know.None``) the page shows as they are, in its text or
    its spoken labels."""
    return UNWORDED_KEY.findall(page.evaluate(TEXT_AND_LABELS))


# A string key shown as it is: the first part of any key of the page's words, a dot, a word.
_WORDS = ROOT / "web"
KEY_PREFIXES = sorted(
    {
        key.split(".")[0]
        for table in (_WORDS / "i18n.json", _WORDS / "remote" / "strings.json")
        for key in json.loads(table.read_text(encoding="utf-8"))
    }
)
UNWORDED_KEY = re.compile(r"\b(?:" + "|".join(KEY_PREFIXES) + r")\.[a-z_]+(?:\.\w+)*")
TEXT_AND_LABELS = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))
].join('\\n')"""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def leaves_site(url: str, site_origins: set[str]) -> bool:
    return urlsplit(url).scheme not in LOCAL_SCHEMES and origin_of(url) not in site_origins


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": chromium.EXECUTABLE,
        "args": chromium.ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """_site/, rebuilt when any source is newer than the last build."""
    out = build.DEFAULT_OUT
    if build.site_is_stale(out):
        try:
            build.build(out)
        except build.BuildError as error:
            pytest.fail(f"Cannot build the site for e2e tests: {error}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    url, server = serve.start_server(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def site_origins(site_url: str) -> set[str]:
    """Origins the network guard lets through: the site, plus any `serve_site` server."""
    return {origin_of(site_url)}


@pytest.fixture
def serve_site(site_origins: set[str]) -> Iterator[Callable[[Path], str]]:
    """Factory: serve another built folder (e.g. a modified copy of _site) for one test."""
    servers = []

    def start(directory: Path) -> str:
        url, server = serve.start_server(directory)
        servers.append(server)
        site_origins.add(origin_of(url))
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def new_context(
    new_context: Callable[..., BrowserContext], site_origins: set[str]
) -> Iterator[Callable[..., BrowserContext]]:
    """Every context made in a test (also via `context`/`page`) gets the network guard."""
    escaped: list[str] = []

    def guarded_new_context(**kwargs) -> BrowserContext:
        context = new_context(**kwargs)
        install_network_guard(context, site_origins, escaped)
        return context

    yield guarded_new_context
    if escaped:
        listing = "\n  ".join(sorted(set(escaped)))
        pytest.fail(
            f"Requests left the site ({', '.join(sorted(site_origins))}):\n  {listing}",
            pytrace=False,
        )


def install_network_guard(
    context: BrowserContext, site_origins: set[str], escaped: list[str]
) -> None:
    def guard(route: Route) -> None:
        url = route.request.url
        if leaves_site(url, site_origins):
            escaped.append(url)
            route.abort("blockedbyclient")
        else:
            route.fallback()

    def notice(request: Request) -> None:
        # Requests a service worker answers itself bypass routing; still record them.
        if leaves_site(request.url, site_origins):
            escaped.append(request.url)

    context.route("**/*", guard)
    context.on("request", notice)


@pytest.fixture
def ready_page(page: Page, site_url: str) -> Page:
    page.goto(site_url)
    return wait_ready(page)


@pytest.fixture
def phone_page(new_context: Callable[..., BrowserContext], site_url: str) -> Page:
    page = new_context(**PHONE).new_page()
    page.goto(site_url)
    return wait_ready(page)
