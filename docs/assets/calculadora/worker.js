// Module Web Worker: loads Pyodide (this site's own copy) and the packed calculator, then answers the
// page's messages with calculator.api.handle. It starts only when a question needs Python: the page
// answers the common questions from precomputed tables (respostas.js) without it.
// Every URL is relative to this script, so the site works from any sub-path.
//
// Transfer: the runtime files are fetched as their ".zst" twins (written by build.py, Zstandard level 19)
// and decompressed here with fzstd (a pure-JS decoder copied from npm beside this file), so they travel
// compressed even from a server that compresses nothing (python3 -m http.server), and about 1 MB smaller
// than as gzip, which browsers could decompress themselves. Where a ".zst" twin is missing, the ".gz" twin
// comes instead (DecompressionStream), and then the original. A server that decodes a twin on the way
// (Content-Encoding) is recognised by the missing signature.
//
// Simulation: the page sends the chosen File itself; it is read and base64-encoded here, off the page's
// thread. The full result stays here; the page gets a summary with the first page of each long list and
// asks for more pages, or for the complete CSV, when the user wants them.
import { spreadsheetCell } from "./csvcell.js";
import { Decompress as ZstdDecompress, decompress as zstdDecompress } from "./fzstd.mjs";

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const CALCULATOR_ZIP = new URL("calculator.zip", import.meta.url);
// Memory snapshot made at build time (tools/make_snapshot.mjs) with the calculator already imported.
// _loadSnapshot is an underscored Pyodide API (version pinned in package.json); if it fails for any
// reason, the plain load runs. Which start is the default is measured in bench/ (docs/desempenho.md):
// the plain start transfers about 6 MB less, which the phone profile pays for in download time.
// "?inicio=instantaneo" (passed on by the page from its own address) asks for the snapshot.
const SNAPSHOT = new URL("calculator.snapshot.bin", import.meta.url);
const WANT_SNAPSHOT = new URL(self.location.href).searchParams.get("inicio") === "instantaneo";

const RUNTIME = {
  wasm: { url: new URL("pyodide.asm.wasm", PYODIDE_DIR), type: "application/wasm" },
  stdlib: { url: new URL("python_stdlib.zip", PYODIDE_DIR), type: "application/zip" },
};
// pyodide.asm.mjs, Pyodide's JavaScript half (1.25 MB, 0.22 MB as .zst), comes the same way and is imported
// from a blob: URL of the decompressed bytes, where the site's Content-Security-Policy allows blob: scripts
// (no policy, or the one of Como hospedar). Where it does not, a tiny probe module fails first (no byte
// downloaded in vain; the browser logs the refusal) and Pyodide imports the original file itself. The
// module's factory reaches loadPyodide as createPyodideModule, an option Pyodide marks experimental (its
// version is pinned in package.json; both ways are tested, tests/test_csp.py).
const ASM = new URL("pyodide.asm.mjs", PYODIDE_DIR);

function progress(step, text) {
  self.postMessage({ type: "progress", step, text });
}

// ---------------------------------------------------------------- compressed transfer
const nativeFetch = self.fetch.bind(self);
// parts: how many runtime files are counted (the wasm, pyodide.asm.mjs, the standard library); sized: how many
// of them have told their size. The total is shown only once all have: the standard library is asked for
// late (see boot), and a total that grows would mislead.
const received = { done: 0, total: 0, parts: 3, sized: 0 };
let lastReport = 0;
// "2,5": megabytes to one decimal, pt-BR. Not toLocaleString: on a slow phone's CPU its Intl formatting,
// four times a second, cost more than the decompression of the same bytes (a profile showed it).
const mb = (n) => {
  const tenths = Math.round(n / 1e5);
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
};

function reportDownload(force) {
  const now = performance.now();
  if (!force && now - lastReport < 250) return;
  lastReport = now;
  const total = Math.max(received.total, received.done);
  const of = received.sized >= received.parts ? ` de ${mb(total)}` : "";
  progress(1, `Baixando o Python do próprio site: ${mb(received.done)}${of} MB…`);
}

// counted: whether the bytes go into the "Baixando…" progress (the runtime's; not the calculator's, which
// arrives while Python already starts)
async function readAll(response, counted = true) {
  const length = Number(response.headers.get("Content-Length")) || 0;
  if (!counted) return new Uint8Array(await response.arrayBuffer());
  received.total += length;
  received.sized += 1;
  if (!response.body) {
    const buf = new Uint8Array(await response.arrayBuffer());
    received.done += buf.length;
    return buf;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    received.done += value.length;
    reportDownload(false);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// fzstd's streaming decoder as a TransformStream (each block it emits is a fresh buffer).
function zstdStream() {
  let decoder;
  return new TransformStream({
    start(controller) {
      decoder = new ZstdDecompress((chunk) => {
        if (chunk.length) controller.enqueue(chunk);
      });
    },
    transform(chunk) {
      decoder.push(chunk);
    },
    flush() {
      decoder.push(new Uint8Array(0), true);
    },
  });
}

// The twins tried in order, each recognised by its signature (a server may have decoded it on the way).
const CODECS = [
  {
    suffix: "zst",
    magic: [0x28, 0xb5, 0x2f, 0xfd],
    usable: () => typeof TransformStream !== "undefined",
    whole: async (bytes) => {
      // fzstd's result may be a view into a larger buffer (bytes before the data): a caller may take its
      // .buffer (the snapshot is handed to Pyodide as an ArrayBuffer), so it gets a buffer of its own
      const out = zstdDecompress(bytes);
      return out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice();
    },
    stream: () => zstdStream(),
  },
  {
    suffix: "gz",
    magic: [0x1f, 0x8b],
    usable: () => typeof DecompressionStream !== "undefined",
    whole: async (bytes) => {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    },
    stream: () => new DecompressionStream("gzip"),
  },
];

const signed = (head, magic) => head.length >= magic.length && magic.every((b, i) => head[i] === b);

async function fetchOk(href) {
  try {
    const r = await nativeFetch(href);
    return r.ok ? r : null;
  } catch {
    return null;
  }
}

// The first twin of url the server has: { codec, response }, or null (then the original is fetched).
async function firstTwin(url) {
  for (const codec of CODECS) {
    if (!codec.usable()) continue;
    const r = await fetchOk(`${url.href}.${codec.suffix}`);
    if (r) return { codec, response: r };
  }
  return null;
}

// The bytes of url, fetched as a twin where possible. self.packedVia records which way each file came.
self.packedVia = {};
async function fetchPacked(url, counted = true) {
  const name = url.pathname.split("/").pop();
  const twin = await firstTwin(url);
  if (twin) {
    const raw = await readAll(twin.response, counted);
    const packed = signed(raw, twin.codec.magic);
    self.packedVia[name] = packed ? twin.codec.suffix : `${twin.codec.suffix}-decodificado-pelo-servidor`;
    return packed ? twin.codec.whole(raw) : raw;
  }
  const r = await nativeFetch(url);
  if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
  self.packedVia[name] = "original";
  return readAll(r, counted);
}

// The wasm as a stream, decompressed as it arrives, so that the browser compiles it while it downloads
// (WebAssembly.instantiateStreaming) instead of after; the bytes are also kept whole for a second start
// (the plain start after a failed snapshot start). onEnd runs once, when the last byte has arrived: from the
// stream's end where there is a stream, else as the first reaction to the whole bytes. onNearEnd runs once,
// when what is left of the download should take no longer than a new request takes to answer (the wasm's own
// time to its first byte), judged from the rate seen so far; at once where that cannot be judged.
function streamPacked(url, type, onEnd = () => {}, onNearEnd = () => {}) {
  const name = url.pathname.split("/").pop();
  let nearEndCalled = false;
  const nearEnd = () => {
    if (!nearEndCalled) {
      nearEndCalled = true;
      onNearEnd();
    }
  };
  const whole = (promise) => {
    nearEnd();
    promise.then(onEnd, () => {});
    return promise;
  };
  if (typeof ReadableStream === "undefined" || typeof TransformStream === "undefined") {
    return { bytes: whole(fetchPacked(url)) };
  }
  const asked = performance.now();
  let branch = null;
  let branchReady;
  const started = new Promise((resolve) => { branchReady = resolve; });
  const bytes = (async () => {
    const twin = await firstTwin(url);
    const r = twin && twin.response.body ? twin.response : null;
    if (!r) {
      branchReady();
      nearEnd();
      self.packedVia[name] = "original";
      const plain = await nativeFetch(url);
      if (!plain.ok) throw new Error(`${name}: HTTP ${plain.status}`);
      const all = await readAll(plain);
      onEnd();
      return all;
    }
    const length = Number(r.headers.get("Content-Length")) || 0;
    received.total += length;
    received.sized += 1;
    const answered = performance.now();
    const firstByte = answered - asked;
    let got = 0;
    if (!length) nearEnd();
    const reader = r.body.getReader();
    const first = await reader.read();
    const head = first.value || new Uint8Array(0);
    const packed = signed(head, twin.codec.magic);
    self.packedVia[name] = packed ? twin.codec.suffix : `${twin.codec.suffix}-decodificado-pelo-servidor`;
    let pendingHead = first.done ? null : head;
    const counted = new ReadableStream({
      async pull(controller) {
        if (pendingHead) {
          received.done += pendingHead.length;
          controller.enqueue(pendingHead);
          pendingHead = null;
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          nearEnd();
          onEnd();
          controller.close();
          return;
        }
        received.done += value.length;
        got += value.length;
        const elapsed = performance.now() - answered;
        if (!nearEndCalled && elapsed > 0 && ((length - got) * elapsed) / got <= firstByte) nearEnd();
        reportDownload(false);
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const decoded = packed ? counted.pipeThrough(twin.codec.stream()) : counted;
    const [forPyodide, forCopy] = decoded.tee();
    branch = forPyodide;
    branchReady();
    return new Uint8Array(await new Response(forCopy).arrayBuffer());
  })();
  bytes.catch(() => {
    branchReady();
    nearEnd();
  });
  return {
    bytes,
    // the stream, once, for the first start (null once taken, or when the download failed to start)
    async takeStream() {
      await started;
      const b = branch;
      branch = null;
      return b ? new Response(b, { headers: { "Content-Type": type } }) : null;
    },
  };
}

async function importBytes(bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// Pyodide's module factory from a twin of pyodide.asm.mjs, or null (Pyodide then imports the file).
async function packedFactory() {
  try {
    const probe = await importBytes(new TextEncoder().encode("export default 1;"));
    if (probe.default !== 1) return null;
  } catch {
    return null; // blob: scripts not allowed here
  }
  try {
    const module = await importBytes(await fetchPacked(ASM));
    return typeof module.default === "function" ? module.default : null;
  } catch {
    return null; // boot() then records "original" for it
  }
}

// The calculator (0.21 MB as .zst) is needed only once Python has started. Its download starts when the runtime's
// last byte has arrived (the wasm's and the standard library's, whichever comes last), and runs while Python
// starts, instead of taking a share of a slow link that the runtime's last byte waits for. It starts from
// the downloads' own ends, not from a promise chained on them later: Python's start then holds the
// worker's thread for a few hundred ms. Where neither end comes (a failed download), unpacking asks for it.
let calculatorDownload = null;
function calculatorZip() {
  if (!calculatorDownload) {
    calculatorDownload = fetchPacked(CALCULATOR_ZIP, false);
    calculatorDownload.catch(() => {});
  }
  return calculatorDownload;
}

// Pyodide fetches pyodide.asm.wasm and python_stdlib.zip itself: its requests for them are answered with
// the bytes fetched and decompressed above (the wasm's first request with its stream, later ones with a
// fresh Response of the whole bytes, so a fallback start after a failed snapshot start reuses them).
const prefetched = new Map();
self.fetch = (input, init) => {
  const href = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
  const hit = prefetched.get(href);
  if (hit) {
    const whole = () => hit.bytes.then((bytes) => new Response(bytes, { headers: { "Content-Type": hit.type } }));
    return hit.takeStream ? hit.takeStream().then((streamed) => streamed || whole()) : whole();
  }
  return nativeFetch(input, init);
};

// ---------------------------------------------------------------- start
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
  const stdlib = new Promise((resolve) => { askStdlib = resolve; }).then(() => fetchPacked(RUNTIME.stdlib.url));
  stdlib.then(partArrived, () => {});
  const wasm = streamPacked(RUNTIME.wasm.url, RUNTIME.wasm.type, partArrived, () => askStdlib());
  prefetched.set(RUNTIME.wasm.url.href, { ...wasm, type: RUNTIME.wasm.type });
  prefetched.set(RUNTIME.stdlib.url.href, { bytes: stdlib, type: RUNTIME.stdlib.type });
  for (const hit of prefetched.values()) hit.bytes.catch(() => {}); // reported below
  let snapshotBytes = null;
  if (WANT_SNAPSHOT) {
    snapshotBytes = fetchPacked(SNAPSHOT);
    snapshotBytes.catch(() => {}); // a failure is handled by the fallback below
  }
  const factory = packedFactory();
  const { loadPyodide: load } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href);
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
  self.postMessage({ type: "ready", ms, boot: self.pythonBoot, via: self.packedVia });
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

// ---------------------------------------------------------------- simulation results
const LONG_LISTS = ["nominations", "excluded", "unfilled_seats", "reverted_seats", "moved"];
const PUBLISHED_SHOWN = 200;
let lastSimulation = null;

function base64(bytes) {
  let out = "";
  const chunk = 0x8000 * 3; // a multiple of 3: the pieces concatenate into one valid base64 text
  for (let i = 0; i < bytes.length; i += chunk) {
    let binary = "";
    const part = bytes.subarray(i, i + chunk);
    for (let j = 0; j < part.length; j += 0x8000) binary += String.fromCharCode(...part.subarray(j, j + 0x8000));
    out += btoa(binary);
  }
  return out;
}

// The result without its long lists: their first `size` items and their totals.
function summary(result, size) {
  const out = { ...result, totals: {} };
  for (const key of LONG_LISTS) {
    const all = result[key] || [];
    out.totals[key] = all.length;
    out[key] = all.slice(0, size);
  }
  if (result.published_lists) {
    out.published_lists = {};
    for (const [code, lst] of Object.entries(result.published_lists)) {
      const all = lst.candidates || [];
      out.published_lists[code] = { ...lst, all_candidates: undefined, candidates: all.slice(0, PUBLISHED_SHOWN), total: all.length };
    }
  }
  return out;
}

// Every outcome of the simulation in one table (a "registro" column says what each line is), after one
// line per parameter: what was asked, so the file explains itself.
const CSV_HEADER = ["registro", "vaga", "inscricao", "nome", "classificacao", "lista", "tipo_vaga", "situacao",
  "substituido_por", "de", "para", "motivo", "base_legal", "parametro", "valor"];

function simulationCsv(result, params) {
  const lines = [CSV_HEADER.join(";")];
  const add = (fields) => lines.push(CSV_HEADER.map((h) => spreadsheetCell(fields[h])).join(";"));
  const basis = (b) => (b || []).join(" ");
  for (const [name, value] of params) add({ registro: "parametro", parametro: name, valor: value });
  for (const n of result.nominations || []) {
    add({ registro: "nomeacao", vaga: n.seat, inscricao: n.candidate, nome: n.name, classificacao: n.rank,
      lista: n.list, tipo_vaga: n.seat_type, motivo: n.reason, base_legal: basis(n.basis) });
  }
  for (const e of result.excluded || []) {
    add({ registro: "excluido", inscricao: e.candidate, nome: e.name, classificacao: e.rank, situacao: e.situation,
      substituido_por: e.replaced_by, motivo: e.reason, base_legal: basis(e.basis) });
  }
  for (const u of result.unfilled_seats || []) {
    add({ registro: "vaga_nao_preenchida", vaga: u.seat, lista: u.list, motivo: u.reason, base_legal: basis(u.basis) });
  }
  for (const r of result.reverted_seats || []) {
    add({ registro: "vaga_revertida", vaga: r.seat, de: r.from, para: r.to, motivo: r.reason, base_legal: basis(r.basis) });
  }
  for (const m of result.moved || []) {
    add({ registro: "mudou_de_lista", inscricao: m.candidate, de: m.from, para: m.to, motivo: m.reason,
      base_legal: basis(m.basis) });
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

// Messages are handled one at a time, in order (a simulation's pages and CSV always come from the result
// the page shows). A simulation that a newer one has replaced before it started is not run: the page has
// already dropped it.
let latestSimulation = 0;
let queue = Promise.resolve();
self.onmessage = (event) => {
  if (event.data.type === "simular") latestSimulation = event.data.id;
  queue = queue.then(() => answer(event), () => answer(event));
};

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
