// Compiles the app's Python files to bytecode with the browser's own Python
// (node_modules/pyodide), so the page imports them without compiling first.
// Usage: node tools/compile_pyc.mjs OUT_DIR FILE...   (FILEs relative to the repo)
// Writes OUT_DIR/<folder>/__pycache__/<name>.<cache tag>.pyc for each FILE.
// The .pyc files are "unchecked-hash": Python uses them without comparing them
// with the source, so they stay valid whatever times the unpacked files get.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
// Where PyScript unpacks app.zip in the browser: tracebacks name the files there.
const HOME = "/home/pyodide/";
const [outDir, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });

const compile = pyodide.runPython(`
import importlib.util, py_compile

def compile_one(path, source):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(source)
    mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
    target = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=target, dfile=path, doraise=True, invalidation_mode=mode)
    return target

compile_one
`);

for (const file of files) {
  const unpacked = HOME + file;
  pyodide.FS.mkdirTree(dirname(unpacked));
  const compiled = compile(unpacked, readFileSync(join(repo, file), "utf8"));
  const relative = compiled.slice(HOME.length);
  mkdirSync(join(outDir, dirname(relative)), { recursive: true });
  writeFileSync(join(outDir, relative), pyodide.FS.readFile(compiled));
}
compile.destroy();
