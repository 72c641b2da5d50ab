// The Python files this worker decoded, kept in the browser's Cache Storage for the next visit: the phone
// then starts Python from its own storage, with no download and no decompression, and the wasm compiles
// from a response of that cache (a response with a URL, which Chromium's code cache can key). One cache per
// runtime version ("cotas-python-<v>", v from the worker's own address, written by the build from the
// files' bytes): a new build's files never meet an older build's, and the site's service worker (sw.js)
// deletes the caches of other versions when it takes over. Without a version, or where the browser gives
// no Cache Storage (not a secure context), nothing is kept and every visit downloads, as before.
export const VERSION = new URL(self.location.href).searchParams.get("v") || "";
export const CACHE_PREFIX = "cotas-python-";

let opened = null;
function store() {
  if (!opened) {
    opened = VERSION && typeof caches !== "undefined"
      ? caches.open(CACHE_PREFIX + VERSION).catch(() => null)
      : Promise.resolve(null);
  }
  return opened;
}

// The file's address without the version: the key inside the versioned cache.
const key = (url) => url.href.split("?")[0];

// The kept response for url, or null.
export async function kept(url) {
  const cache = await store();
  if (!cache) return null;
  try {
    return (await cache.match(key(url))) || null;
  } catch {
    return null;
  }
}

// Files decoded on this visit, written once Python is ready (writing 13 MB while it starts would slow the
// start the visitor is waiting for).
const pending = [];
export function keepLater(url, bytes, type) {
  pending.push({ url, bytes, type });
}

// Write what keepLater collected. A failed write (storage full, private mode) keeps nothing more: the next
// visit downloads what is missing, as the first did.
export async function flush() {
  const cache = await store();
  const items = pending.splice(0);
  if (!cache) return;
  for (const { url, bytes, type } of items) {
    try {
      const body = await bytes;
      await cache.put(key(url), new Response(body, { headers: { "Content-Type": type } }));
    } catch {
      return;
    }
  }
}

// Files the worker runs or imports (itself, Pyodide's loader, the zstd decoder), kept beside the decoded ones
// where they are not yet: the site's service worker answers them from this cache offline. Fetched again
// here (with the version, from the browser's HTTP cache or a 304), since a module's bytes cannot be read
// back once imported; only for visitors who started Python, so the site's other visitors download none.
export async function keepFetched(urls, fetcher) {
  const cache = await store();
  if (!cache) return;
  for (const url of urls) {
    try {
      if (await cache.match(key(url))) continue;
      const response = await fetcher(url);
      if (response.ok) await cache.put(key(url), response);
    } catch {
      return;
    }
  }
}
