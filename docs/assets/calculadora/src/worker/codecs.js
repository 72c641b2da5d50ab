// The compressed twins of the files (".zst", else ".gz"; sitebuild/distribution.py writes them): the first
// twin the server has, and its bytes decompressed here, by fzstd (npm, pinned; the build copies it beside
// worker.js) or by the browser's DecompressionStream. A server that decodes a twin on the way
// (Content-Encoding) is recognised by the missing signature; self.packedVia records which way each file
// came (the tests read it).
import { Decompress as ZstdDecompress, decompress as zstdDecompress } from "../../fzstd.mjs";
import { nativeFetch, readAll } from "./transfer.js";
import { keepLater, kept } from "./store.js";

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

// The twin's address: the suffix on the path, the query (the version) kept after it.
function twinURL(url, suffix) {
  const twin = new URL(url.href);
  twin.pathname += `.${suffix}`;
  return twin.href;
}

export const signed = (head, magic) => head.length >= magic.length && magic.every((b, i) => head[i] === b);

async function fetchOk(href) {
  try {
    const r = await nativeFetch(href);
    return r.ok ? r : null;
  } catch {
    return null;
  }
}

// The first twin of url the server has, from the codec at index `from` on: { codec, response, next }, or null
// (then the original is fetched).
export async function firstTwin(url, from = 0) {
  for (let i = from; i < CODECS.length; i++) {
    const codec = CODECS[i];
    if (!codec.usable()) continue;
    const r = await fetchOk(twinURL(url, codec.suffix));
    if (r) return { codec, response: r, next: i + 1 };
  }
  return null;
}

// The bytes of url, fetched as a twin where possible. A twin that does not decode (truncated, corrupted on
// the server) is passed over for the next twin, then the original: each is a whole copy of the same file.
// self.packedVia records which way each file came.
self.packedVia = {};
export async function fetchPacked(url, counted = true, from = 0) {
  const name = url.pathname.split("/").pop();
  for (let twin = await firstTwin(url, from); twin; twin = await firstTwin(url, twin.next)) {
    const raw = await readAll(twin.response, counted);
    const packed = signed(raw, twin.codec.magic);
    try {
      const bytes = packed ? await twin.codec.whole(raw) : raw;
      self.packedVia[name] = packed ? twin.codec.suffix : `${twin.codec.suffix}-decodificado-pelo-servidor`;
      return bytes;
    } catch {
      self.packedVia[name] = `${twin.codec.suffix}-quebrado`;
    }
  }
  const r = await nativeFetch(url);
  if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
  self.packedVia[name] = self.packedVia[name] ? `${self.packedVia[name]}, original` : "original";
  return readAll(r, counted);
}

// The bytes of url from this browser's cache of decoded files (store.js), else fetched as above and kept
// there for the next visit.
export async function fetchFile(url, type, counted = true) {
  const hit = await kept(url);
  if (hit) {
    self.packedVia[url.pathname.split("/").pop()] = "cache";
    return new Uint8Array(await hit.arrayBuffer());
  }
  const bytes = fetchPacked(url, counted);
  keepLater(url, bytes, type);
  return bytes;
}
