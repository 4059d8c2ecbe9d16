"""The deployed site: installable manifest, local-only boot, useful before Python runs."""

from __future__ import annotations

import json
import struct
import zipfile
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from conftest import run_python, screenshot, wait_ready
from playwright.sync_api import Page, expect

from tools import build

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BOOT_FILES = [
    "runtime/pyscript/core.js",
    "web/early-pyodide.mjs",
    "runtime/pyodide/pyodide.mjs",
    "runtime/pyodide/pyodide.asm.wasm",
    build.COMPILED_STDLIB,
    "app.zip",
]


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE), "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_describes_an_installable_app(page: Page, site_url: str) -> None:
    response = page.request.get(site_url + "manifest.webmanifest")
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())

    assert manifest["name"] == "Fools & Fields"
    assert manifest["short_name"]
    assert manifest["start_url"] == "./"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    icon_sizes = set()
    for icon in manifest["icons"]:
        image = page.request.get(urljoin(site_url + "manifest.webmanifest", icon["src"]))
        assert image.ok, icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(image.body())
            assert icon["sizes"] == f"{width}x{height}"
            icon_sizes.add(width)
        else:
            assert icon["type"] == "image/svg+xml"
            assert b"<svg" in image.body()
    assert {192, 512} <= icon_sizes


def test_runtimes_are_served_with_the_right_types(page: Page, site_url: str) -> None:
    expected = {
        "runtime/pyscript/core.js": "text/javascript",
        "runtime/pyodide/pyodide.mjs": "text/javascript",
        "runtime/pyodide/pyodide.asm.wasm": "application/wasm",
        "sw.js": "text/javascript",
    }
    for path, mime in expected.items():
        response = page.request.get(site_url + path)
        assert response.ok, path
        assert response.headers["content-type"].startswith(mime), path


def test_full_boot_loads_everything_from_the_site(page: Page, site_url: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_url)
    wait_ready(page)
    screenshot(page, "booted")

    site_origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    network = [url for url in requested if not url.startswith(("data:", "blob:"))]
    assert all(url.startswith(site_origin + "/") for url in network), network
    paths = [urlsplit(url).path.lstrip("/") for url in network]
    assert set(BOOT_FILES) <= set(paths), sorted(paths)
    assert build.STOCK_STDLIB not in paths  # the compiled library replaces it
    # Preloaded files must be used, not fetched a second time by the runtime.
    fetched_twice = sorted({path for path in paths if paths.count(path) > 1})
    assert not fetched_twice, fetched_twice


def test_python_runs_without_stack_switching(page: Page, site_url: str) -> None:
    """Pyodide in this Chromium has WebAssembly stack switching to hand, and the page
    takes it away (web/without-stack-switching.mjs): Python runs on the thread's stack."""
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("typeof WebAssembly.Suspending") == "undefined"
    assert run_python(page, "import pyodide_js\npyodide_js._module.jspiSupported") is False
    fresh = page.evaluate(
        """() => new Promise((resolve) => {
          const frame = document.createElement("iframe");
          frame.srcdoc = "<p>";
          frame.onload = () => resolve(typeof frame.contentWindow.WebAssembly.Suspending);
          document.body.append(frame);
        })"""
    )
    assert fresh == "function"  # the browser has it: the test would see it left on


def test_lobby_shows_before_python_boots(page: Page, site_url: str) -> None:
    held_back = []  # Never answered: Python stays "still loading" for the whole test.
    page.route("**/runtime/pyodide/**", lambda route: held_back.append(route))
    # The runtime is preloaded and imported by a module script, so neither "load" nor
    # DOMContentLoaded comes while it is held back: wait only for the page to start.
    page.goto(site_url, wait_until="commit")
    expect(page.locator("#lobby")).to_be_visible()
    assert page.locator("#lobby").inner_text().strip()
    expect(page.locator("#boot-progress")).to_be_visible()
    screenshot(page, "lobby-without-python")
    assert page.locator("html[data-ready]").count() == 0


def test_boot_progress_moves_on_when_the_runtime_has_loaded(page: Page, site_url: str) -> None:
    held_back = []  # The app's own files never come: Python boots, the app cannot start.
    page.route("**/app.zip", lambda route: held_back.append(route))
    page.goto(site_url, wait_until="commit")
    expect(page.locator("#boot-progress progress")).to_have_js_property("value", 80)
    assert page.locator("html[data-ready]").count() == 0


def test_boot_progress_counts_a_runtime_that_loaded_before_the_page_script(
    page: Page, site_url: str
) -> None:
    page.route("**/app.zip", lambda route: None)  # never answered: the app cannot start
    held_back = []  # web/boot.js comes only once the runtime has loaded
    page.route("**/web/boot.js", lambda route: held_back.append(route))
    page.goto(site_url, wait_until="commit")
    page.wait_for_selector("html[data-runtime='loaded']", state="attached")
    assert held_back and page.locator("#boot-progress progress").get_attribute("value") == "5"
    for route in held_back:
        route.continue_()
    expect(page.locator("#boot-progress progress")).to_have_js_property("value", 80)


def test_service_worker_precaches_every_site_file(site_dir: Path) -> None:
    worker = (site_dir / "sw.js").read_text()
    precache = json.loads(worker.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    site_files = {path.relative_to(site_dir).as_posix() for path in build.files_under(site_dir)}
    developer_only = ("bench/", build.STOCK_STDLIB)  # the benchmark's bare page and its library
    for_players = {path for path in site_files if not path.startswith(developer_only)}
    on_demand = {path for path in for_players if path.startswith(build.ON_DEMAND)}  # remote play
    assert set(precache) == (for_players - on_demand - {"sw.js"}) | {"./"}


def test_the_compiled_library_holds_every_module_once(site_dir: Path) -> None:
    with zipfile.ZipFile(site_dir / build.STOCK_STDLIB) as stock:
        stock_names = set(stock.namelist())
    with zipfile.ZipFile(site_dir / build.COMPILED_STDLIB) as compiled:
        names = compiled.namelist()
    as_source = {name.removesuffix("c") if name.endswith(".pyc") else name for name in names}
    assert len(as_source) == len(names)  # never both forms of a module
    assert as_source == stock_names
    # Bytecode for what Pyodide's start-up, PyScript (html) and the engine (pkgutil)
    # import; source for what nothing imports.
    for module in ("asyncio/events", "json/decoder", "html/entities", "pkgutil"):
        assert f"{module}.pyc" in names
    assert "tarfile.py" in names


def test_rebuilding_unchanged_sources_keeps_the_version(site_dir: Path, tmp_path: Path) -> None:
    first = build.build(tmp_path / "first")
    second = build.build(tmp_path / "second", fresh=True)  # not from the first's caches
    assert (first / "sw.js").read_bytes() == (second / "sw.js").read_bytes()
    assert (first / "app.zip").read_bytes() == (second / "app.zip").read_bytes()
    compiled = build.COMPILED_STDLIB
    assert (first / compiled).read_bytes() == (second / compiled).read_bytes()
