// The site's service worker (site/sw.js, at the site's root so that its scope is the whole site, whatever
// sub-path the site is served from). The build (sitebuild/offline.py) writes it with BUILD on top: the
// build's version, the runtime's version (sitebuild/scripts.py) and the files kept for offline use with
// their SHA-256.
//
// - Install (after the page that registered it is idle): every listed file fetched past the browser's HTTP
//   cache, checked against its digest, and put in one cache named after the build. A file that does not
//   match (a server half-way through an update) fails the install: the site goes on as it was, and the
//   next visit tries again. So a cache holds one build, whole.
// - Waiting: a new build's worker waits until the reader accepts it ("Nova versão disponível", drawn by
//   assets/offline.js); then it takes over and the pages reload, all from the new build.
// - Activate: the caches of other builds, and the Python caches of other runtime versions, are deleted.
// - Fetch: a listed file from the cache; a page not in the cache while offline gets the offline page.
//   The Python runtime's files are answered from the runtime's cache, where the calculator's worker keeps
//   them once Python has started (src/worker/store.js: decoded, and the files that start the worker);
//   one that is not there is kept the first time it comes through here. The compressed twins (.zst, .gz)
//   are never kept: the decoded files are. Visitors who never start Python download none of it.

(function () {
  "use strict";

  const SITE_CACHE = `cotas-site-${BUILD.version}`;
  const RUNTIME_CACHE = `cotas-python-${BUILD.runtime}`;
  const OWN_PREFIXES = ["cotas-site-", "cotas-python-"];
  const ROOT = new URL("./", self.location.href);
  const LISTED = new Set(Object.keys(BUILD.files).map((path) => new URL(path, ROOT).href));
  const RUNTIME_DIRS = ["assets/pyodide/", "assets/calculadora/"].map((dir) => new URL(dir, ROOT).href);
  const OFFLINE_PAGE = new URL(BUILD.offline, ROOT).href;

  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

  // The file at path, fetched past the HTTP cache and checked against its digest: [address, response].
  async function fetchChecked(path, digest) {
    const url = new URL(path, ROOT).href;
    const response = await fetch(url, { cache: "reload" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const got = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
    if (got !== digest) throw new Error(`${path}: não é o arquivo desta versão do site`);
    return [url, response];
  }

  async function precache() {
    const fetched = await Promise.all(Object.entries(BUILD.files).map(([path, digest]) => fetchChecked(path, digest)));
    const cache = await caches.open(SITE_CACHE);
    await Promise.all(fetched.map(([url, response]) => cache.put(url, response)));
  }

  self.addEventListener("install", (event) => {
    event.waitUntil(precache().catch(async (err) => {
      await caches.delete(SITE_CACHE); // nothing half-kept
      throw err;
    }));
  });

  self.addEventListener("message", (event) => {
    if (event.data && event.data.type === "ativar") self.skipWaiting();
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        const ours = OWN_PREFIXES.some((prefix) => name.startsWith(prefix));
        if (ours && name !== SITE_CACHE && name !== RUNTIME_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })());
  });

  // The address without its query (a page's ?ferramenta=…, a file's ?v=): the key inside a versioned cache.
  const plain = (url) => url.href.split(/[?#]/)[0];

  async function fromSite(request, url) {
    const cache = await caches.open(SITE_CACHE);
    const hit = await cache.match(plain(url));
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (err) {
      if (request.mode === "navigate") {
        const offline = await cache.match(OFFLINE_PAGE);
        if (offline) return offline;
      }
      throw err;
    }
  }

  async function fromRuntime(request, url) {
    const cache = await caches.open(RUNTIME_CACHE);
    const key = plain(url);
    const hit = await cache.match(key);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.status === 200) cache.put(key, response.clone()).catch(() => {});
    return response;
  }

  const isTwin = (path) => path.endsWith(".zst") || path.endsWith(".gz");

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || !url.href.startsWith(ROOT.href)) return;
    const key = plain(url);
    if (request.mode === "navigate" || LISTED.has(key)) {
      event.respondWith(fromSite(request, url));
    } else if (RUNTIME_DIRS.some((dir) => key.startsWith(dir)) && !isTwin(key) && !request.headers.has("range")) {
      event.respondWith(fromRuntime(request, url));
    }
  });
})();
