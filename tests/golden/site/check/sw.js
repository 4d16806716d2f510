const BUILD = {
 "version": "ad966541aacbacc1",
 "files": [
  "./",
  "norm/",
  "rating/",
  "../static/search.js",
  "../static/style.css",
  "../static/messages.js",
  "../static/nav.js",
  "../static/check/check.css",
  "../static/check/common.js",
  "../static/check/check.js",
  "../static/check/norm.js",
  "../static/check/rating.js",
  "../static/check/cite.js",
  "../static/check/citations.json",
  "../static/check/bundle.json",
  "../static/check/players.json",
  "../static/pyodide/314.0.7/pyodide.mjs",
  "../static/pyodide/314.0.7/pyodide.asm.mjs",
  "../static/pyodide/314.0.7/pyodide.asm.wasm",
  "../static/bundle/cc66bcce277ddcce/pyodide-lock.json",
  "../static/bundle/cc66bcce277ddcce/worker.js",
  "../static/bundle/cc66bcce277ddcce/python_stdlib.zip",
  "../static/bundle/cc66bcce277ddcce/snapshot.bin"
 ]
};

/* The checker's service worker, at /check/sw.js (scope /check/), and one at
   /<lang>/check/sw.js for each language under /<lang>/ (docs/i18n.md): the
   checker works offline after a first visit. BUILD (above, written by
   sitegen.browser.pages) names this build's files; a rebuilt site has another
   BUILD, so the browser installs the new worker, which fetches the new
   files and deletes the old cache once it takes over.

   Files under content-hashed folders (the runtime, the site's bundle) and
   the player shards (fetched with their bytes' hash as the query: the
   cache key includes it) never change: served from the cache first. Everything
   else (pages, scripts, bundle.json, players.json) from the network first,
   from the cache when offline. Only this site's own GET requests. */

// One cache per scope: each language's /check/ (/check/, /it/check/) has
// its own worker, which replaces only its own older caches.
const PREFIX = "sitegen-check-" + self.registration.scope + "#";
const CACHE = PREFIX + BUILD.version;
const IMMUTABLE = /\/static\/(pyodide|bundle|players)\/[^/]+\//;

self.addEventListener("install", function (event) {
  const urls = BUILD.files.map(function (path) { return new URL(path, self.location.href).href; });
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(urls); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== CACHE && (name.indexOf(PREFIX) === 0 || /^sitegen-check-[0-9a-f]+$/.test(name));
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function remember(request, response) {
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
  }
  return response;
}

function cacheFirst(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) { return remember(request, response); });
  });
}

function networkFirst(request) {
  return fetch(request).then(function (response) { return remember(request, response); })
    .catch(function (error) {
      return caches.match(request, { ignoreSearch: true }).then(function (hit) {
        if (hit) { return hit; }
        throw error;
      });
    });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  event.respondWith(IMMUTABLE.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});
