// Python's start: the runtime's downloads in their order, Pyodide started from them (or from the memory
// snapshot, ?inicio=instantaneo), then the calculator; "ready" or "failed" posted to the page (the messages:
// ../messages.js).
import { LOADERS, PYODIDE_DIR, RUNTIME, SNAPSHOT, WANT_SNAPSHOT, progress } from "./files.js";
import { nativeFetch, received, reportDownload, versioned } from "./transfer.js";
import { fetchFile } from "./codecs.js";
import { flush, keepFetched } from "./store.js";
import { streamPacked } from "./stream.js";
import { calculatorZip, packedFactory, prefetched } from "./runtime.js";

async function boot() {
  const t0 = performance.now();
  if (typeof WebAssembly === "undefined") {
    throw new Error("Este navegador não executa WebAssembly.");
  }
  progress(1, "Baixando o Python do próprio site…");
  // the calculator's download starts with the runtime's last byte (see calculatorZip)
  let runtimeParts = 2;
  const partArrived = () => {
    runtimeParts -= 1;
    if (runtimeParts === 0) calculatorZip();
  };
  // The standard library is needed only once the wasm is compiled and instantiated (Python's own start), so
  // it is asked for when the wasm is nearly in, not beside it: on a slow link the wasm then arrives sooner,
  // with the whole link to itself, and its instantiation runs while the standard library arrives.
  let askStdlib;
  const stdlib = new Promise((resolve) => { askStdlib = resolve; }).then(() => fetchFile(RUNTIME.stdlib.url, RUNTIME.stdlib.type));
  stdlib.then(partArrived, () => {});
  const wasm = streamPacked(RUNTIME.wasm.url, RUNTIME.wasm.type, partArrived, () => askStdlib());
  prefetched.set(RUNTIME.wasm.url.href, { ...wasm, type: RUNTIME.wasm.type });
  prefetched.set(RUNTIME.stdlib.url.href, { bytes: stdlib, type: RUNTIME.stdlib.type });
  for (const hit of prefetched.values()) hit.bytes.catch(() => {}); // reported below
  let snapshotBytes = null;
  if (WANT_SNAPSHOT) {
    snapshotBytes = fetchFile(SNAPSHOT, "application/octet-stream");
    snapshotBytes.catch(() => {}); // a failure is handled by the fallback below
  }
  const factory = packedFactory();
  const { loadPyodide: load } = await import(versioned(new URL("pyodide.mjs", PYODIDE_DIR)));
  // Pyodide starts at once (its own script, the wasm's compilation) while the files still arrive. A failed
  // download fails the start: Pyodide itself would only log it and wait.
  const downloads = Promise.all([...prefetched.values()].map((hit) => hit.bytes));
  const downloadFailure = downloads.then(() => new Promise(() => {}));
  downloads.then(() => {
    reportDownload(true);
    progress(2, "Iniciando o Python…");
  }, () => {});
  const loadPyodide = (opts) => Promise.race([load(opts), downloadFailure]);
  const options = { indexURL: PYODIDE_DIR.href, stdout: () => {}, stderr: () => {} };
  const createPyodideModule = await factory;
  if (createPyodideModule) options.createPyodideModule = createPyodideModule;
  else {
    self.packedVia["pyodide.asm.mjs"] = "original";
    received.parts -= 1; // Pyodide fetches it itself, uncounted
    reportDownload(true);
  }
  let pyodide = null;
  if (snapshotBytes) {
    try {
      const snap = await snapshotBytes;
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snap.buffer });
      self.pythonBoot = "snapshot";
    } catch (err) {
      self.pythonBoot = `plain: ${(err && err.message) || err}`;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide(options);
    if (!self.pythonBoot) self.pythonBoot = "plain";
  }
  prefetched.clear();
  progress(3, "Carregando as regras da calculadora…");
  pyodide.unpackArchive(await calculatorZip(), "zip");
  const handle = pyodide.pyimport("calculator.api").handle;
  const ms = Math.round(performance.now() - t0);
  /** @type {import("../messages.js").Ready} */
  const message = { type: "ready", ms, boot: self.pythonBoot, via: self.packedVia };
  self.postMessage(message);
  // the files decoded on this visit, and those that start the worker, kept for the next (store.js)
  flush().then(() => keepFetched(LOADERS, nativeFetch));
  return handle;
}

let booted = false;
let failureSent = false;
function failed(err) {
  if (failureSent) return;
  failureSent = true;
  /** @type {import("../messages.js").LoadFailed} */
  const message = { type: "failed", message: String((err && err.message) || err) };
  self.postMessage(message);
}

export const ready = boot();
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
