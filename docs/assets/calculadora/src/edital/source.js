// Where the table of cargos came from, for the report's list of inputs (each with its SHA-256): a PDF read
// and confirmed on the page, several CSV files (one edital each), a CSV file, or the table typed or pasted.
import { $ } from "./page.js";
import { mode } from "./rows.js";
import { uploaded } from "./form.js";
import { sha256Hex } from "./digest.js";

export let pdfRead = null; // {nome, bytes, origem, csv}: the PDF whose rebuilt table the form holds
export let severalFiles = null; // [{nome, bytes}]: CSV files chosen together, one edital each

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

// What the request about to be sent was made from: [{nome, data (bytes or text), origem?}].
export function inputsOf(apiReq) {
  if (apiReq.editais) return severalFiles.map((f) => ({ nome: f.nome, data: f.bytes }));
  const table = apiReq.csv ?? "";
  if (pdfRead) {
    const corrected = table.replace(/\r\n?/g, "\n").trim() !== pdfRead.csv.replace(/\r\n?/g, "\n").trim();
    return [{ nome: pdfRead.nome, data: pdfRead.bytes,
      origem: pdfRead.origem + (corrected ? " (tabela conferida e corrigida na página)" : "") }];
  }
  if (apiReq.csv_base64 !== undefined && uploaded) return [{ nome: uploaded.nome, data: uploaded.bytes }];
  return [{ nome: mode() === "colar" ? "tabela colada na página" : "tabela digitada na página", data: table }];
}

// The report's "arquivos": each input's name, SHA-256 and, for a PDF, where the table was read.
export function reportFiles(inputs) {
  return Promise.all(inputs.map(async ({ nome, data, origem }) =>
    ({ nome, sha256: await sha256Hex(data), ...(origem ? { origem } : {}) })));
}
