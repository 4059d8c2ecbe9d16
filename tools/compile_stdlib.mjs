// Writes Pyodide's standard library with bytecode for the modules the app uses, so
// the browser's Python imports them without compiling first (Pyodide ships the
// library as source, and compiling what its own start-up imports is most of the time
// a bare Pyodide page takes to boot). The same idea as Pyodide's "pyc" distribution,
// limited to the modules the app imports, so the library stays close to its size.
//
// Usage: node tools/compile_stdlib.mjs OUT_ZIP MODULE...
// The modules used = what Pyodide's start-up imports, plus MODULE... and everything
// they import (found by importing them here, with the browser's own Python). Each of
// those ships as an "unchecked-hash" .pyc alone, in the legacy place beside where its
// source would be (`json/decoder.pyc`), which zipimport loads without the source;
// every other file of the library is copied as it is.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const [outZip, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });

const compileLibrary = pyodide.runPython(`
import importlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# A fixed timestamp keeps the archive byte-identical between builds.
DATE = (2020, 1, 1, 0, 0, 0)


def library_zip():
    return next(path for path in sys.path if path.endswith(".zip"))


def used_sources(library, modules):
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # e.g. a module for another platform: it stays source
    prefix = library + "/"
    files = (getattr(module, "__file__", None) or "" for module in list(sys.modules.values()))
    return {file[len(prefix):] for file in files if file.startswith(prefix)}


def bytecode(source, path):
    code = compile(source, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def write(out_path, modules):
    library = library_zip()
    used = used_sources(library, modules)
    compiled = 0
    with zipfile.ZipFile(library) as source, zipfile.ZipFile(out_path, "w") as out:
        for info in source.infolist():
            name, data = info.filename, source.read(info)
            if name in used:
                name, data = name + "c", bytecode(data, f"{library}/{name}")
                compiled += 1
            entry = zipfile.ZipInfo(name, date_time=DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            out.writestr(entry, data, compresslevel=9)
    return compiled

write
`);

const compiled = compileLibrary("/tmp/library.zip", pyodide.toPy(modules));
writeFileSync(outZip, pyodide.FS.readFile("/tmp/library.zip"));
console.log(`${compiled} modules as bytecode`);
compileLibrary.destroy();
