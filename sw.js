// Service worker: the whole site works offline after one visit.
// Template: `./dev build` fills VERSION and PRECACHE into _site/sw.js.
const VERSION = "__VERSION__";
const PRECACHE = [/* __PRECACHE__ */];
// Remote play's files (web/remote_kit.py: remote.zip, web/remote/, vendor/), by prefix:
// not precached (that would add them to every first visit), but cached when first
// fetched, and fetched again by the next version where this one holds them.
const ON_DEMAND = [/* __ON_DEMAND__ */];
// The memory snapshot this version accepts (see web/early-pyodide.mjs), stamped by the build.
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const SNAPSHOT_MAX_BYTES = Number("__SNAPSHOT_MAX_BYTES__");
const SNAPSHOT_WAIT_MS = 60_000; // from a page's offer to the snapshot's arrival

const CACHE_PREFIX = "ff-";
const CACHE_NAME = CACHE_PREFIX + VERSION;
// URLs are relative to the scope so the site works under a sub-path (GitHub Pages).
const scopeUrl = (path) => new URL(path, self.registration.scope).href;
const INDEX_URL = scopeUrl("index.html");
const isOnDemand = (url) => ON_DEMAND.some((path) => url.startsWith(scopeUrl(path)));

self.addEventListener("install", (event) => {
  routeFilesPastTheWorker(event);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // "no-cache": revalidate what the HTTP cache holds, which may be the previous deploy.
      await cache.addAll(PRECACHE.map((path) => new Request(scopeUrl(path), { cache: "no-cache" })));
      await refetchOnDemand(cache);
      await self.skipWaiting();
    })(),
  );
});

// The ON_DEMAND files older versions cached, for this one (best effort: a file that
// fails, or is new, is cached when a remote game fetches it).
async function refetchOnDemand(cache) {
  const urls = new Set();
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) {
      const old = await caches.open(name);
      (await old.keys()).forEach(({ url }) => isOnDemand(url) && urls.add(url));
    }
  }
  const again = [...urls].map((url) => cache.add(new Request(url, { cache: "no-cache" })));
  await Promise.allSettled(again);
}

// Where the browser offers static routes, requests are answered from this version's
// cache without starting this worker's script (a miss goes to the network): every
// file, and the page itself at the scope's URL or index.html with no query. Other
// page loads keep the fetch handler below, with its index.html fallback; so do the
// ON_DEMAND files, which it caches.
function routeFilesPastTheWorker(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") {
    return;
  }
  const source = { cacheName: CACHE_NAME };
  const scope = new URL(self.registration.scope);
  const at = (pathname) =>
    new URLPattern({
      protocol: scope.protocol.slice(0, -1),
      hostname: scope.hostname,
      port: scope.port,
      pathname: escapePattern(scope.pathname) + pathname,
      search: "",
    });
  const onDemand = ON_DEMAND.map((path) => ({
    condition: { urlPattern: at(escapePattern(path) + (path.endsWith("/") ? "*" : "")) },
    source: "fetch-event",
  }));
  const rules = [
    ...onDemand,
    { condition: { not: { requestMode: "navigate" } }, source },
    { condition: { requestMode: "navigate", urlPattern: at("{index.html}?") }, source },
  ];
  event.addRoutes(rules).catch((error) => console.warn("Static routes not used:", error));
}

const escapePattern = (text) => text.replace(/[\\:*?+(){}]/g, "\\$&");

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
      await Promise.all(stale.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// A page that booted normally has its snapshot worker send the snapshot here, over
// the channel whose port comes with this message (the page's thread never copies
// it). It is kept in this version's cache (so the next deploy deletes it) only when
// it was made for this version's exact runtime and app files, and is not over the
// size limit; the answer ({ stored }) goes back over the same channel.
self.addEventListener("message", (event) => {
  const { data } = event;
  const port = event.ports[0];
  if (data?.type === "ff:snapshot-channel" && port) {
    // Bounded: a snapshot that never comes (its worker died) must not keep this worker
    // busy, which would hold back the activation of the next version.
    const stored = new Promise((resolve) => {
      port.onmessage = ({ data: sent }) => {
        storeSnapshot(data.key, sent?.snapshot, port).then(resolve);
      };
    });
    const givenUp = new Promise((resolve) => setTimeout(resolve, SNAPSHOT_WAIT_MS));
    event.waitUntil(Promise.race([stored, givenUp]).then(() => port.close()));
  }
});

async function storeSnapshot(key, snapshot, reply) {
  let stored = false;
  const fits = snapshot instanceof ArrayBuffer && snapshot.byteLength <= SNAPSHOT_MAX_BYTES;
  if (key === SNAPSHOT_KEY && fits) {
    try {
      const cache = await caches.open(CACHE_NAME);
      const headers = { "Content-Type": "application/octet-stream" };
      await cache.put(scopeUrl(`snapshot/${key}.bin`), new Response(snapshot, { headers }));
      stored = true;
    } catch (error) {
      console.warn("Memory snapshot not stored:", error);
    }
  }
  reply.postMessage({ stored });
  reply.close();
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const isNavigation = request.mode === "navigate";
  const cached = await cache.match(request, { ignoreSearch: isNavigation });
  if (cached) {
    return cached;
  }
  try {
    const response = await fetch(request);
    if (response.ok && isOnDemand(request.url)) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const index = isNavigation && (await cache.match(INDEX_URL));
    if (index) {
      return index;
    }
    throw error;
  }
}
