// Which files of Pyodide's standard library the calculator needs: the page downloads only those.
//
//   node tools/stdlib_modules.mjs PYODIDE_DIR CALCULATOR_ZIP
//
// Loads Pyodide in Node with its full python_stdlib.zip, unpacks the calculator, imports every module of the
// package and runs one request of each kind through calculator.api.handle (answers, errors, a simulation
// from UTF-8, UTF-8 with BOM and Windows-1252 bytes, a Python exception crossing into JavaScript), then
// prints, as JSON, the stdlib files of every module loaded (Pyodide's own start included) that is not
// frozen into the interpreter.
// build.py keeps only those files in the site's python_stdlib.zip.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath] = process.argv.slice(2);
if (!pyodideDir || !zipPath) {
  console.error("uso: node tools/stdlib_modules.mjs PASTA_DO_PYODIDE CALCULATOR_ZIP");
  process.exit(2);
}
const indexDir = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: indexDir, stdout: () => {}, stderr: (m) => console.error(m) });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
try {
  pyodide.runPython("raise ValueError('probe')"); // the traceback formatting Pyodide does for an error
} catch {
  // expected
}
const out = pyodide.runPython(`
import base64, importlib, json, pkgutil, sys
import calculator
for mod in pkgutil.walk_packages(calculator.__path__, "calculator."):
    if not mod.name.endswith("__main__"):
        importlib.import_module(mod.name)
from calculator.api import handle
rows = "inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao\\r\\n" + "".join(
    f"{i};Jo\\u00e3o {i};{i};{'sim' if i % 3 else 'n\\u00e3o'};{'sim' if i % 7 == 0 else 'n\\u00e3o'};"
    f"{'F' if i % 2 else 'M'};{'desistente' if i == 4 else ''};{'confirmada' if i % 3 else ''}\\r\\n"
    for i in range(1, 40))
requests = [
    {"command": "reserva", "norma": "ubatuba", "vagas": "13", "data_edital": "2016-01-01", "vinculo": "emprego"},
    {"command": "reserva", "norma": "quissama", "vagas": "4"},
    {"command": "reserva", "norma": "lins", "vagas": "12", "percentual": "25,5"},
    {"command": "ordem", "norma": "ubatuba", "vagas": "20", "leitura": "quinta"},
    {"command": "ordem", "norma": "quissama", "vagas": "200000"},
    {"command": "parametros", "norma": "lins"},
    {"command": "reserva", "norma": "x", "vagas": "dez"},
    {"command": "reserva", "norma": "ubatuba", "vagas": "10", "data_edital": "2020-02-30"},
]
for norm in ("ubatuba", "quissama", "lins"):
    for data in (rows.encode("utf-8"), b"\\xef\\xbb\\xbf" + rows.encode("utf-8"), rows.encode("cp1252")):
        requests.append({"command": "simular", "norma": norm, "vagas": "12", "percentual": "20", "vagas_pcd": "1",
                         "csv_base64": base64.b64encode(data).decode("ascii")})
    requests.append({"command": "simular", "norma": norm, "vagas": "5", "percentual": "20", "csv": rows})
requests.append({"command": "relatorio", "norma": "ubatuba", "csv": "cargo;vagas;reservadas\\nA;13;2\\n",
                 "arquivos": [{"nome": "a.pdf", "origem": "p. 1"}], "gerado_em": 1700000000})
for r in requests:
    handle(json.dumps(r))
handle("{not json")
prefix = next(p for p in sys.path if p.endswith(".zip"))
# a frozen module (os, codecs, importlib._bootstrap…) is part of the interpreter itself: its __file__ names
# the zip, but its copy there is never read
files = sorted({m.__file__[len(prefix) + 1:] for m in list(sys.modules.values())
                if getattr(m, "__file__", None) and m.__file__.startswith(prefix + "/")
                and getattr(m.__spec__, "origin", None) != "frozen"})
json.dumps(files)
`);
console.log(out);
