// The Edital form: its fields, the table it sends (typed or pasted, or the file chosen, sent as it is),
// the fields' errors (a typed cell marked by the line and column Python names) and the share link.
import { $, FIELDS, TOOL, URL_MAX_CARGOS, URL_MAX_CHARS, applyNorm, sentence } from "./page.js";
import { lineRows, mode, rowsToCsv } from "./rows.js";

export function form() {
  return $("form-edital");
}

export function readForm() {
  const f = form();
  const req = { command: TOOL };
  for (const name of FIELDS) {
    const field = f.elements.namedItem(name);
    if (!field || field.disabled) continue;
    if (field.value !== "") req[name] = field.value;
  }
  return req;
}

// The fields the chosen norm takes (calculadora.js built them from normas.js).
export function updateFields() {
  applyNorm(form());
}

export function clearErrors() {
  for (const p of form().querySelectorAll(".calc-erro")) {
    p.textContent = "";
    p.hidden = true;
  }
  for (const x of form().querySelectorAll("[aria-invalid]")) x.removeAttribute("aria-invalid");
}

export function showError(error) {
  let field = error.field;
  if (field === "csv") field = mode() === "colar" ? "csv" : "linhas";
  if (field === "pdf") field = "arquivo"; // pdf_tabela's refusals: beside the file field
  const box = $(`edital-${field}-erro`) || $("edital-geral-erro");
  box.textContent = sentence(error.message);
  box.hidden = false;
  let input = field === "linhas" ? null : form().elements.namedItem(field === "arquivo" ? "edital-arquivo" : field);
  if (field === "linhas") {
    // "Linha 3, coluna 2 (…)": the typed cell itself is marked
    const m = /^Linha (\d+)(?:, coluna (\d+))?/.exec(error.message);
    const tr = m && lineRows[Number(m[1])];
    if (tr) input = tr.querySelectorAll("input")[Number(m[2] || 1) - 1] || null;
  }
  if (input && input.setAttribute) {
    input.setAttribute("aria-invalid", "true");
    if (field === "linhas") input.setAttribute("aria-describedby", "edital-linhas-erro");
  }
  $("calc-anuncio").textContent = `Erro: ${box.textContent}`;
}

export function tableText() {
  return mode() === "colar" ? $("edital-csv").value : rowsToCsv();
}

export let uploaded = null; // {text, base64, nome, bytes}: the CSV chosen, while the text area holds it unchanged

export function forgetUpload() {
  uploaded = null;
}

export function shareQuery(req, table) {
  const params = new URLSearchParams();
  params.set("ferramenta", TOOL);
  for (const name of FIELDS) if (req[name] !== undefined) params.set(name, req[name]);
  const cargos = table.split(/\r\n|\n|\r/).filter((l) => l.trim()).length - 1;
  const small = table && cargos <= URL_MAX_CARGOS && table.length <= URL_MAX_CHARS;
  if (small) params.set("tabela", table);
  return { query: `?${params.toString()}#edital`, small };
}

export function toBase64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function readFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  // a text area gives its value with "\n" line breaks: compared in that form
  uploaded = { text: text.replace(/\r\n?/g, "\n"), base64: toBase64(bytes), nome: file.name, bytes };
  return text;
}
