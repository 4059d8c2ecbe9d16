// Compiles the app's Python files to bytecode with the browser's own Python
// (node_modules/pyodide), so the page imports them without compiling first.
// Usage: node tools/compile_pyc.mjs OUT_DIR FILE...   (FILEs relative to the repo)
// Writes OUT_DIR/<folder>/__pycache__/<name>.<cache tag>.pyc for each FILE.
// The .pyc files are "unchecked-hash": Python uses them without comparing them
// with the source, so they stay valid whatever times the unpacked files get.
// Docstrings are left out of the bytecode (nothing in the page reads __doc__, and
// they are a fifth of its bytes); line numbers stay those of the source.
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
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None) if isinstance(node, DOCUMENTED) else None
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                body[0] = ast.copy_location(ast.Pass(), body[0]) if len(body) == 1 else None
                node.body = [statement for statement in body if statement is not None]
    return tree

def compile_one(path, source):
    code = compile(without_docstrings(ast.parse(source, path)), path, "exec", dont_inherit=True)
    target = importlib.util.cache_from_source(path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    source_hash = importlib.util.source_hash(source.encode("utf-8"))
    with open(target, "wb") as handle:
        handle.write(_code_to_hash_pyc(code, source_hash, checked=False))
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
