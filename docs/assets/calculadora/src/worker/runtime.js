// Pyodide's own loads answered with the bytes fetched here: its JavaScript half imported from the
// decompressed bytes (where the site's policy allows blob: scripts), the calculator's zip fetched once the
// runtime's last byte is in, and self.fetch answering Pyodide's requests for the wasm and the standard
// library.
import { ASM, CALCULATOR_ZIP } from "./files.js";
import { nativeFetch } from "./transfer.js";
import { fetchFile } from "./codecs.js";

async function importBytes(bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// Pyodide's module factory from a twin of pyodide.asm.mjs, or null (Pyodide then imports the file).
export async function packedFactory() {
  try {
    const probe = await importBytes(new TextEncoder().encode("export default 1;"));
    if (probe.default !== 1) return null;
  } catch {
    return null; // blob: scripts not allowed here
  }
  try {
    const module = await importBytes(await fetchFile(ASM, "text/javascript"));
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
export function calculatorZip() {
  if (!calculatorDownload) {
    calculatorDownload = fetchFile(CALCULATOR_ZIP, "application/zip", false);
    calculatorDownload.catch(() => {});
  }
  return calculatorDownload;
}

// Pyodide fetches pyodide.asm.wasm and python_stdlib.zip itself: its requests for them are answered with
// the bytes fetched and decompressed above (the wasm's first request with its stream, later ones with a
// fresh Response of the whole bytes, so a fallback start after a failed snapshot start reuses them).
export const prefetched = new Map();
self.fetch = (input, init) => {
  const href = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
  const hit = prefetched.get(href);
  if (hit) {
    const whole = () => hit.bytes.then((bytes) => new Response(bytes, { headers: { "Content-Type": hit.type } }));
    return hit.takeStream ? hit.takeStream().then((streamed) => streamed || whole()) : whole();
  }
  return nativeFetch(input, init);
};
