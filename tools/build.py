"""Build the static site into _site/ (see README.md, "Layout of _site").

Usage: python tools/build.py [--out DIR] [--fresh]

The output is deterministic: building twice from the same sources gives the
same bytes, so the service-worker VERSION only changes when content does.

A build that would change nothing is skipped: the content hash of every input
(and the build options) is kept beside a listing of the output (size and
modification time of each file); when both still match, the site is up to
date. The browser's bytecode is cached per source file, keyed by the hash of
the compiler (Pyodide's runtime and tools/compile_pyc.mjs), the file's path and
its content, so a rebuild compiles only what changed. The standard library with
bytecode for the modules the app uses (tools/compile_stdlib.mjs) is cached by the
hash of the runtime, the tool and the list of modules. Caches live in
node_modules/.cache/ff-build/ (gone with `npm ci`); `--fresh` ignores them.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from pygames.text import strings_table

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "_site"
NODE_MODULES = ROOT / "node_modules"
COMPILE_PYC = ROOT / "tools" / "compile_pyc.mjs"
COMPILE_STDLIB = ROOT / "tools" / "compile_stdlib.mjs"

# Exactly what Pyodide fetches while booting (checked against a request log).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# PyScript's own Python package, which it writes and imports at every start.
PYSCRIPT_PYTHON = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
PYODIDE_DIST = NODE_MODULES / "pyodide"
# The app boots with Pyodide's standard library compiled for the modules it uses
# (web/early-pyodide.mjs passes it as stdLibURL); Pyodide's own copy, all source,
# stays for the benchmark's bare page only.
STOCK_STDLIB = "runtime/pyodide/python_stdlib.zip"
COMPILED_STDLIB = "runtime/pyodide/python_stdlib_compiled.zip"
# Files players never need: not precached for offline play.
DEVELOPER_ONLY = ("bench/", STOCK_STDLIB)

PYTHON_SOURCE_DIRS = ["pygames", "web"]
# Modules the lobby does not import (a board, the play and replay screens, the computer,
# the log's words, remote play's loader), but the rules engine: shipped as source,
# compiled when first used.
# The rest ship as bytecode: the lobby's modules, and the engine, the largest modules,
# which a page opened on a game needs at once.
LATER_MODULES = re.compile(
    r"(web/games/(?!__init__)|web/(replay|analysis|play|screen|session|cover|host|slicing|computer|remote_kit)\.py"
    r"|pygames/(ai/|analysis\.py|replay\.py|text\.py|legacy\.py|position\.py|bots\.py"
    r"|[a-z_]+/(ai|text)\.py))"
)
# Modules only the developer commands import (`python -m pygames`, the benchmarks, mypy):
# not shipped.
DEVELOPER_MODULES = {
    "pygames/__main__.py",
    "pygames/ai/bench.py",
    "pygames/ai/yardstick.py",
    "pygames/remote/simulate.py",  # devices in one process: the tests and bench-remote
    "web/shell.py",  # what a screen may call of the shell: imported by the type checker only
}
# Remote play (playing by links, issue 22) is loaded only when a remote game opens
# (web/remote_kit.py), so the first visit's bytes do not grow: its Python (the protocol
# and the page's back ends) in REMOTE_ZIP, not in app.zip, with the table of the decks'
# card points (CARD_POINTS); its JS modules (web/remote/*.mjs) and what they import of
# @noble, vendored at VENDORED (index.html's import map sends the bare specifiers
# `@noble/curves/...` there). None of them is precached, and the snapshot key does not
# name them: the service worker caches them when first fetched (sw.js, ON_DEMAND).
REMOTE_PACKAGES = ("pygames/remote/", "web/remote/")
REMOTE_ZIP = "remote.zip"
CARD_POINTS = "web/remote/points.json"  # in REMOTE_ZIP
REMOTE_STRINGS = "web/remote/strings.json"  # in REMOTE_ZIP: the words of its screens
REMOTE_MODULES = ROOT / "web" / "remote"
VENDORED = {"@noble/curves": "vendor/noble-curves", "@noble/hashes": "vendor/noble-hashes"}
ON_DEMAND = (REMOTE_ZIP, "web/remote/", "vendor/")
# The modules an ES module names in its static imports and re-exports (the build follows
# them from web/remote/*.mjs, to ship only what the page imports), and a dynamic import,
# which the build cannot follow.
STATIC_IMPORT = re.compile(
    r"""^(?:(?:import|export)\s[^;'"]*?\sfrom\s*|import\s*)["']([^"']+)["']""", re.M
)
DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(")
SKIPPED_PARTS = {"__pycache__", "tests"}

SW_TEMPLATE = ROOT / "sw.js"
SW_VERSION_MARK = '"__VERSION__"'
SW_PRECACHE_MARK = "[/* __PRECACHE__ */]"
SW_ON_DEMAND_MARK = "[/* __ON_DEMAND__ */]"

# PyScript's plugin chunks the app turns off in its config ("plugins": ["!py-editor",
# ...] in index.html), and what only they import: not shipped, so neither the page nor
# the precache fetches them.
UNUSED_PYSCRIPT_CHUNKS = (
    "py-editor-",
    "py-terminal-",
    "py-game-",
    "codemirror",
    "xterm",
    "donkey-",
    "deprecations-manager-",
)

# Memory snapshots (web/early-pyodide.mjs, web/snapshot-worker.mjs, sw.js): the key
# names the exact runtime and app files a snapshot was made from; both the page and
# the service worker get it, and the limit, stamped in.
SNAPSHOT_KEY_MARK = '"__SNAPSHOT_KEY__"'
SNAPSHOT_MAX_MARK = '"__SNAPSHOT_MAX_BYTES__"'
SNAPSHOT_MAX_BYTES = 64 * 2**20  # Pyodide 314 with the app imported: about 31 MB
EARLY_PYODIDE = "web/early-pyodide.mjs"
SNAPSHOT_WORKER = "web/snapshot-worker.mjs"
WORKER_RUNTIME = "web/worker-runtime.mjs"  # the snapshot worker's boot, shared
# Pyodide runs without stack switching in the page and its workers: a snapshot depends on it.
WITHOUT_STACK_SWITCHING = "web/without-stack-switching.mjs"

# A fixed timestamp keeps app.zip byte-identical between builds.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)

CACHE = NODE_MODULES / ".cache" / "ff-build"
PYC_CACHE = CACHE / "pyc"
STDLIB_CACHE = CACHE / "stdlib"
STAMP_FORMAT = 1
PYC_CACHE_SIZE = 2000  # bytecode files kept (least recently used dropped)


class BuildError(Exception):
    """A build input is missing; the message says how to fix it."""


@dataclass
class Outcome:
    """What a build did."""

    out: Path
    skipped: bool  # nothing changed since the last build of `out`
    compiled: int = 0  # Python files compiled for the browser
    cached: int = 0  # Python files whose bytecode came from the cache
    seconds: float = 0.0

    def summary(self) -> str:
        if self.skipped:
            return f"up to date: {self.out} (no input changed; checked in {self.seconds:.2f} s)"
        files = files_under(self.out)
        size = sum(path.stat().st_size for path in files)
        return (
            f"built {self.out} ({len(files)} files, {size / 1e6:.1f} MB) in {self.seconds:.1f} s;"
            f" bytecode: {self.compiled} compiled, {self.cached} from the cache"
        )


def build(out: Path = DEFAULT_OUT, require_index: bool = True, fresh: bool = False) -> Path:
    """Build the whole site into `out` (replacing it) and return `out`.

    Skipped when `out` is the unchanged result of a build of the same inputs.
    require_index=False lets the benchmark build a bare-Pyodide-only site while
    the app page does not exist yet. fresh=True ignores every cache.
    """
    return build_site(out, require_index, fresh).out


def build_site(out: Path = DEFAULT_OUT, require_index: bool = True, fresh: bool = False) -> Outcome:
    started = time.perf_counter()
    check_inputs(require_index)
    inputs = inputs_hash(require_index)
    stamp = stamp_path(out)
    if not fresh and is_up_to_date(out, inputs):
        return Outcome(out, skipped=True, seconds=time.perf_counter() - started)
    stamp.unlink(missing_ok=True)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_static_files(out)
    copy_runtimes(out)
    write_compiled_stdlib(out / COMPILED_STDLIB, use_cache=not fresh)
    compiled, cached = write_python_zips(out, use_cache=not fresh)
    copy_vendored_modules(out)
    stamp_snapshot_key(out / EARLY_PYODIDE, snapshot_key(out))
    write_service_worker(out)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(json.dumps({"inputs": inputs, "output": output_listing(out)}))
    return Outcome(out, False, compiled, cached, time.perf_counter() - started)


def check_inputs(require_index: bool = True) -> None:
    if require_index and not (ROOT / "index.html").is_file():
        raise BuildError("index.html is missing at the repository root.")
    for needed in (PYODIDE_DIST / "pyodide.mjs", PYSCRIPT_DIST / "core.js"):
        if not needed.is_file():
            raise BuildError(f"{needed} is missing: run `npm ci` (or `./dev build`).")


def copy_static_files(out: Path) -> None:
    for name in ("index.html", "manifest.webmanifest", "sw-register.js"):
        if (ROOT / name).is_file():
            copy_compacted(ROOT / name, out / name)
    for folder in ("assets", "bench"):
        for source in files_under(ROOT / folder):
            copy_file(source, out / source.relative_to(ROOT))
    for source in files_under(ROOT / "web"):
        if source.relative_to(ROOT).as_posix() == REMOTE_STRINGS:
            continue  # in REMOTE_ZIP
        if source.suffix == ".json":  # the strings table, without its indentation
            data = json.loads(source.read_text(encoding="utf-8"))
            if source.name == "i18n.json":  # with each game's names from its text module
                data = strings_table(data)
            target = out / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(compact_json(data), encoding="utf-8")
        elif source.suffix != ".py":
            copy_compacted(source, out / source.relative_to(ROOT))
    # PyScript fetches <script type="py" src="web/main.py"> itself, so the
    # entry point is served as a file as well as shipped inside app.zip.
    main_py = ROOT / "web" / "main.py"
    if main_py.is_file():
        copy_file(main_py, out / "web" / "main.py")


def copy_runtimes(out: Path) -> None:
    for name in PYODIDE_FILES:
        copy_file(PYODIDE_DIST / name, out / "runtime" / "pyodide" / name)
    # core.js lazily imports chunks (toml, zip, error, ...): ship them, but no maps
    # and not the plugins the config turns off.
    for source in sorted(PYSCRIPT_DIST.iterdir()):
        unused = source.name.startswith(UNUSED_PYSCRIPT_CHUNKS)
        if source.suffix in (".js", ".css") and source.name != "service-worker.js" and not unused:
            copy_file(source, out / "runtime" / "pyscript" / source.name)


def snapshot_key(site: Path) -> str:
    """Pyodide's version and a hash of every file a memory snapshot is made from."""
    version = json.loads((PYODIDE_DIST / "package.json").read_text())["version"]
    digest = hashlib.sha256()
    sources = [f"runtime/pyodide/{name}" for name in PYODIDE_FILES]
    sources += [
        COMPILED_STDLIB,
        "app.zip",
        SNAPSHOT_WORKER,
        WORKER_RUNTIME,
        WITHOUT_STACK_SWITCHING,
    ]
    for url in sources:
        digest.update(url.encode() + b"\0" + file_hash(site / url))
    return f"{version}-{digest.hexdigest()[:16]}"


def stamp_snapshot_key(script: Path, key: str) -> str:
    """Fill the snapshot key and size limit into a built script's text; return the text."""
    text = script.read_text(encoding="utf-8")
    for mark in (SNAPSHOT_KEY_MARK, SNAPSHOT_MAX_MARK):
        if mark not in text:
            raise BuildError(f"{script.name} lost its {mark} placeholder.")
    text = text.replace(SNAPSHOT_KEY_MARK, json.dumps(key))
    text = text.replace(SNAPSHOT_MAX_MARK, str(SNAPSHOT_MAX_BYTES))
    script.write_text(text, encoding="utf-8")
    return text


def write_compiled_stdlib(target: Path, use_cache: bool = True) -> None:
    """Pyodide's standard library with bytecode for what the app and PyScript import."""
    modules = stdlib_imports([*python_sources(), *sorted(PYSCRIPT_PYTHON.glob("*.py"))])
    digest = hashlib.sha256(compiler_hash().encode() + file_hash(COMPILE_STDLIB))
    digest.update(" ".join(modules).encode())
    cached = STDLIB_CACHE / f"{digest.hexdigest()}.zip"
    if not (use_cache and cached.is_file()):
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        staging = cached.with_suffix(".new")
        done = subprocess.run(
            ["node", str(COMPILE_STDLIB), str(staging), *modules], capture_output=True, text=True
        )
        if done.returncode != 0:
            raise BuildError(f"compiling the standard library failed:\n{done.stderr}")
        staging.replace(cached)
    copy_file(cached, target)


def stdlib_imports(sources: list[Path]) -> list[str]:
    """Every standard-library module the files name in an import statement."""
    found = set()
    for source in sources:
        for node in ast.walk(ast.parse(source.read_bytes(), str(source))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return sorted(name for name in found if name.split(".")[0] in sys.stdlib_module_names)


def write_python_zips(out: Path, use_cache: bool = True) -> tuple[int, int]:
    """app.zip: every module but remote play's; REMOTE_ZIP: remote play's (REMOTE_PACKAGES)
    and its table of card points. Each module as `shipped_python` ships it, its bytecode
    compiled for the browser's Python (imports skip compiling).

    Returns how many files were compiled, and how many came from the cache.
    """
    sources = python_sources()
    entries = {source.relative_to(ROOT).as_posix(): source.read_bytes() for source in sources}
    if use_cache:
        bytecode, compiled = cached_browser_bytecode(sources)
    else:
        bytecode, compiled = browser_bytecode(sources), len(sources)
    remote = {name: data for name, data in entries.items() if name.startswith(REMOTE_PACKAGES)}
    app = {name: data for name, data in entries.items() if name not in remote}
    write_zip(out / "app.zip", shipped_python(app, bytecode))
    points = json.dumps(card_point_table(), sort_keys=True, separators=(",", ":"))
    strings = compact_json(json.loads((ROOT / REMOTE_STRINGS).read_text(encoding="utf-8")))
    shipped = {CARD_POINTS: points.encode(), REMOTE_STRINGS: strings.encode()}
    write_zip(out / REMOTE_ZIP, {**shipped_python(remote, bytecode), **shipped})
    return compiled, len(sources) - compiled


def compact_json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_zip(zip_path: Path, entries: dict[str, bytes]) -> None:
    """A zip of `entries` that is the same bytes whenever they are (fixed dates, sorted)."""
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(entries.items()):
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, compresslevel=9)


# Reshuffles dealt again (Fools!' discards) whose face-up cards get points of their own:
# the table holds that many per game; a game with more stops with a clear message.
TABLED_RESHUFFLES = 8


def card_point_table() -> dict[str, str]:
    """The point of every card of every deck the games deal (hex of the 32 bytes of hash
    libsodium maps, to hex of the point), for the page's group (web/remote/noble.py):
    libsodium's map of a hash to the group (`crypto_core_ed25519_from_uniform`, Elligator
    2 with the cofactor cleared) is none that @noble offers, and the decks are fixed. A
    deck is what `GamePlan.of` deals (the first pool, and the cards that join it later),
    for every seat count and every choice of options, and the fresh names of the face-up
    cards of up to TABLED_RESHUFFLES reshuffles dealt again; its points are those of
    `pygames.remote.deal.card_points`. Made with PyNaCl, a dev dependency."""
    try:
        from pygames.remote.group import SodiumGroup
    except ImportError as error:  # PyNaCl is a dev dependency: CI's build has it
        raise BuildError(f"the card points need PyNaCl: {error} (run ./dev setup)") from None
    from pygames import GAMES
    from pygames.remote.deal import DOMAIN, copy_names
    from pygames.remote.device import GamePlan, NotDealtYet
    from pygames.remote.group import hash_label
    from pygames.remote.redeal import fresh_names

    group = SodiumGroup()
    table = {}
    shipped = [game for game in GAMES.values() if type(game).__module__.startswith("pygames.")]
    for game in shipped:  # (the engine tests add a game of their own)
        keys = [option.key for option in game.options]
        for seats in range(game.min_seats, game.max_seats + 1):
            for choices in itertools.product(*(option.choices for option in game.options)):
                try:
                    plan = GamePlan.of(game.id, seats, dict(zip(keys, choices, strict=True)))
                except NotDealtYet:
                    continue
                cards = plan.deck + plan.additions
                names = copy_names(cards)
                for number in range(TABLED_RESHUFFLES + 1):
                    names += fresh_names(number, cards)
                for name in names:
                    digest = hash_label(DOMAIN, game.id, name)[:32]
                    table[digest.hex()] = group.point_from_hash(digest).hex()
    return table


def copy_vendored_modules(out: Path) -> None:
    """The @noble modules that web/remote/*.mjs import, at VENDORED, with each package's
    licence (web/remote/*.mjs themselves are copied with the rest of web/)."""
    for site_path, source in remote_module_graph().items():
        if site_path.startswith("vendor/"):
            copy_file(source, out / site_path)
    for package, folder in VENDORED.items():
        copy_file(NODE_MODULES / package / "LICENSE", out / folder / "LICENSE")


def remote_module_graph() -> dict[str, Path]:
    """Every module the page's remote modules import, directly or not, and themselves:
    {path in the site: source}. Only these of @noble's files ship (0.35 of their 0.85 MB)."""
    found: dict[str, Path] = {}
    todo = sorted(REMOTE_MODULES.glob("*.mjs"))
    while todo:
        source = todo.pop()
        site_path = site_path_of_module(source)
        if site_path in found:
            continue
        found[site_path] = source
        text = source.read_text(encoding="utf-8")
        if DYNAMIC_IMPORT.search(text):
            raise BuildError(f"{source} imports dynamically: the build cannot tell what to ship.")
        todo += [resolve_import(source, spec) for spec in STATIC_IMPORT.findall(text)]
    return dict(sorted(found.items()))


def resolve_import(importer: Path, specifier: str) -> Path:
    """The file an import in `importer` names: relative, or a subpath of a VENDORED package
    that its exports map to itself (as the import map maps it)."""
    if specifier.startswith(("./", "../")):
        target = (importer.parent / specifier).resolve()
    else:
        package = next((p for p in VENDORED if specifier.startswith(p + "/")), None)
        if package is None:
            raise BuildError(f"{importer} imports {specifier!r}: no import map entry for it.")
        subpath = "./" + specifier.removeprefix(package + "/")
        manifest = json.loads((NODE_MODULES / package / "package.json").read_text())
        if manifest.get("exports", {}).get(subpath) != subpath:
            raise BuildError(f"{package} does not export {subpath} as itself (the import map).")
        target = (NODE_MODULES / package / subpath).resolve()
    if not target.is_file():
        raise BuildError(f"{importer} imports {specifier!r}, which is not there: run `npm ci`.")
    return target


def site_path_of_module(source: Path) -> str:
    source = source.resolve()
    if source.is_relative_to(REMOTE_MODULES.resolve()):
        return source.relative_to(ROOT.resolve()).as_posix()
    for package, folder in VENDORED.items():
        package_dir = (NODE_MODULES / package).resolve()
        if source.is_relative_to(package_dir):
            return f"{folder}/{source.relative_to(package_dir).as_posix()}"
    raise BuildError(f"{source}: a module outside web/remote/ and the vendored packages.")


def shipped_python(sources: dict[str, bytes], bytecode: dict[str, bytes]) -> dict[str, bytes]:
    """What app.zip holds of each module: one form only, to keep the first visit small.

    A module imported after the first screen (LATER_MODULES) ships as source, its
    docstrings blanked (`without_docstrings`); the rest, which the boot imports, ship as
    bytecode alone, in the legacy place beside where the source would be
    (``core.pyc``), the only place Python imports a module without its source from.
    Tracebacks still name their files and lines.
    """
    shipped = {}
    for name, data in sources.items():
        if name in DEVELOPER_MODULES:
            continue
        if LATER_MODULES.match(name):
            shipped[name] = without_docstrings(data.decode("utf-8")).encode("utf-8")
            continue
        folder, _, file = name.rpartition("/")
        stem = file.removesuffix(".py")
        cached = [n for n in bytecode if n.startswith(f"{folder}/__pycache__/{stem}.")]
        if len(cached) != 1:
            raise BuildError(f"expected one .pyc for {name}, got {cached}")
        shipped[f"{folder}/{stem}.pyc"] = bytecode[cached[0]]
    return shipped


def without_docstrings(source: str) -> str:
    """`source` with every docstring's lines blank (a lone docstring becomes ``pass``):
    smaller, and every other line keeps its number for tracebacks."""
    lines = source.split("\n")
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None) if isinstance(node, documented) else None
        if not body or not isinstance(body[0], ast.Expr):
            continue
        docstring = body[0]
        if not isinstance(docstring.value, ast.Constant) or not isinstance(
            docstring.value.value, str
        ):
            continue
        first, last = docstring.lineno - 1, (docstring.end_lineno or docstring.lineno) - 1
        if lines[last][docstring.end_col_offset or 0 :].strip():
            continue  # something follows on its last line: leave it be
        for number in range(first, last + 1):
            lines[number] = ""
        if len(body) == 1:
            lines[first] = " " * docstring.col_offset + "pass"
    return "\n".join(lines)


def cached_browser_bytecode(sources: list[Path]) -> tuple[dict[str, bytes], int]:
    """browser_bytecode, compiling only the files not in the cache; also how many it compiled.

    Compiling a file alone or among others gives the same bytes, so the cache keeps
    the build deterministic (checked: all 43 files alone and in one run). The cache
    keeps the PYC_CACHE_SIZE most recently used entries.
    """
    compiler = compiler_hash()
    keys = {}
    for source in sources:
        relative = source.relative_to(ROOT).as_posix()
        digest = hashlib.sha256(f"{compiler}\0{relative}\0".encode())
        digest.update(source.read_bytes())
        keys[source] = digest.hexdigest()
    missing = [source for source in sources if not (PYC_CACHE / keys[source]).is_dir()]
    if missing:
        fresh = browser_bytecode(missing)
        for source in missing:
            relative = source.relative_to(ROOT)
            stem = f"{relative.parent.as_posix()}/__pycache__/{relative.stem}."
            store_in_cache(keys[source], {n: d for n, d in fresh.items() if n.startswith(stem)})
    bytecode = {}
    for source in sources:
        folder = PYC_CACHE / keys[source]
        for path in folder.rglob("*.pyc"):
            bytecode[path.relative_to(folder).as_posix()] = path.read_bytes()
    prune_cache(set(keys.values()))
    return bytecode, len(missing)


def prune_cache(used: set[str]) -> None:
    """Mark `used` entries as just used; drop the least recently used beyond PYC_CACHE_SIZE."""
    for key in used:
        os.utime(PYC_CACHE / key)
    entries = [entry for entry in PYC_CACHE.iterdir() if not entry.name.startswith(".")]
    entries.sort(key=lambda entry: entry.stat().st_mtime_ns, reverse=True)
    for entry in entries[PYC_CACHE_SIZE:]:
        if entry.name not in used:
            shutil.rmtree(entry, ignore_errors=True)


def store_in_cache(key: str, bytecode: dict[str, bytes]) -> None:
    if len(bytecode) != 1:
        raise BuildError(f"expected one .pyc per source, got {sorted(bytecode)}")
    PYC_CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=PYC_CACHE, prefix=".new-"))
    for name, data in bytecode.items():
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / name).write_bytes(data)
    try:
        staging.rename(PYC_CACHE / key)
    except OSError:  # another build stored it first
        shutil.rmtree(staging, ignore_errors=True)


def compiler_hash() -> str:
    """What the browser's bytecode depends on besides its source: the compiler and runtime."""
    digest = hashlib.sha256()
    for path in (COMPILE_PYC, *(PYODIDE_DIST / name for name in PYODIDE_FILES)):
        digest.update(path.name.encode() + b"\0" + file_hash(path))
    return digest.hexdigest()


def browser_bytecode(sources: list[Path]) -> dict[str, bytes]:
    """{zip path: .pyc bytes} compiled by Pyodide's Python under Node (tools/compile_pyc.mjs)."""
    with tempfile.TemporaryDirectory() as folder:
        relative = [source.relative_to(ROOT).as_posix() for source in sources]
        done = subprocess.run(
            ["node", str(COMPILE_PYC), folder, *relative], capture_output=True, text=True
        )
        if done.returncode != 0:
            raise BuildError(f"compiling Python for the browser failed:\n{done.stderr}")
        out = Path(folder)
        return {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("*.pyc")}


def python_sources() -> list[Path]:
    sources = []
    for folder in PYTHON_SOURCE_DIRS:
        for path in files_under(ROOT / folder):
            relative_parts = path.relative_to(ROOT).parts
            is_test = SKIPPED_PARTS.intersection(relative_parts) or path.name.startswith("test_")
            if path.suffix == ".py" and not is_test:
                sources.append(path)
    return sources


def write_service_worker(site: Path) -> str:
    """(Re)generate site/sw.js from the template; return the new VERSION.

    VERSION is a hash of every other file in the site, so any content change
    produces a new cache name and the old cache is dropped on activation. PRECACHE is
    every file players may need but those only remote games load (under the ON_DEMAND
    prefixes, also stamped in), which the worker caches when first fetched (they would
    be a first visit's bytes otherwise).
    """
    files = [path.relative_to(site).as_posix() for path in files_under(site)]
    files = [url for url in files if url != "sw.js" and not url.startswith(DEVELOPER_ONLY)]
    precache = [url for url in files if not url.startswith(ON_DEMAND)]
    version = content_hash(site, files)
    script = SW_TEMPLATE.read_text(encoding="utf-8")
    for mark in (SW_VERSION_MARK, SW_PRECACHE_MARK, SW_ON_DEMAND_MARK):
        if mark not in script:
            raise BuildError(f"sw.js template lost its {mark} placeholder.")
    script = script.replace(SW_VERSION_MARK, json.dumps(version))
    script = script.replace(SW_PRECACHE_MARK, json.dumps(["./", *precache], indent=2))
    script = script.replace(SW_ON_DEMAND_MARK, json.dumps(list(ON_DEMAND)))
    (site / "sw.js").write_text(script, encoding="utf-8")
    stamp_snapshot_key(site / "sw.js", snapshot_key(site))
    return version


def content_hash(site: Path, relative_urls: list[str]) -> str:
    digest = hashlib.sha256(SW_TEMPLATE.read_bytes())
    for url in relative_urls:
        digest.update(url.encode() + b"\0")
        digest.update(hashlib.sha256((site / url).read_bytes()).digest())
    return digest.hexdigest()[:16]


def files_under(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.name != ".DS_Store"
    )


# What may go from our HTML and CSS without changing a page: comments, and the
# indentation of lines outside <pre> (a line break stays, so words stay apart).
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
PRE_BLOCK = re.compile(r"(<pre\b.*?</pre>)", re.S)


def copy_compacted(source: Path, target: Path) -> None:
    """Copy `source`, an HTML or CSS file without its comments and indentation."""
    if source.suffix not in (".html", ".css"):
        copy_file(source, target)
        return
    text = source.read_text(encoding="utf-8")
    if source.suffix == ".css":
        compact = without_indentation(CSS_COMMENT.sub("", text))
    else:
        parts = PRE_BLOCK.split(HTML_COMMENT.sub("", text))
        compact = "".join(
            part if part.startswith("<pre") else without_indentation(part) for part in parts
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(compact, encoding="utf-8")


def without_indentation(text: str) -> str:
    lines = [line.strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line) + ("\n" if text.endswith("\n") else "")


def copy_file(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def site_is_stale(out: Path = DEFAULT_OUT) -> bool:
    """True when `out` is not the unchanged result of building the current inputs (the app)."""
    if not (out / "sw.js").is_file() or not (out / "index.html").is_file():
        return True
    try:
        check_inputs()
    except BuildError:
        return True
    return not is_up_to_date(out, inputs_hash(require_index=True))


def build_inputs() -> list[Path]:
    """Every file a build reads (a superset: an extra file only costs a rebuild)."""
    inputs = [ROOT / name for name in ("index.html", "manifest.webmanifest", "sw-register.js")]
    inputs += [SW_TEMPLATE, ROOT / "package-lock.json", Path(__file__), COMPILE_PYC, COMPILE_STDLIB]
    inputs += files_under(PYSCRIPT_PYTHON)
    for folder in ("assets", "bench", *PYTHON_SOURCE_DIRS):
        inputs += files_under(ROOT / folder)
    inputs += [PYODIDE_DIST / name for name in PYODIDE_FILES]
    inputs += [path for path in files_under(PYSCRIPT_DIST) if path.parent == PYSCRIPT_DIST]
    inputs += [PYODIDE_DIST / "package.json"]
    for package in VENDORED:  # what ships of it is found from web/remote/*.mjs
        folder = NODE_MODULES / package
        inputs += [folder / "package.json", folder / "LICENSE", *folder.rglob("*.js")]
    return [path for path in inputs if path.is_file()]


def inputs_hash(require_index: bool) -> str:
    """The content hash of every input, their paths, and the build options."""
    digest = hashlib.sha256(f"format={STAMP_FORMAT} index={require_index}\n".encode())
    for path in sorted(set(build_inputs())):
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        digest.update(name.encode() + b"\0" + file_hash(path))
    return digest.hexdigest()


def file_hash(path: Path) -> bytes:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").digest()


def stamp_path(out: Path) -> Path:
    """Where the last build of `out` noted its inputs and output (outside `out`)."""
    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]
    return CACHE / "stamps" / f"{name}.json"


def output_listing(out: Path) -> dict[str, list[int]]:
    """Each output file's size and modification time: any change to `out` shows here."""
    listing = {}
    for path in files_under(out):
        stat = path.stat()
        listing[path.relative_to(out).as_posix()] = [stat.st_size, stat.st_mtime_ns]
    return listing


def is_up_to_date(out: Path, inputs: str) -> bool:
    """True when `out` is, untouched, what a build of `inputs` wrote."""
    try:
        stamp = json.loads(stamp_path(out).read_text())
    except (OSError, ValueError):
        return False
    if not isinstance(stamp, dict) or stamp.get("inputs") != inputs:
        return False
    return out.is_dir() and stamp.get("output") == output_listing(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--fresh", action="store_true", help="ignore the caches: build all")
    args = parser.parse_args(argv)
    try:
        outcome = build_site(args.out, fresh=args.fresh)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(outcome.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
