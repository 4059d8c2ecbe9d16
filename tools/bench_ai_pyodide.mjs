// The AI's iteration rate in Pyodide under Node: node tools/bench_ai_pyodide.mjs [game]
// Uses node_modules/pyodide (run `npm ci` first); prints the same line as bench_ai.py.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = join(repo, "node_modules", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error("node_modules/pyodide is missing: run `npm ci` first");
  process.exit(2);
}
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(repo, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      pyodide.FS.mkdirTree(target);
      copyTree(path);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree("/home/pyodide/pygames");
copyTree(join(repo, "pygames"));

const game = process.argv[2] || "fools-field";
const line = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from pygames.ai.bench import rates_line
f"Pyodide {sys.version.split()[0]}: " + rates_line(${JSON.stringify(game)})
`);
console.log(line);
