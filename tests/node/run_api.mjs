// Runs calculator.api.handle in Pyodide (Node), using the BUILT SITE's own files.
//
//   node tests/node/run_api.mjs SITE_DIR [--count-reads] < requests.json > answers.json
//
// stdin: a JSON array of request strings (each one is what the page sends to api.handle).
// stdout: a JSON array with the strings api.handle returned, in the same order.
// stderr: timing lines ("pyodide-ready-ms", "batch-ms"); with --count-reads, one line
// "registry-reads parses=N checks=M": how many times, over the whole batch, a norm's registry was parsed
// (tomllib.loads) and validated against the schema, counted by wrapping the two functions that do it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const COUNT_READS = `
from calculator.norms import discovery, load
_reads = {"parses": 0, "checks": 0}
_loads, _check = discovery.tomllib.loads, load.schema_problems

def _counted_loads(text, **kw):
    _reads["parses"] += 1
    return _loads(text, **kw)

def _counted_check(data):
    _reads["checks"] += 1
    return _check(data)

discovery.tomllib.loads, load.schema_problems = _counted_loads, _counted_check

def _reads_line():
    return f"parses={_reads['parses']} checks={_reads['checks']}"
`;

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function main() {
  const siteDir = process.argv[2];
  if (!siteDir) {
    console.error("uso: node tests/node/run_api.mjs SITE_DIR < pedidos.json");
    process.exit(2);
  }
  const indexDir = path.resolve(siteDir, "assets", "pyodide") + path.sep;
  const zipPath = path.resolve(siteDir, "assets", "calculadora", "calculator.zip");
  const requests = JSON.parse(await readStdin());
  if (!Array.isArray(requests)) throw new Error("stdin must be a JSON array of strings");

  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: indexDir, stdout: () => {}, stderr: (m) => console.error(m) });
  const zipBytes = await readFile(zipPath);
  pyodide.unpackArchive(new Uint8Array(zipBytes.buffer, zipBytes.byteOffset, zipBytes.byteLength), "zip");
  const countReads = process.argv.includes("--count-reads");
  if (countReads) pyodide.runPython(COUNT_READS);
  const handle = pyodide.pyimport("calculator.api").handle;
  const t1 = performance.now();

  const answers = requests.map((req) => handle(req));
  const t2 = performance.now();
  handle.destroy();
  if (countReads) console.error(`registry-reads ${pyodide.runPython("_reads_line()")}`);
  console.error(`pyodide-ready-ms ${Math.round(t1 - t0)}`);
  console.error(`batch-ms ${Math.round(t2 - t1)} (${requests.length} pedidos)`);
  process.stdout.write(JSON.stringify(answers));
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : String(err));
  process.exit(1);
});
