// Where the table of cargos came from, for the report's list of inputs (each with its SHA-256): a PDF read
// and confirmed on the page, several CSV files (one edital each), a CSV file, or the table typed or pasted.
import { $ } from "./page.js";
import { mode } from "./rows.js";
import { toBase64, uploaded } from "./form.js";
import { sha256Hex } from "./digest.js";

export let pdfRead = null; // {nome, bytes, origem, csv}: the PDF whose rebuilt table the form holds
export let severalFiles = null; // [{nome, bytes, origem?, csv?}]: files chosen together, one edital each (a
// PDF's with where its table was read and that table as rebuilt, shown to check in pdfTableId(i))

export function setPdfRead(value) {
  pdfRead = value;
}

export function setSeveral(value) {
  severalFiles = value;
}

// The notice above the table (the PDF's table to check, the files chosen), hidden.
export function hideNotice() {
  const box = $("edital-lida");
  box.replaceChildren();
  box.hidden = true;
}

export function forgetSources() {
  pdfRead = null;
  severalFiles = null;
  hideNotice();
}

export function pdfTableId(i) {
  return `edital-pdf-tabela-${i + 1}`;
}

// The editais of several files: a CSV's bytes as they are, a PDF's table as the reader left it.
export function severalEditais() {
  return severalFiles.map((f, i) => (f.csv === undefined ? { nome: f.nome, csv_base64: toBase64(f.bytes) }
    : { nome: f.nome, csv: $(pdfTableId(i)).value }));
}

const normal = (text) => text.replace(/\r\n?/g, "\n").trim();

// A PDF's input: the PDF itself, and where its table was read (and whether the reader corrected it).
function pdfInput(file, table) {
  const corrected = normal(table) !== normal(file.csv);
  return { nome: file.nome, data: file.bytes,
    origem: file.origem + (corrected ? " (tabela conferida e corrigida na página)" : "") };
}

// What the request about to be sent was made from: [{nome, data (bytes or text), origem?}].
export function inputsOf(apiReq) {
  if (apiReq.editais) {
    return severalFiles.map((f, i) => (f.csv === undefined ? { nome: f.nome, data: f.bytes }
      : pdfInput(f, apiReq.editais[i].csv)));
  }
  const table = apiReq.csv ?? "";
  if (pdfRead) return [pdfInput(pdfRead, table)];
  if (apiReq.csv_base64 !== undefined && uploaded) return [{ nome: uploaded.nome, data: uploaded.bytes }];
  return [{ nome: mode() === "colar" ? "tabela colada na página" : "tabela digitada na página", data: table }];
}

// The report's "arquivos": each input's name, SHA-256 and, for a PDF, where the table was read.
export function reportFiles(inputs) {
  return Promise.all(inputs.map(async ({ nome, data, origem }) =>
    ({ nome, sha256: await sha256Hex(data), ...(origem ? { origem } : {}) })));
}
