// Makes the memory snapshot that web/early-pyodide.mjs restores on later visits.
// Runs in a dedicated Worker, started when the page is idle after a normal boot,
// so the page's own interpreter is never disturbed: it boots a second Pyodide
// with `_makeSnapshot` from the same files (the page sends the address of its
// standard library), unpacks app.zip where PyScript puts it (the working folder),
// imports the app and the rules engine, and sends the memory image back. Pyodide
// calls the option private and experimental: any error here only means "no
// snapshot", and the page boots normally.
import { bootApp } from "./worker-runtime.mjs";

// Python may keep references to JavaScript objects in a snapshot only when they
// are reached from the globals (Pyodide records the path, e.g. ["document"], and
// looks it up again in the page that restores). A worker has no document, and
// web/dom.py reads `js.document` when imported: this stand-in is only ever
// stored as that path, so the page's real document takes its place on restore.
// So code that runs at import must keep JavaScript objects (restored by path), never
// values copied from them (a string from `js.location` would be the worker's).
const standInDocument = {};
const jsglobals = new Proxy(globalThis, {
  get: (target, name) => (name === "document" ? standInDocument : Reflect.get(target, name)),
  has: (target, name) => name === "document" || Reflect.has(target, name),
});

// What the snapshot holds besides Pyodide itself; `web._snapshot_key` lets the
// page check, after restoring, that it restored what it asked for.
const prepare = (key) => `
import web.app
web.app.preload_engine()
import web
web._snapshot_key = ${JSON.stringify(key)}
`;

// First the page asks for a snapshot: the answer is its size. Then the page sends a
// port to the service worker: the snapshot goes there, and the service worker's
// answer ({ stored }) comes back to the page.
let snapshot = null;
onmessage = async ({ data }) => {
  if (data.store) return sendToStore(data.store);
  const { key, stdLibURL } = data;
  try {
    const interpreter = await bootApp(stdLibURL, { jsglobals, _makeSnapshot: true });
    interpreter.runPython(prepare(key));
    snapshot = interpreter.makeMemorySnapshot().buffer;
    postMessage({ key, made: snapshot.byteLength });
  } catch (error) {
    postMessage({ key, error: String(error?.stack || error) });
  }
};

function sendToStore(port) {
  port.onmessage = ({ data }) => postMessage({ stored: Boolean(data?.stored) });
  port.postMessage({ snapshot }, [snapshot]);
  snapshot = null;
}
