// The files the worker loads, at addresses relative to the joined worker.js (assets/calculadora/: the
// import.meta.url of the file that runs), and the progress messages it posts to the page.

export const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
export const CALCULATOR_ZIP = new URL("calculator.zip", import.meta.url);
// Memory snapshot made at build time (tools/make_snapshot.mjs) with the calculator already imported.
// _loadSnapshot is an underscored Pyodide API (version pinned in package.json); if it fails for any
// reason, the plain load runs. Which start is the default is measured in bench/ (docs/desempenho.md):
// the plain start transfers about 6 MB less, which the phone profile pays for in download time.
// "?inicio=instantaneo" (passed on by the page from its own address) asks for the snapshot.
export const SNAPSHOT = new URL("calculator.snapshot.bin", import.meta.url);
export const WANT_SNAPSHOT = new URL(self.location.href).searchParams.get("inicio") === "instantaneo";

export const RUNTIME = {
  wasm: { url: new URL("pyodide.asm.wasm", PYODIDE_DIR), type: "application/wasm" },
  stdlib: { url: new URL("python_stdlib.zip", PYODIDE_DIR), type: "application/zip" },
};
// pyodide.asm.mjs, Pyodide's JavaScript half (1.25 MB, 0.22 MB as .zst), comes the same way and is imported
// from a blob: URL of the decompressed bytes, where the site's Content-Security-Policy allows blob: scripts
// (no policy, or the one of Como hospedar). Where it does not, a tiny probe module fails first (no byte
// downloaded in vain; the browser logs the refusal) and Pyodide imports the original file itself. The
// module's factory reaches loadPyodide as createPyodideModule, an option Pyodide marks experimental (its
// version is pinned in package.json; both ways are tested, tests/sitebuild/test_csp.py).
export const ASM = new URL("pyodide.asm.mjs", PYODIDE_DIR);
// What starts the worker before any of the above: this script itself (the joined worker.js, beside the zstd
// decoder it imports), Pyodide's loader and lock file (kept for offline use once Python has started,
// store.js).
export const LOADERS = [new URL(import.meta.url), new URL("fzstd.mjs", import.meta.url),
  new URL("pyodide.mjs", PYODIDE_DIR), new URL("pyodide-lock.json", PYODIDE_DIR)];

// A step of the load, for the page's status.
export function progress(step, text) {
  /** @type {import("../messages.js").Progress} */
  const message = { type: "progress", step, text };
  self.postMessage(message);
}
