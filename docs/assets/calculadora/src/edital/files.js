// The files chosen in the Edital form: one CSV (its text in the text area, sent as its bytes), one PDF (read
// here, its table rebuilt by Python and put in the form for the reader to check before Calcular), or
// several files, CSV or PDF (one edital each, each PDF's table shown to check; answered one by one and
// compared).
import { $, MAX_CSV_BYTES, TABLE_TOO_LARGE, TOOL, callPython, el, sentence, setBusy } from "./page.js";
import { replyOf } from "./reply.js";
import { csvToRows, rowsToCsv, showMode } from "./rows.js";
import { clearErrors, forgetUpload, form, readFile, showError } from "./form.js";
import { PDF_INVALID, PdfError, isPdf, readPdf } from "./pdf.js";
import { forgetSources, pdfTableId, setPdfRead, setSeveral } from "./source.js";

let choice = 0; // the latest choice: one still being read when another is made is dropped

function fileError(message) {
  clearErrors();
  showError({ field: "arquivo", message });
}

function notice(...children) {
  const box = $("edital-lida");
  box.replaceChildren(...children);
  box.hidden = false;
  box.focus(); // keyboard and screen-reader users land on what to check
}

export async function chooseFiles(input) {
  const files = [...(input.files || [])];
  if (!files.length) return;
  const mine = ++choice;
  forgetSources();
  forgetUpload();
  clearErrors();
  $("edital-modo-colar").checked = true;
  showMode();
  if (files.some((f) => f.size > MAX_CSV_BYTES)) {
    showError({ field: "csv", message: TABLE_TOO_LARGE });
    input.value = "";
    return;
  }
  const heads = await Promise.all(files.map(async (f) => new Uint8Array(await f.slice(0, 5).arrayBuffer())));
  const pdf = files.map((f, i) => isPdf(f, heads[i]));
  if (files.length > 1) await chooseSeveral(files, pdf, mine);
  else if (pdf[0]) await choosePdf(files[0], mine);
  else $("edital-csv").value = await readFile(files[0]);
}

async function chooseSeveral(files, pdf, mine) {
  const items = [];
  for (const [i, file] of files.entries()) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!pdf[i]) {
      items.push({ nome: file.name, bytes });
      continue;
    }
    const result = await pdfTable(file, mine, true);
    if (!result) return; // its refusal, naming the file, is beside the field
    items.push({ nome: file.name, bytes, origem: result.source, csv: result.csv });
  }
  if (mine !== choice) return;
  setSeveral(items);
  $("edital-csv").value = "";
  const pdfs = items.filter((f) => f.csv !== undefined).length;
  const check = pdfs ? " A tabela de cada PDF está abaixo do seu nome: confira-a e corrija o que for preciso." : "";
  notice(el("p", {}, `${items.length} arquivos escolhidos, um edital cada. Clique em Calcular: cada edital é ` +
    "respondido como se fosse o único, e os editais da mesma norma são comparados (fracionamento entre " +
    `editais).${check}`),
  el("ul", {}, ...items.map((f, i) => (f.csv === undefined ? el("li", {}, f.nome) : pdfItem(f, i)))));
}

// A PDF among several files: its name, where its table was read, and the table in a text area to check.
function pdfItem(file, i) {
  const id = pdfTableId(i);
  const area = el("textarea", { id, rows: String(Math.min(12, file.csv.split("\n").length + 1)), spellcheck: "false",
    class: "calc-edital-pdf-tabela" });
  area.value = file.csv;
  return el("li", {}, el("label", { for: id }, `${file.nome}: `, sentence(file.origem)), area);
}

// The PDF's words, page by page, with the progress in the tool's status (aria-live); a refusal beside the
// field (naming the file when it is one of several), and null.
async function pdfWords(file, mine, named) {
  const status = $("edital-estado");
  const submit = form().querySelector("button[type=submit]");
  const which = named ? ` “${file.name}”` : "";
  submit.disabled = true;
  try {
    return await readPdf(file, (n, total) => {
      if (mine === choice) status.textContent = `Lendo o PDF${which}: página ${n} de ${total}…`;
    });
  } catch (err) {
    if (mine === choice) fileError(`${named ? `“${file.name}”: ` : ""}${err instanceof PdfError ? err.message : PDF_INVALID}`);
    return null;
  } finally {
    if (mine === choice) {
      status.textContent = "";
      submit.disabled = false;
    }
  }
}

// The PDF's vacancy table, rebuilt by Python (command "pdf_tabela"), or null with its refusal shown.
async function pdfTable(file, mine, named) {
  const read = await pdfWords(file, mine, named);
  if (!read || mine !== choice) return null;
  setBusy(TOOL, true); // Python rebuilds the table: its load's progress, or "calculando…"
  const answer = await callPython({ command: "pdf_tabela", nome: file.name, paginas: read.pages,
    palavras: read.words });
  if (mine !== choice) return null;
  setBusy(TOOL, false);
  const { result, message } = replyOf(answer, "A leitura do PDF");
  if (message) fileError(message); // Python's message names the PDF
  return message ? null : result;
}

async function choosePdf(file, mine) {
  const result = await pdfTable(file, mine, false);
  if (!result) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (mine !== choice) return;
  // the table as the form holds it unedited: the report says when the reader changed it
  setPdfRead({ nome: file.name, bytes, origem: result.source, csv: confirmTable(file.name, result) });
}

// The rebuilt table in the form's own editable table (the typed rows when its columns are theirs, else the
// text area), under a notice that says where it was read and asks the reader to check it; the table's text
// as the form now sends it.
function confirmTable(name, result) {
  const typed = csvToRows(result.csv);
  $(typed ? "edital-modo-digitar" : "edital-modo-colar").checked = true;
  if (!typed) $("edital-csv").value = result.csv;
  showMode();
  const where = sentence(result.source).replace(/[.:;]?$/, ".");
  const children = [el("p", {}, el("strong", {}, `Tabela lida do PDF “${name}”. `), where,
    " Confira e corrija a tabela abaixo antes de calcular; depois clique em Calcular.")];
  const warnings = (result.warnings || []).map((w) => (typeof w === "string" ? w : w.message));
  if (warnings.length) children.push(el("ul", {}, ...warnings.map((w) => el("li", {}, w))));
  notice(...children);
  return typed ? rowsToCsv() : result.csv;
}
