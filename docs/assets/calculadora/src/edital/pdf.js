// Reading a PDF chosen in the Edital form: PDF.js (pdfjs-dist, copied into the site by sitebuild/pdfjs.py)
// imported only when a PDF is chosen, and every page's text items as the words Python rebuilds the table
// from (command "pdf_tabela"): [page, x0, x1, top, bottom, text], in PDF points, y from the page's top.

// Beside the joined edital.js (assets/calculadora/), whatever sub-path the site is served from.
const LIBRARY = "./pdfjs/pdf.min.mjs";
const WORKER = "./pdfjs/pdf.worker.min.mjs";

export const PDF_PROTECTED = "PDF protegido por senha: o navegador não abre um PDF com senha. Abra-o no seu " +
  "leitor de PDF, salve uma cópia sem senha e envie essa cópia (ou copie a tabela e cole-a acima).";
export const PDF_INVALID = "O arquivo não é um PDF válido (ou está danificado): confira se ele abre num leitor " +
  "de PDF, ou copie a tabela do edital e cole-a acima.";
export const PDF_NO_READER = "Não foi possível carregar o leitor de PDF desta página. Sem conexão, ele só " +
  "funciona depois de ter lido um PDF com conexão uma vez; copie a tabela do edital e cole-a acima.";

export class PdfError extends Error {}

let library = null;

function pdfjs() {
  if (!library) {
    library = import(LIBRARY).then((lib) => {
      lib.GlobalWorkerOptions.workerSrc = new URL(WORKER, import.meta.url).href;
      return lib;
    });
    library.catch(() => { library = null; }); // offline now, online later: tried again
  }
  return library;
}

export function isPdf(file, head) {
  // the file's first bytes decide ("%PDF-"), whatever its name or type says
  return head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46 ||
    /\.pdf$/i.test(file.name) || file.type === "application/pdf";
}

const round = (n) => Math.round(n * 100) / 100;

// One text item as [page, x0, x1, top, bottom, text]: its box in the viewport of scale 1 (points, y down,
// the page's rotation applied), from its baseline origin, its direction (times item.width, the advance in
// points) and its height vector (the font's size).
export function itemWord(lib, viewport, pageNumber, item) {
  const [a, b, c, d, e, f] = lib.Util.transform(viewport.transform, item.transform);
  const scale = Math.hypot(a, b) || 1;
  const run = [(a / scale) * item.width, (b / scale) * item.width];
  const xs = [e, e + run[0], e + c, e + run[0] + c];
  const ys = [f, f + run[1], f + d, f + run[1] + d];
  return [pageNumber, round(Math.min(...xs)), round(Math.max(...xs)), round(Math.min(...ys)),
    round(Math.max(...ys)), item.str];
}

async function open(task) {
  try {
    return await task.promise;
  } catch (err) {
    throw new PdfError(err && err.name === "PasswordException" ? PDF_PROTECTED : PDF_INVALID);
  }
}

// The file's words, page by page; progress(page, pages) before each page.
export async function readPdf(file, progress) {
  let lib;
  try {
    lib = await pdfjs();
  } catch {
    throw new PdfError(PDF_NO_READER);
  }
  // isEvalSupported: false: no code compiled from strings (the site's CSP has no 'unsafe-eval'); the file's
  // bytes are all there: nothing is fetched for it
  const task = lib.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false,
    disableFontFace: true, useWorkerFetch: false, disableAutoFetch: true, disableStream: true });
  try {
    const doc = await open(task);
    const words = [];
    for (let n = 1; n <= doc.numPages; n++) {
      progress(n, doc.numPages);
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (item.str && item.str.trim()) words.push(itemWord(lib, viewport, n, item));
      }
      page.cleanup();
    }
    return { pages: doc.numPages, words };
  } catch (err) {
    throw err instanceof PdfError ? err : new PdfError(PDF_INVALID);
  } finally {
    task.destroy();
  }
}
