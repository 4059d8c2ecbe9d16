"""Build the static site into _site/ (see README.md, "Layout of _site").

Usage: python tools/build.py [--out DIR]

The output is deterministic: building twice from the same sources gives the
same bytes, so the service-worker VERSION only changes when content does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "_site"
NODE_MODULES = ROOT / "node_modules"
COMPILE_PYC = ROOT / "tools" / "compile_pyc.mjs"

# Exactly what Pyodide fetches while booting (checked against a request log).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIST = NODE_MODULES / "pyodide"

PYTHON_SOURCE_DIRS = ["pygames", "web"]
SKIPPED_PARTS = {"__pycache__", "tests"}

SW_TEMPLATE = ROOT / "sw.js"
SW_VERSION_MARK = '"__VERSION__"'
SW_PRECACHE_MARK = "[/* __PRECACHE__ */]"

# A fixed timestamp keeps app.zip byte-identical between builds.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build input is missing; the message says how to fix it."""


def build(out: Path = DEFAULT_OUT, require_index: bool = True) -> Path:
    """Build the whole site into `out` (replacing it) and return `out`.

    require_index=False lets the benchmark build a bare-Pyodide-only site while
    the app page does not exist yet.
    """
    check_inputs(require_index)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_static_files(out)
    copy_runtimes(out)
    write_app_zip(out / "app.zip")
    write_service_worker(out)
    return out


def check_inputs(require_index: bool = True) -> None:
    if require_index and not (ROOT / "index.html").is_file():
        raise BuildError("index.html is missing at the repository root.")
    for needed in (PYODIDE_DIST / "pyodide.mjs", PYSCRIPT_DIST / "core.js"):
        if not needed.is_file():
            raise BuildError(f"{needed} is missing: run `npm ci` (or `./dev build`).")


def copy_static_files(out: Path) -> None:
    for name in ("index.html", "manifest.webmanifest", "sw-register.js"):
        if (ROOT / name).is_file():
            copy_file(ROOT / name, out / name)
    for folder in ("assets", "bench"):
        for source in files_under(ROOT / folder):
            copy_file(source, out / source.relative_to(ROOT))
    for source in files_under(ROOT / "web"):
        if source.suffix != ".py":
            copy_file(source, out / source.relative_to(ROOT))
    # PyScript fetches <script type="py" src="web/main.py"> itself, so the
    # entry point is served as a file as well as shipped inside app.zip.
    main_py = ROOT / "web" / "main.py"
    if main_py.is_file():
        copy_file(main_py, out / "web" / "main.py")


def copy_runtimes(out: Path) -> None:
    for name in PYODIDE_FILES:
        copy_file(PYODIDE_DIST / name, out / "runtime" / "pyodide" / name)
    # core.js lazily imports chunks (toml, zip, error, ...): ship them all but no maps.
    for source in sorted(PYSCRIPT_DIST.iterdir()):
        if source.suffix in (".js", ".css") and source.name != "service-worker.js":
            copy_file(source, out / "runtime" / "pyscript" / source.name)


def write_app_zip(zip_path: Path) -> None:
    """Every Python source, and its bytecode for the browser's Python (imports skip compiling)."""
    sources = python_sources()
    entries = {source.relative_to(ROOT).as_posix(): source.read_bytes() for source in sources}
    entries.update(browser_bytecode(sources))
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(entries.items()):
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)


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
    produces a new cache name and the old cache is dropped on activation.
    """
    precache = [path.relative_to(site).as_posix() for path in files_under(site)]
    precache = [url for url in precache if url != "sw.js"]
    version = content_hash(site, precache)
    script = SW_TEMPLATE.read_text(encoding="utf-8")
    for mark in (SW_VERSION_MARK, SW_PRECACHE_MARK):
        if mark not in script:
            raise BuildError(f"sw.js template lost its {mark} placeholder.")
    script = script.replace(SW_VERSION_MARK, json.dumps(version))
    script = script.replace(SW_PRECACHE_MARK, json.dumps(["./", *precache], indent=2))
    (site / "sw.js").write_text(script, encoding="utf-8")
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


def copy_file(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def site_is_stale(out: Path = DEFAULT_OUT) -> bool:
    """True when `out` is missing, lacks the app page, or a build input is newer."""
    built = out / "sw.js"
    if not built.is_file() or not (out / "index.html").is_file():
        return True
    built_at = built.stat().st_mtime
    return any(path.stat().st_mtime > built_at for path in build_inputs())


def build_inputs() -> list[Path]:
    inputs = [ROOT / name for name in ("index.html", "manifest.webmanifest", "sw-register.js")]
    inputs += [SW_TEMPLATE, ROOT / "package-lock.json", Path(__file__), COMPILE_PYC]
    for folder in ("assets", "bench", *PYTHON_SOURCE_DIRS):
        inputs += files_under(ROOT / folder)
    return [path for path in inputs if path.exists()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    try:
        out = build(args.out)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    files = files_under(out)
    size = sum(path.stat().st_size for path in files)
    print(f"built {out} ({len(files)} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
