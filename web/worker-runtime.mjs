// Boots the app's Python in a Worker: the same Pyodide files as the page, the
// standard library the page uses (its address comes from the page), and app.zip
// unpacked where PyScript puts it (the working folder), so `import pygames` works.
// Used by the snapshot worker and the computer's worker.
import "./without-stack-switching.mjs";
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
const APP_ZIP = new URL("../app.zip", import.meta.url).href;

export async function bootApp(stdLibURL, options = {}) {
  const interpreter = await loadPyodide({ indexURL, stdLibURL, ...options });
  const response = await fetch(APP_ZIP);
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  interpreter.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "./" });
  return interpreter;
}
