// The wasm as a stream, decompressed as it arrives, so that the browser compiles it while it downloads;
// the moments its download nearly ends and ends start the next downloads.
import { nativeFetch, readAll, received, reportDownload } from "./transfer.js";
import { fetchFile, fetchPacked, firstTwin, signed } from "./codecs.js";
import { keepLater, kept } from "./store.js";

// The wasm as a stream, decompressed as it arrives, so that the browser compiles it while it downloads
// (WebAssembly.instantiateStreaming) instead of after; the bytes are also kept whole for a second start
// (the plain start after a failed snapshot start). onEnd runs once, when the last byte has arrived: from the
// stream's end where there is a stream, else as the first reaction to the whole bytes. onNearEnd runs once,
// when what is left of the download should take no longer than a new request takes to answer (the wasm's own
// time to its first byte), judged from the rate seen so far; at once where that cannot be judged.
export function streamPacked(url, type, onEnd = () => {}, onNearEnd = () => {}) {
  const name = url.pathname.split("/").pop();
  let endCalled = false;
  const ended = () => {
    if (!endCalled) {
      endCalled = true;
      onEnd();
    }
  };
  let nearEndCalled = false;
  const nearEnd = () => {
    if (!nearEndCalled) {
      nearEndCalled = true;
      onNearEnd();
    }
  };
  const whole = (promise) => {
    nearEnd();
    promise.then(ended, () => {});
    return promise;
  };
  if (typeof ReadableStream === "undefined" || typeof TransformStream === "undefined") {
    return { bytes: whole(fetchFile(url, type)) };
  }
  const asked = performance.now();
  let branch = null;
  let fromCache = null;
  let branchReady;
  const started = new Promise((resolve) => { branchReady = resolve; });
  const bytes = (async () => {
    // kept from an earlier visit (store.js): the cache's own response goes to the compile, so that the
    // browser's code cache can recognise it
    const hit = await kept(url);
    if (hit) {
      self.packedVia[name] = "cache";
      fromCache = hit.clone();
      branchReady();
      const all = new Uint8Array(await hit.arrayBuffer());
      nearEnd();
      ended();
      return all;
    }
    const twin = await firstTwin(url);
    const r = twin && twin.response.body ? twin.response : null;
    if (!r) {
      branchReady();
      nearEnd();
      self.packedVia[name] = "original";
      const plain = await nativeFetch(url);
      if (!plain.ok) throw new Error(`${name}: HTTP ${plain.status}`);
      const all = await readAll(plain);
      ended();
      keepLater(url, all, type);
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
          ended();
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
    // a twin that does not decode (a cut or corrupted copy): the rest of the file comes from the next twin
    // or the original, so the compile that is reading the stream goes on instead of failing
    const rest = async () => {
      self.packedVia[name] = `${twin.codec.suffix}-quebrado`;
      const whole = await fetchPacked(url, true, twin.next);
      ended();
      return whole;
    };
    const [forPyodide, forCopy] = resumed(decoded, rest).tee();
    branch = forPyodide;
    branchReady();
    const copy = new Response(forCopy).arrayBuffer().then((b) => new Uint8Array(b));
    keepLater(url, copy, type);
    return copy;
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
      if (fromCache) {
        const r = fromCache;
        fromCache = null;
        return r;
      }
      const b = branch;
      branch = null;
      return b ? new Response(b, { headers: { "Content-Type": type } }) : null;
    },
  };
}

// The decoded stream, and where it fails, the bytes after those already given from whole() (the file
// from another source): a reader sees one file either way.
function resumed(decoded, whole) {
  const reader = decoded.getReader();
  let given = 0;
  return new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch {
        const bytes = await whole();
        if (bytes.length > given) controller.enqueue(bytes.subarray(given));
        controller.close();
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      given += chunk.value.length;
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
