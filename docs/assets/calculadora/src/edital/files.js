// The files chosen in the Edital form: one CSV (its text in the text area, sent as its bytes), one PDF (read
// here, its table rebuilt by Python and put in the form for the reader to check before Calcular), or
// several CSV files (one edital each, answered one by one and compared).
import { $, MAX_CSV_BYTES, TABLE_TOO_LARGE, TOOL, callPython, el, sentence, setBusy } from "./page.js";
import { replyOf } from "./reply.js";
import { csvToRows, rowsToCsv, showMode } from "./rows.js";
import { clearErrors, forgetUpload, form, readFile, showError } from "./form.js";
import { PDF_INVALID, PdfError, isPdf, readPdf } from "./pdf.js";
import { forgetSources, setPdfRead, setSeveral } from "./source.js";

const MIXED = "Um PDF vai sozinho: envie-o num arquivo só, confira a tabela lida e clique em Calcular. " +
  "Vários arquivos de uma vez, só em CSV (um por edital).";
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
  const pdfs = files.filter((f, i) => isPdf(f, heads[i]));
  if (files.length > 1 && pdfs.length) {
    fileError(MIXED);
    input.value = "";
  } else if (files.length > 1) {
    await chooseSeveral(files, mine);
  } else if (pdfs.length) {
    await choosePdf(files[0], mine);
  } else {
    $("edital-csv").value = await readFile(files[0]);
  }
}

async function chooseSeveral(files, mine) {
  const items = [];
  for (const file of files) items.push({ nome: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (mine !== choice) return;
  setSeveral(items);
  $("edital-csv").value = "";
  const list = el("ul", {}, ...items.map((f) => el("li", {}, f.nome)));
  notice(el("p", {}, `${items.length} arquivos escolhidos, um edital cada. Clique em Calcular: cada edital é ` +
    "respondido como se fosse o único, e os editais da mesma norma são comparados (fracionamento entre editais)."),
  list);
}

// The PDF's words, page by page, with the progress in the tool's status (aria-live).
async function pdfWords(file, mine) {
  const status = $("edital-estado");
  const submit = form().querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    return await readPdf(file, (n, total) => {
      if (mine === choice) status.textContent = `Lendo o PDF: página ${n} de ${total}…`;
    });
  } catch (err) {
    if (mine === choice) fileError(err instanceof PdfError ? err.message : PDF_INVALID);
    return null;
  } finally {
    if (mine === choice) {
      status.textContent = "";
      submit.disabled = false;
    }
  }
}

async function choosePdf(file, mine) {
  const read = await pdfWords(file, mine);
  if (!read || mine !== choice) return;
  setBusy(TOOL, true); // Python rebuilds the table: its load's progress, or "calculando…"
  const answer = await callPython({ command: "pdf_tabela", nome: file.name, paginas: read.pages,
    palavras: read.words });
  if (mine !== choice) return;
  setBusy(TOOL, false);
  const { result, message } = replyOf(answer, "A leitura do PDF");
  if (message) {
    fileError(message);
    return;
  }
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
