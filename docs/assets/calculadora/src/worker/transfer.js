// The runtime's download as the page sees it: the bytes received, counted for the progress message
// ("Baixando… 2,5 de 6,1 MB"), and a response read whole.
import { progress } from "./files.js";
import { VERSION } from "./store.js";

const rawFetch = self.fetch.bind(self);
// Every download of the worker carries the runtime's version (?v=, from the worker's own address): the
// browser's HTTP cache keys it by the whole address, so a file kept there from an older build is never
// read beside this build's others. Static servers ignore the query.
export function versioned(input) {
  const url = new URL(String(input), self.location.href);
  if (VERSION && url.origin === self.location.origin) url.searchParams.set("v", VERSION);
  return url.href;
}

export function nativeFetch(input, init) {
  return input instanceof Request ? rawFetch(input, init) : rawFetch(versioned(input), init);
}
// parts: how many runtime files are counted (the wasm, pyodide.asm.mjs, the standard library); sized: how many
// of them have told their size. The total is shown only once all have: the standard library is asked for
// late (see boot), and a total that grows would mislead.
export const received = { done: 0, total: 0, parts: 3, sized: 0 };
let lastReport = 0;
// "2,5": megabytes to one decimal, pt-BR. Not toLocaleString: on a slow phone's CPU its Intl formatting,
// four times a second, cost more than the decompression of the same bytes (a profile showed it).
const mb = (n) => {
  const tenths = Math.round(n / 1e5);
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
};

export function reportDownload(force) {
  const now = performance.now();
  if (!force && now - lastReport < 250) return;
  lastReport = now;
  const total = Math.max(received.total, received.done);
  const of = received.sized >= received.parts ? ` de ${mb(total)}` : "";
  progress(1, `Baixando o Python do próprio site: ${mb(received.done)}${of} MB…`);
}

// counted: whether the bytes go into the "Baixando…" progress (the runtime's; not the calculator's, which
// arrives while Python already starts)
export async function readAll(response, counted = true) {
  const length = Number(response.headers.get("Content-Length")) || 0;
  if (!counted) return new Uint8Array(await response.arrayBuffer());
  received.total += length;
  received.sized += 1;
  if (!response.body) {
    const buf = new Uint8Array(await response.arrayBuffer());
    received.done += buf.length;
    return buf;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    received.done += value.length;
    reportDownload(false);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
