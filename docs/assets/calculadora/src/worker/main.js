// The calculator page's Web Worker, its entry module (sitebuild/scripts.py joins it and the modules it
// imports into worker.js, a module worker): loads Pyodide (this site's own copy) and the packed calculator,
// then answers the page's messages (../messages.js) with calculator.api.handle. It starts only when a
// question needs Python: the page answers the common questions from precomputed tables (respostas.js)
// without it. Every URL is relative to worker.js, so the site works from any sub-path.
//
// Transfer: the runtime files are fetched as their ".zst" twins (Zstandard level 19) and decompressed here
// with fzstd (a pure-JS decoder copied from npm beside worker.js), so they travel compressed even from a
// server that compresses nothing (python3 -m http.server), and about 1 MB smaller than as gzip, which
// browsers could decompress themselves. Where a ".zst" twin is missing, the ".gz" twin comes instead
// (DecompressionStream), and then the original.
//
// Simulation: the page sends the chosen File itself; it is read and base64-encoded here, off the page's
// thread. The full result stays here; the page gets a summary with the first page of each long list and
// asks for more pages, or for the complete CSV, when the user wants them.
import { ready } from "./boot.js";
import { base64, simulationCsv, summary } from "./simulation.js";

let lastSimulation = null;

// calculator/csv/text.py's MAX_CSV_BYTES (tests/browser/test_edital_safety.py checks they agree): a file or
// request past it is refused here, before it is read into memory or copied into Python's. The page checks
// the same limit first; this holds for any sender.
const MAX_CSV_BYTES = 50_000_000;
const MAX_REQUEST_CHARS = Math.ceil(MAX_CSV_BYTES / 3) * 4 + 65_536; // a file as base64, and the form's fields
const TOO_LARGE = "O arquivo passa de 50 MB, o limite da calculadora; retire as colunas que a ferramenta não usa ou divida o arquivo.";

function tooLarge(data) {
  if (data.type === "simular") return Boolean(data.file && data.file.size > MAX_CSV_BYTES) ||
    JSON.stringify(data.request).length > MAX_REQUEST_CHARS;
  return data.type === "api" && typeof data.request === "string" && data.request.length > MAX_REQUEST_CHARS;
}

// Messages are handled one at a time, in order (a simulation's pages and CSV always come from the result
// the page shows). A simulation that a newer one has replaced before it started is not run: the page has
// already dropped it.
let latestSimulation = 0;
let queue = Promise.resolve();
/** @param {MessageEvent<import("../messages.js").PageMessage>} event */
self.onmessage = (event) => {
  if (event.data.type === "simular") latestSimulation = event.data.id;
  queue = queue.then(() => answer(event), () => answer(event));
};

// One reply per request, with its id (a Reply of ../messages.js).
/** @param {MessageEvent<import("../messages.js").PageMessage>} event */
async function answer(event) {
  const { id, type } = event.data;
  if (type === "pagina") {
    const all = (lastSimulation && lastSimulation.result[event.data.list]) || [];
    self.postMessage({ id, items: all.slice(event.data.start, event.data.start + event.data.size), total: all.length });
    return;
  }
  if (type === "csv") {
    const text = lastSimulation ? simulationCsv(lastSimulation.result, event.data.params) : "";
    self.postMessage({ id, blob: new Blob([text], { type: "text/csv;charset=utf-8" }) });
    return;
  }
  if (tooLarge(event.data)) {
    self.postMessage({ id, response: JSON.stringify({ ok: false, error: { field: "csv", message: TOO_LARGE } }) });
    return;
  }
  let handle;
  try {
    handle = await ready;
  } catch {
    return; // "failed" was already reported; the page falls back to the precomputed tables
  }
  try {
    if (type === "simular") {
      if (id !== latestSimulation) {
        self.postMessage({ id, stale: true });
        return;
      }
      const request = { ...event.data.request };
      if (event.data.file) request.csv_base64 = base64(new Uint8Array(await event.data.file.arrayBuffer()));
      const text = handle(JSON.stringify(request));
      const response = JSON.parse(text);
      if (!response.ok) {
        self.postMessage({ id, response: text });
        return;
      }
      lastSimulation = { result: response.result };
      self.postMessage({ id, simulation: summary(response.result, event.data.size) });
      return;
    }
    self.postMessage({ id, response: handle(event.data.request) });
  } catch (err) {
    self.postMessage({ id, crash: String((err && err.message) || err) });
  }
}
