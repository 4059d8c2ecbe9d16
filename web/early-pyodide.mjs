// Starts Pyodide's boot as soon as the page's module scripts run, instead of
// after PyScript has loaded its own modules and set up (about 0.2 s later).
// PyScript's config names this module as its "interpreter": it exports the two
// names PyScript uses from pyodide.mjs and hands over the boot already under way.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
const booting = pyodide.loadPyodide({ indexURL }).then((interpreter) => {
  dispatchEvent(new CustomEvent("ff:runtime-loaded"));
  return interpreter;
});

export const version = pyodide.version;

export async function loadPyodide({ stdout, stderr, ...others } = {}) {
  const unsupported = Object.keys(others).filter((name) => name !== "indexURL");
  if (unsupported.length) {
    // Packages or a lock file in the config would need a boot with those options.
    throw new Error(`early-pyodide.mjs cannot apply: ${unsupported.join(", ")}`);
  }
  const interpreter = await booting;
  if (stdout) interpreter.setStdout({ batched: stdout });
  if (stderr) interpreter.setStderr({ batched: stderr });
  return interpreter;
}
