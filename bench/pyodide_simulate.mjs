// Simulator throughput in Pyodide (Node), with the BUILT SITE's own Pyodide files and calculator.zip.
//
//   node bench/pyodide_simulate.mjs SITE_DIR CSV_FILE SEATS REPEAT
//
// Prints one JSON line: {"load_ms": ..., "runs": [seconds, ...], "nominations": n, "python": "3.x"}.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, csvFile, seats = "10000", repeat = "3"] = process.argv.slice(2);
if (!siteDir || !csvFile) {
  console.error("uso: node bench/pyodide_simulate.mjs SITE_DIR CSV_FILE [VAGAS] [REPETICOES]");
  process.exit(2);
}
const indexDir = path.resolve(siteDir, "assets", "pyodide") + path.sep;
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: indexDir, stdout: () => {}, stderr: (m) => console.error(m) });
pyodide.unpackArchive(new Uint8Array(readFileSync(path.resolve(siteDir, "assets", "calculadora", "calculator.zip"))), "zip");
pyodide.pyimport("calculator");
const loadMs = performance.now() - t0;
pyodide.FS.writeFile("/tmp/candidatos.csv", new Uint8Array(readFileSync(csvFile)));
const out = pyodide.runPython(`
import json, sys, time
from calculator import simulate
data = open("/tmp/candidatos.csv", "rb").read()
runs = []
for _ in range(${Number(repeat)}):
    t = time.perf_counter()
    res = simulate("ubatuba", ${Number(seats)}, data)
    runs.append(time.perf_counter() - t)
json.dumps({"runs": runs, "nominations": len(res["nominations"]), "python": sys.version.split()[0]})
`);
const result = JSON.parse(out);
result.load_ms = loadMs;
console.log(JSON.stringify(result));
