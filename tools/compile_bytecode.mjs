// Python files of a zip as bytecode, so that the page's Python does not compile them at every start.
//
//   node tools/compile_bytecode.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [WHERE]
//
// WHERE is the folder the files live in on the page's Python: by default the standard library's zip on
// sys.path (/lib/python3NN.zip); /home/pyodide for the calculator, which the worker unpacks there.
// Compiling the ~140 standard-library modules Pyodide and the calculator load is most of a plain start's CPU
// time (about 1 s of 1.4 s in Node), and the page pays it on every visit because Pyodide's file system is
// new each time. Each .py of IN_ZIP becomes a .pyc beside where the .py was (the sourceless layout that
// zipimport and the file finder both read); other files are copied as they are; docstrings are left out
// (see strip_docstrings). The compiler is the Pyodide of PYODIDE_DIR itself (the npm package the site
// copies), so the bytecode is that interpreter's. The .pyc files are "unchecked hash" ones (PEP 552): no
// timestamp in them (the same bytes on every build) and nothing to check at import, since no source is
// shipped beside them. co_filename is the path the module has in the page, so tracebacks name the file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inZip, outZip, where = ""] = process.argv.slice(2);
if (!pyodideDir || !inZip || !outZip) {
  console.error("uso: node tools/compile_bytecode.mjs PASTA_DO_PYODIDE ZIP_DE_ENTRADA ZIP_DE_SAIDA [PASTA]");
  process.exit(2);
}
const indexDir = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: indexDir, stdout: () => {}, stderr: (m) => console.error(m) });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inZip)));
pyodide.globals.set("where", where);
pyodide.runPython(`
import ast
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def strip_docstrings(tree):
    # Docstrings are a sixth of the bytecode and nothing the page runs reads them (the calculator never
    # reads a __doc__): removing them (like -OO, but asserts stay) saves download; a body left empty gets
    # "pass".
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                first = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), first))


# by default, where the page's interpreter finds its standard library (/lib/python3NN.zip)
prefix = where.rstrip("/") or next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for name in sorted(src.namelist()):
        data = src.read(name)
        if name.endswith(".py"):
            tree = ast.parse(data, f"{prefix}/{name}")
            strip_docstrings(tree)
            code = compile(tree, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=0)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        # stored, not deflated: the zip travels as a whole-file .zst (or .gz) twin, which compresses
        # across files far better than deflate does file by file (0.87 MB instead of 1.14 MB)
        info.compress_type = zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        info.create_system = 3
        out.writestr(info, data)
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
