// Module Web Worker: loads Pyodide (this site's own copy) and the packed calculator,
// then answers {id, request} messages with calculator.api.handle(request).
// Every URL is relative to this script, so the site works from any sub-path.
const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const CALCULATOR_ZIP = new URL("calculator.zip", import.meta.url);
// Memory snapshot made at build time (tools/make_snapshot.mjs) with the calculator already imported:
// a much faster start. _loadSnapshot is an underscored Pyodide API (version pinned in package.json);
// if it fails for any reason, the plain load below runs. self.pythonBoot says which one ran.
const SNAPSHOT = new URL("calculator.snapshot.bin", import.meta.url);

function progress(step, text) {
  self.postMessage({ type: "progress", step, text });
}

async function boot() {
  const t0 = performance.now();
  if (typeof WebAssembly === "undefined") {
    throw new Error("Este navegador não executa WebAssembly.");
  }
  progress(1, "Baixando o Python do próprio site…");
  const zipPromise = fetch(CALCULATOR_ZIP).then((r) => {
    if (!r.ok) throw new Error(`calculator.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const snapshotResponse = fetch(SNAPSHOT).then((r) => {
    if (!r.ok) throw new Error(`calculator.snapshot.bin: HTTP ${r.status}`);
    return r;
  });
  snapshotResponse.catch(() => {}); // a failure is handled by the fallback below
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href);
  progress(2, "Iniciando o Python…");
  const options = { indexURL: PYODIDE_DIR.href, stdout: () => {}, stderr: () => {} };
  let pyodide;
  try {
    // Headers first: a missing snapshot goes straight to the plain load (no runtime fetched twice).
    const response = await snapshotResponse;
    pyodide = await loadPyodide({ ...options, _loadSnapshot: response.arrayBuffer() });
    self.pythonBoot = "snapshot";
  } catch (err) {
    self.pythonBoot = `plain: ${(err && err.message) || err}`;
    pyodide = await loadPyodide(options);
  }
  progress(3, "Carregando as regras da calculadora…");
  pyodide.unpackArchive(await zipPromise, "zip");
  const handle = pyodide.pyimport("calculator.api").handle;
  const ms = Math.round(performance.now() - t0);
  self.postMessage({ type: "ready", ms });
  return handle;
}

let booted = false;
let failureSent = false;
function failed(err) {
  if (failureSent) return;
  failureSent = true;
  self.postMessage({ type: "failed", message: String((err && err.message) || err) });
}

const ready = boot();
ready.then(() => {
  booted = true;
}, failed);
// Pyodide 314 does not reject loadPyodide when the runtime download fails: it logs a warning and
// leaves an unhandled rejection (and the load hangs). Any unhandled rejection before "ready" is
// therefore a load failure: say so, so the page falls back to the precomputed tables.
self.addEventListener("unhandledrejection", (event) => {
  if (booted) return;
  event.preventDefault();
  failed(event.reason);
});

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let handle;
  try {
    handle = await ready;
  } catch {
    return; // "failed" was already reported; the page falls back to the precomputed tables
  }
  try {
    self.postMessage({ id, response: handle(request) });
  } catch (err) {
    self.postMessage({ id, crash: String((err && err.message) || err) });
  }
};
