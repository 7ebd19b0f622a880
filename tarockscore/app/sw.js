// The service worker: every file of the site kept in the browser's cache, so that the page, the
// engine and the profiles open with no network. `app build` writes the list and the cache's name
// (a hash of the files: a new build drops the old caches, the engine worker.js keeps among them).
const CACHE = "tarockscore-BUILD";
const FILES = [];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tarockscore-") && !n.startsWith(CACHE)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((found) => found || fetch(event.request)),
  );
});
