// The forms and the address: reading a tool's form, filling it from a link (?ferramenta=…) and writing
// the link back, the fields' errors, the checks made before any answer, and the classification file chosen
// for the simulation.
import { CSV_TOO_LARGE, FIELDS, MAX_CSV_BYTES, NOT_IN_URL, SECTION_OF, TOOLS } from "./config.js";
import { $ } from "./dom.js";
import { validDate } from "./tables.js";
import { applyNorm } from "./fields.js";

export const lastRequest = {};

export function formOf(tool) {
  return $(`form-${tool}`);
}

export function readForm(tool) {
  const form = formOf(tool);
  const req = { command: tool };
  for (const name of FIELDS[tool]) {
    const field = form.elements.namedItem(name);
    if (!field || field.disabled) continue;
    const value = field.type === "checkbox" ? (field.checked ? field.value : "") : field.value;
    if (value !== "") req[name] = value;
  }
  return req;
}

const FIELD_NAMES = { norma: "a norma", vinculo: "o tipo de vínculo", leitura: "a leitura da alternância" };
const fieldName = (form, name) => {
  if (FIELD_NAMES[name]) return FIELD_NAMES[name];
  const label = form.querySelector(`[data-campo="${name}"] label`);
  return label ? `“${label.textContent}”` : name;
};

// Fills the form from the address. A value the field cannot hold (an unknown norm, a date that does not
// exist such as 2020-02-30) is not dropped silently: it is returned as an error for that field.
export function fillForm(tool, req, keepLocal = true) {
  const form = formOf(tool);
  const errors = [];
  for (const name of FIELDS[tool]) {
    const field = form.elements.namedItem(name);
    if (!field || (keepLocal && NOT_IN_URL.has(name))) continue;
    const raw = req[name];
    if (field.disabled && raw !== undefined) {
      // a field the norm does not take: said, never dropped silently (its own box is hidden)
      errors.push({ field: null, message: `O link traz ${fieldName(form, name)} (“${raw}”), que a norma escolhida não usa. Confira a norma e os campos e calcule de novo.` });
      continue;
    }
    if (field.type === "checkbox") field.checked = raw === field.value;
    else if (field.tagName === "SELECT") {
      const known = [...field.options].some((o) => o.value === raw);
      field.value = raw !== undefined && known ? raw : field.options[0].value;
      if (raw !== undefined && !known) {
        errors.push({ field: name, message: `O link traz um valor desconhecido para ${fieldName(form, name)}: “${raw}”. Escolha uma das opções da lista.` });
      }
      if (name === "norma") applyNorm(form); // the fields and choices of the norm, before their values
    } else if (field.type === "date") {
      field.value = raw && validDate(raw) ? raw : "";
      if (raw && !validDate(raw)) {
        errors.push({ field: name, message: `Data inválida no link: “${raw}”. Informe uma data que exista (dia, mês e ano).` });
      }
    } else field.value = raw ?? "";
  }
  applyNorm(form);
  return errors;
}

export let uploaded = null; // {file, text}: the file chosen, while the text area still holds it unchanged
export function setUploaded(value) {
  uploaded = value;
}

export function stateToQuery(tool, req) {
  const params = new URLSearchParams();
  params.set("ferramenta", tool);
  for (const name of FIELDS[tool]) {
    if (req[name] === undefined || NOT_IN_URL.has(name)) continue;
    params.set(name, req[name]);
  }
  return `?${params.toString()}#${SECTION_OF[tool]}`;
}

export function queryToState() {
  const params = new URLSearchParams(location.search);
  const tool = params.get("ferramenta");
  if (!TOOLS.includes(tool)) return null;
  const req = { command: tool };
  for (const name of FIELDS[tool]) if (params.has(name) && !NOT_IN_URL.has(name)) req[name] = params.get(name);
  return { tool, req };
}

export function clearErrors(tool) {
  const form = formOf(tool);
  for (const p of form.querySelectorAll(".calc-erro")) {
    p.textContent = "";
    p.hidden = true;
  }
  for (const f of form.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
}

// Python's messages may start in lowercase ("o número de vagas deve ser…"); shown alone, they start with a capital.
export const sentence = (text) => {
  const s = String(text ?? "");
  return s ? s[0].toLocaleUpperCase("pt-BR") + s.slice(1) : s;
};

export function showError(tool, error) {
  const field = error.field && formOf(tool).elements.namedItem(error.field);
  const target = (field && $(`${tool}-${error.field}-erro`)) || $(`${tool}-geral-erro`);
  target.textContent = sentence(error.message);
  target.hidden = false;
  if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
}

// Checks made here, before any answer: they need no Python (an empty form never downloads it).
export function localErrors(tool, req) {
  const errors = [];
  const form = formOf(tool);
  const date = form.elements.namedItem("data_edital");
  if (date && !date.disabled && date.validity && date.validity.badInput) {
    errors.push({ field: "data_edital", message: "Data inválida: confira o dia, o mês e o ano (a data precisa existir no calendário)." });
  }
  if (!req.vagas) errors.push({ field: "vagas", message: "Informe o número de vagas." });
  if (tool === "simular") {
    if (!req.csv && !uploaded) errors.push({ field: "csv", message: "Cole a lista de classificação ou envie um arquivo CSV." });
    if (req.csv && req.csv.length > MAX_CSV_BYTES) errors.push({ field: "csv", message: CSV_TOO_LARGE });
  }
  return errors;
}
