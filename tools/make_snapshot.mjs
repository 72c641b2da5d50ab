// Build-time Pyodide memory snapshot of the calculator, made in Node from the BUILT SITE's own
// Pyodide files and the exact packed calculator (assets/calculadora/calculator.zip), already imported.
//
//   node tools/make_snapshot.mjs SITE_DIR OUT_FILE
//
// The calculator page's worker loads it with loadPyodide({_loadSnapshot}) and falls back to a plain
// load when that fails. _makeSnapshot/_loadSnapshot are underscored (unstable) Pyodide APIs: the Pyodide
// version is pinned in package.json and both paths are tested (tests/site/test_snapshot.py).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, outFile] = process.argv.slice(2);
if (!siteDir || !outFile) {
  console.error("uso: node tools/make_snapshot.mjs SITE_DIR ARQUIVO_DE_SAIDA");
  process.exit(2);
}
const indexDir = path.resolve(siteDir, "assets", "pyodide") + path.sep;
const zipPath = path.resolve(siteDir, "assets", "calculadora", "calculator.zip");

// Reproducible snapshot: while it is made, a fixed clock and a fixed entropy source (what Emscripten
// reads in Node), so two builds of the same commit give the same bytes and the same SHA256SUMS. The
// calculator uses neither; the page's interpreter reads the real clock once the snapshot is restored.
const FIXED_MS = Date.UTC(2024, 0, 1);
let ticks = 0;
Date.now = () => FIXED_MS;
performance.now = () => (ticks += 1);
let seed = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return view;
};
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: indexDir,
  _makeSnapshot: true,
  // sys.executable, else this script's own path (Node's argv[1]) ends up in the snapshot: a build from
  // another checkout would then make different bytes under the same cache key (inputs' bytes only)
  _sysExecutable: "python",
  stdout: () => {},
  stderr: (m) => console.error(m),
});
// A Uint8Array, not a Buffer: Pyodide rejects Buffer ("Unknown typed array type 'Buffer'").
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
// Import every module of the package (no PyProxy kept alive: the snapshot must hold no JS references).
pyodide.runPython(`
import importlib, pkgutil
import calculator
for mod in pkgutil.walk_packages(calculator.__path__, "calculator."):
    if not mod.name.endswith("__main__"):
        importlib.import_module(mod.name)
del importlib, pkgutil, calculator, mod
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outFile, snapshot);
console.error(`snapshot ${snapshot.byteLength} bytes -> ${outFile}`);
