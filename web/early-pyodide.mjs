// Starts Pyodide's boot as soon as the page's module scripts run, instead of
// after PyScript has loaded its own modules and set up (about 0.2 s later).
// PyScript's config names this module as its "interpreter": it exports the two
// names PyScript uses from pyodide.mjs and hands over the boot already under way.
//
// Warm boot: after a normal boot, once the page is idle, web/snapshot-worker.mjs
// makes a memory snapshot of a booted interpreter with the app imported, and the
// service worker keeps it in its versioned cache. The next visit restores that
// snapshot instead of initialising Python. Pyodide's snapshot options are private
// and experimental, so any doubt means a normal boot: snapshots switched off
// (`?nosnapshot`, or localStorage "ff:snapshot" = "off"), a browser without the
// APIs, no snapshot for this exact build, one over the size limit, one that
// failed before, or a restore that fails or restores something else.
// <html data-boot="snapshot|fresh" data-boot-reason=...> says which boot ran and
// why; data-snapshot="making|stored|refused|failed" follows the making.
import "./without-stack-switching.mjs";
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
// Pyodide's standard library with bytecode for the modules the app uses (tools/build.py):
// the start-up imports them without compiling them first.
const stdLibURL = new URL("python_stdlib_compiled.zip", indexURL).href;
// Stamped by tools/build.py: Pyodide's version and a hash of the runtime files,
// app.zip and the snapshot worker. The service worker holds the same key and
// stores only snapshots made for it, in a cache that the next deploy deletes.
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const SNAPSHOT_MAX_BYTES = Number("__SNAPSHOT_MAX_BYTES__");
const SNAPSHOT_URL = new URL(`../snapshot/${SNAPSHOT_KEY}.bin`, import.meta.url).href;
const SWITCH = "ff:snapshot"; // "off": never restore or make snapshots
const FAILED = "ff:snapshot-failed"; // the key whose snapshot failed: not tried again
// Set (for this tab) while a restored page has not reached ready: a reload after a
// restore that broke the page boots normally, and two tabs never see each other's.
const PENDING = "ff:snapshot-pending";
const html = document.documentElement;

const inStorage = (area) => ({
  get(name) {
    try {
      return globalThis[area].getItem(name);
    } catch {
      return null;
    }
  },
  set(name, value) {
    try {
      if (value === null) globalThis[area].removeItem(name);
      else globalThis[area].setItem(name, value);
    } catch {
      // Storage disabled: the page cannot remember, which only costs speed.
    }
  },
});
const storage = inStorage("localStorage");
const tabStorage = inStorage("sessionStorage");

// Why no snapshot may be used or made on this page ("" = it may).
function snapshotsBlocked() {
  if (SNAPSHOT_KEY.startsWith("__")) return "unbuilt";
  if (new URLSearchParams(location.search).has("nosnapshot") || storage.get(SWITCH) === "off") {
    return "off";
  }
  const needed = [
    globalThis.caches,
    globalThis.Worker,
    globalThis.MessageChannel,
    globalThis.localStorage,
    globalThis.sessionStorage,
    navigator.serviceWorker,
  ];
  if (!needed.every(Boolean) || !window.isSecureContext) return "unsupported";
  if (storage.get(FAILED) === SNAPSHOT_KEY) return "failed-before";
  return "";
}

function giveUp(reason, error) {
  if (error) console.warn(`Memory snapshot not used (${reason}):`, error);
  storage.set(FAILED, SNAPSHOT_KEY);
  tabStorage.set(PENDING, null);
  deleteSnapshot();
  return reason;
}

async function deleteSnapshot() {
  try {
    for (const name of await caches.keys()) {
      await (await caches.open(name)).delete(SNAPSHOT_URL);
    }
  } catch {
    // Nothing to delete, or no access: it is never restored anyway (FAILED).
  }
}

// The stored snapshot's bytes, or the reason there are none to use.
async function findSnapshot() {
  if (tabStorage.get(PENDING) === SNAPSHOT_KEY) return giveUp("unfinished");
  if (!navigator.serviceWorker.controller) return "none";
  const response = await caches.match(SNAPSHOT_URL);
  if (!response) return "none";
  const blob = await response.blob();
  if (blob.size > SNAPSHOT_MAX_BYTES) return giveUp("too-large");
  return new Uint8Array(await blob.arrayBuffer());
}

async function restore(snapshot) {
  tabStorage.set(PENDING, SNAPSHOT_KEY);
  const interpreter = await pyodide.loadPyodide({ indexURL, stdLibURL, _loadSnapshot: snapshot });
  // (Expressions only: nothing is left in the namespace PyScript runs main.py in.)
  const key = interpreter.runPython("getattr(__import__('web'), '_snapshot_key', None)");
  if (key !== SNAPSHOT_KEY) throw new Error(`snapshot holds ${key}, not ${SNAPSHOT_KEY}`);
  // The snapshot froze the state of `random` as it was seeded in the worker.
  interpreter.runPython("__import__('random').seed()");
  return interpreter;
}

async function boot() {
  let reason;
  try {
    reason = snapshotsBlocked();
  } catch {
    reason = "unsupported"; // e.g. storage that throws when touched
  }
  if (!reason) {
    let found;
    try {
      found = await findSnapshot();
    } catch (error) {
      found = giveUp("unreadable", error);
    }
    if (typeof found === "string") {
      reason = found;
    } else {
      try {
        const interpreter = await restore(found);
        html.dataset.boot = "snapshot";
        whenReady(() => tabStorage.set(PENDING, null));
        return interpreter;
      } catch (error) {
        reason = giveUp("restore-failed", error);
      }
    }
  }
  const interpreter = await pyodide.loadPyodide({ indexURL, stdLibURL });
  html.dataset.boot = "fresh";
  html.dataset.bootReason = reason;
  if (reason === "none") {
    try {
      whenReady(() => whenControlled(() => whenIdle(makeSnapshot)));
    } catch (error) {
      console.warn("No memory snapshot will be made:", error);
    }
  }
  return interpreter;
}

function whenReady(then) {
  if (html.hasAttribute("data-ready")) return then();
  const observer = new MutationObserver(() => {
    if (html.hasAttribute("data-ready")) {
      observer.disconnect();
      then();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
}

// The service worker owns the cache: wait until one controls the page (on a first
// visit, once sw-register.js registered it and it finished precaching).
function whenControlled(then) {
  if (navigator.serviceWorker.controller) return then();
  navigator.serviceWorker.addEventListener("controllerchange", () => then(), { once: true });
}

function whenIdle(then) {
  if (globalThis.requestIdleCallback) requestIdleCallback(() => then(), { timeout: 5000 });
  else setTimeout(then, 1000);
}

// The snapshot (tens of MB) never passes through this page: the worker sends it to the
// service worker over a channel of their own, so copying it out of this agent (a
// service worker is another one) costs the worker's thread, not the page's.
function makeSnapshot() {
  html.dataset.snapshot = "making";
  const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
  const fail = (error) => {
    worker.terminate();
    giveUp("make-failed", error);
    html.dataset.snapshot = "failed";
  };
  let unanswered = 0;
  worker.onerror = (event) => fail(event.message || "the worker failed to start");
  worker.onmessage = ({ data }) => {
    if (data.error) return fail(data.error);
    if (data.made !== undefined) {
      if (data.made > SNAPSHOT_MAX_BYTES) return fail("over the size limit");
      const controller = navigator.serviceWorker.controller;
      if (!controller) return fail("no service worker controls the page");
      const channel = new MessageChannel();
      controller.postMessage({ type: "ff:snapshot-channel", key: SNAPSHOT_KEY }, [channel.port2]);
      worker.postMessage({ store: channel.port1 }, [channel.port1]);
      // A service worker that never answers (another version's) must not keep the
      // worker and its copy of Python alive.
      unanswered = setTimeout(() => fail("the service worker did not answer"), 90_000);
      return;
    }
    clearTimeout(unanswered);
    worker.terminate();
    html.dataset.snapshot = data.stored ? "stored" : "refused";
  };
  worker.postMessage({ key: SNAPSHOT_KEY, stdLibURL });
}

const booting = boot().then((interpreter) => {
  // Both: web/boot.js may run after this (it waits for the page to be parsed).
  html.dataset.runtime = "loaded";
  dispatchEvent(new CustomEvent("ff:runtime-loaded"));
  return interpreter;
});

// A saved game opened by its address (a reload, a phone's tab brought back) may well have a
// computer to move: where the device has cores to spare, the computer's worker boots beside
// the page's Python instead of after it. web/computer.py takes it over
// (`take_early_worker`) or stops it once the game opened needs none; until then its boot's
// end is noted here. <html data-computer-early="started|taken|dropped">: for tests.
const SAVED_GAME = "#g="; // web/app.py's SAVE_PREFIX
const EARLY_WORKER_CORES = 4;

function startComputerEarly() {
  const wanted =
    location.hash.startsWith(SAVED_GAME) &&
    (navigator.hardwareConcurrency || 1) >= EARLY_WORKER_CORES &&
    !new URLSearchParams(location.search).has("noworker");
  if (!wanted) return;
  let worker;
  try {
    worker = new Worker(new URL("computer-worker.mjs", import.meta.url), { type: "module" });
  } catch {
    return; // no module workers: the page searches itself
  }
  const early = { worker, state: "booting", reason: "" };
  const fail = (reason) => Object.assign(early, { state: "failed", reason: String(reason) });
  worker.onmessage = ({ data }) => {
    if (data.ready) early.state = "ready";
    else if ("failed" in data) fail(data.failed);
  };
  worker.onerror = (event) => fail(event.message || "the worker stopped");
  worker.postMessage({ boot: stdLibURL });
  globalThis.ffEarlyComputer = early;
  html.dataset.computerEarly = "started";
}

startComputerEarly();

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
