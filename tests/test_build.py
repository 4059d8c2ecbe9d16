"""What the build takes out of shipped files leaves them working: docstrings out of
Python (line numbers kept), comments and indentation out of HTML and CSS (<pre> kept).
Remote play ships apart from the first visit (remote.zip, web/remote/*.mjs, vendor/),
and what it imports resolves to files of the site."""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
import traceback
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build  # noqa: E402
from tools.build import copy_compacted, without_docstrings  # noqa: E402

SOURCE = '''"""The module's docstring,
over two lines."""


class Thing:
    """Only a docstring."""


def fails():
    """A docstring, then code."""
    raise ValueError("line 11")


LABEL = """not a docstring"""
'''


def test_docstrings_go_and_every_other_line_keeps_its_number() -> None:
    stripped = without_docstrings(SOURCE)
    assert "docstring," not in stripped and "Only a" not in stripped and "then code" not in stripped
    assert '"""not a docstring"""' in stripped
    assert len(stripped.split("\n")) == len(SOURCE.split("\n"))
    namespace: dict = {}
    exec(compile(stripped, "shipped.py", "exec"), namespace)
    assert namespace["Thing"].__doc__ is None
    try:
        namespace["fails"]()
    except ValueError as error:
        line = traceback.extract_tb(error.__traceback__)[-1].lineno
        assert line == 11 and SOURCE.split("\n")[line - 1].strip().startswith("raise")
    else:
        raise AssertionError("fails() did not raise")


def test_html_and_css_lose_comments_and_indentation_but_not_pre(tmp_path: Path) -> None:
    html = tmp_path / "page.html"
    html.write_text(
        "<main>\n  <!-- a note -->\n    <p>two\n      words</p>\n"
        "  <pre>keep\n    this indent</pre>\n</main>\n",
        encoding="utf-8",
    )
    css = tmp_path / "style.css"
    css.write_text("/* a note */\nbody {\n    color: red;\n}\n", encoding="utf-8")
    copy_compacted(html, tmp_path / "out" / "page.html")
    copy_compacted(css, tmp_path / "out" / "style.css")
    page = (tmp_path / "out" / "page.html").read_text(encoding="utf-8")
    # The line breaks either side of <pre> go too: a block, so no words join there.
    assert page == "<main>\n<p>two\nwords</p><pre>keep\n    this indent</pre></main>\n"
    style = (tmp_path / "out" / "style.css").read_text(encoding="utf-8")
    assert style == "body {\ncolor: red;\n}\n"


@pytest.fixture(scope="module")
def site() -> Path:
    """_site/, rebuilt when stale (as the browser tests do)."""
    if not (build.PYODIDE_DIST / "pyodide.mjs").is_file():
        pytest.skip("needs npm ci")
    if build.site_is_stale():
        build.build()
    return build.DEFAULT_OUT


def zip_names(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as archive:
        return set(archive.namelist())


def test_remote_play_ships_apart_from_app_zip(site: Path) -> None:
    app = zip_names(site / "app.zip")
    remote = zip_names(site / build.REMOTE_ZIP)
    assert not [name for name in app if name.startswith(build.REMOTE_PACKAGES)]
    assert "web/remote_kit.py" in app  # the loader is in the first visit's zip, as source
    sources = [
        path.relative_to(ROOT).as_posix()
        for path in build.python_sources()
        if path.relative_to(ROOT).as_posix().startswith(build.REMOTE_PACKAGES)
    ]
    shipped = {name.removesuffix("c") for name in remote if name.endswith((".py", ".pyc"))}
    assert shipped == set(sources) - build.DEVELOPER_MODULES
    assert "pygames/remote/device.pyc" in remote and "web/remote/noble.pyc" in remote
    assert build.CARD_POINTS in remote
    modules = {p.name for p in (site / "web" / "remote").iterdir()}
    assert modules == {p.name for p in build.REMOTE_MODULES.glob("*.mjs")}


def test_remote_files_are_cached_on_demand_not_precached(site: Path) -> None:
    worker = (site / "sw.js").read_text()
    precache = json.loads(worker.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    on_demand = json.loads(worker.split("const ON_DEMAND = ", 1)[1].split(";\n", 1)[0])
    assert on_demand == list(build.ON_DEMAND)  # prefixes of the files only remote games load
    files = {path.relative_to(site).as_posix() for path in build.files_under(site)}
    remote = {path for path in files if path.startswith(build.ON_DEMAND)}
    assert {build.REMOTE_ZIP, "web/remote/noble.mjs", "vendor/noble-curves/ed25519.js"} <= remote
    assert not set(precache) & remote


def import_map(index: str) -> dict[str, str]:
    found = re.search(r'<script type="importmap">(.*?)</script>', index, re.S)
    assert found, "index.html has no import map"
    first_module = min(index.find('type="module"'), index.find('rel="modulepreload"'))
    assert found.start() < first_module, "the import map must come before any module"
    return json.loads(found.group(1))["imports"]


def test_every_import_of_remote_modules_resolves_to_a_file_of_the_site(site: Path) -> None:
    imports = import_map((site / "index.html").read_text())
    assert imports == {f"{package}/": f"./{folder}/" for package, folder in build.VENDORED.items()}
    modules = [*(site / "web" / "remote").glob("*.mjs"), *(site / "vendor").rglob("*.js")]
    assert len(modules) > 5
    for module in modules:
        for specifier in build.STATIC_IMPORT.findall(module.read_text()):
            if specifier.startswith("."):
                target = (module.parent / specifier).resolve()
            else:
                prefix = next(p for p in imports if specifier.startswith(p))
                target = (site / imports[prefix] / specifier.removeprefix(prefix)).resolve()
            assert target.is_relative_to(site.resolve()) and target.is_file(), (module, specifier)
    for folder in build.VENDORED.values():
        assert (site / folder / "LICENSE").is_file()


def test_the_card_points_table_holds_every_deck_libsodium_deals(site: Path) -> None:
    """Every card of every deck `GamePlan.of` makes (and of the first pool of games it does
    not deal yet) has its point in the shipped table, the point libsodium maps it to."""
    from pygames import GAMES
    from pygames.remote.deal import DOMAIN, card_points
    from pygames.remote.device import GamePlan, NotDealtYet, WatchingChance
    from pygames.remote.group import SodiumGroup, hash_label

    with zipfile.ZipFile(site / build.REMOTE_ZIP) as archive:
        table = json.loads(archive.read(build.CARD_POINTS))
    group = SodiumGroup()
    dealt = 0
    for game in (
        GAMES[name] for name in ("cloth-of-gold", "fools", "fools-field", "game-of-fields")
    ):
        keys = [option.key for option in game.options]
        for seats in range(game.min_seats, game.max_seats + 1):
            for choices in itertools.product(*(option.choices for option in game.options)):
                options = dict(zip(keys, choices, strict=True))
                try:
                    plan = GamePlan.of(game.id, seats, options)
                except NotDealtYet:
                    continue
                dealt += 1
                for name, point in card_points(group, game.id, plan.deck).items():
                    assert table[hash_label(DOMAIN, game.id, name)[:32].hex()] == point.hex()
    assert dealt >= 8  # Game of Fields (2 maps), The Fool's Field (6 choices)
    for game_id, seats in (("fools", 4), ("cloth-of-gold", 2)):  # not dealt by links yet
        watcher = WatchingChance(random.Random(7))
        GAMES[game_id].new_state(seats, chance=watcher)
        for name, point in card_points(group, game_id, watcher.first_pool).items():
            assert table[hash_label(DOMAIN, game_id, name)[:32].hex()] == point.hex()


def test_every_module_that_loads_pyodide_first_switches_stack_switching_off() -> None:
    """web/without-stack-switching.mjs must run before Pyodide's runtime module loads,
    in the page and in every worker: a module that loads Pyodide imports it first."""
    web = build.ROOT / "web"
    loaders = [
        path for path in sorted(web.glob("*.mjs")) if "pyodide/pyodide.mjs" in path.read_text()
    ]
    assert {path.name for path in loaders} >= {"early-pyodide.mjs", "worker-runtime.mjs"}
    for path in loaders:
        imports = re.findall(r'^import .*?"([^"]+)";', path.read_text(), re.MULTILINE)
        assert imports[0] == "./without-stack-switching.mjs", (path.name, imports)
