// The page's service worker: keeps a copy of every file of the page, so that the page opens
// and solves offline after the first visit (its API is then answered in the browser, see
// core.js). Files come from the network first (a new version shows as soon as it is served),
// from the copy when the network fails. API calls are never cached or answered here.
"use strict";

const CACHE = "rubik-page-v1";
/** Every file of the page, relative to this worker's folder ("./" is the page itself). */
const FILES = [
  "./", "style.css", "scan.css", "i18n.js", "core.js", "cube.js", "app.js", "goals.js", "scan.js",
  "worker.js", "playback.js", "drag.js", "caseview.js", "timer.js", "trainer.js", "rubik_wasm.js", "rubik_wasm_bg.wasm", "favicon.svg", "manifest.webmanifest",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const scope = new URL(self.registration.scope);
  if (event.request.method !== "GET" || url.origin !== scope.origin) return;
  if (!url.pathname.startsWith(scope.pathname) || url.pathname.includes("/api/")) return;
  // The exported tables are kept by the solving worker in IndexedDB, not twice.
  if (url.pathname.startsWith(scope.pathname + "tables/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(event.request);
      if (fresh.ok) await cache.put(event.request, fresh.clone());
      return fresh;
    } catch (e) {
      const kept = await cache.match(event.request, { ignoreSearch: true });
      if (kept) return kept;
      throw e;
    }
  })());
});
