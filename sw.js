// Service worker: the whole site works offline after one visit.
// Template: `./dev build` fills VERSION and PRECACHE into _site/sw.js.
const VERSION = "__VERSION__";
const PRECACHE = [/* __PRECACHE__ */];

const CACHE_PREFIX = "ff-";
const CACHE_NAME = CACHE_PREFIX + VERSION;
// URLs are relative to the scope so the site works under a sub-path (GitHub Pages).
const scopeUrl = (path) => new URL(path, self.registration.scope).href;
const INDEX_URL = scopeUrl("index.html");

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // "no-cache": revalidate what the HTTP cache holds, which may be the previous deploy.
      await cache.addAll(PRECACHE.map((path) => new Request(scopeUrl(path), { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

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
    return await fetch(request);
  } catch (error) {
    const index = isNavigation && (await cache.match(INDEX_URL));
    if (index) {
      return index;
    }
    throw error;
  }
}
