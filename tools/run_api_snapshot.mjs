// Like tests/node/run_api.mjs, but starts Pyodide FROM THE BUILD-TIME MEMORY SNAPSHOT, the way the
// calculator page's worker does: loadPyodide({_loadSnapshot}), then the same calculator.zip unpacked
// again (its files back in the virtual file system, for any import made later).
//
//   node tools/run_api_snapshot.mjs SITE_DIR < requests.json > answers.json
//
// stdin: JSON array of request strings for calculator.api.handle; stdout: JSON array of the answers.
// stderr: "pyodide-ready-ms N" and "preimported true|false" (calculator.api already in sys.modules
// before any import: proof that the state came from the snapshot).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const siteDir = process.argv[2];
if (!siteDir) {
  console.error("uso: node tools/run_api_snapshot.mjs SITE_DIR < pedidos.json");
  process.exit(2);
}
const indexDir = path.resolve(siteDir, "assets", "pyodide") + path.sep;
const calcDir = path.resolve(siteDir, "assets", "calculadora");
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: indexDir,
  _loadSnapshot: new Uint8Array(readFileSync(path.join(calcDir, "calculator.snapshot.bin"))),
  stdout: () => {},
  stderr: (m) => console.error(m),
});
const preimported = pyodide.runPython("import sys; 'calculator.api' in sys.modules");
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(calcDir, "calculator.zip"))), "zip");
const handle = pyodide.pyimport("calculator.api").handle;
console.error(`pyodide-ready-ms ${Math.round(performance.now() - t0)}`);
console.error(`preimported ${preimported}`);
const answers = requests.map((req) => handle(req));
handle.destroy();
process.stdout.write(JSON.stringify(answers));
