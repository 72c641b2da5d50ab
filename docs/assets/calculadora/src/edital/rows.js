// The typed rows of the table of cargos: adding and removing a row, the rows as CSV and back (the share
// link carries a small table), and the choice between typing and pasting.
import { $, el } from "./page.js";

export function addRow(values = {}) {
  const body = $("edital-linhas").tBodies[0];
  const i = body.rows.length + 1;
  const cell = (name, label, mode) => {
    const input = el("input", { type: "text", name: `linha-${name}`, "aria-label": `${label}, linha ${i}`,
      autocomplete: "off", ...(mode ? { inputmode: mode } : {}) });
    input.value = values[name] ?? "";
    return el("td", {}, input);
  };
  const remove = el("button", { type: "button", class: "md-button calc-remover", "aria-label": `Remover a linha ${i}` }, "Remover");
  const tr = el("tr", {}, cell("cargo", "Cargo"), cell("vagas", "Vagas", "numeric"),
    cell("reservadas", "Reservadas pelo edital", "numeric"), el("td", {}, remove));
  remove.addEventListener("click", () => {
    tr.remove();
    if (!body.rows.length) addRow();
  });
  body.append(tr);
  return tr;
}

function csvCell(value) {
  const s = String(value ?? "");
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export let lineRows = []; // line of the CSV made from the typed rows → its <tr> (to mark the cell of an error)

export function rowsToCsv() {
  const lines = ["cargo;vagas;reservadas"];
  lineRows = [null, null];
  for (const tr of $("edital-linhas").tBodies[0].rows) {
    const v = [...tr.querySelectorAll("input")].map((i) => i.value.trim());
    if (v.every((x) => x === "")) continue;
    lines.push(v.map(csvCell).join(";"));
    lineRows.push(tr);
  }
  return lines.length > 1 ? `${lines.join("\n")}\n` : "";
}

export function csvToRows(text) {
  // Fills the typed rows from a small table (the share link); quotes are handled, the separator guessed.
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim());
  if (!lines.length) return false;
  const sep = (lines[0].match(/;/g) || []).length >= (lines[0].match(/,/g) || []).length ? ";" : ",";
  const split = (line) => {
    const out = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === sep) { out.push(cur); cur = ""; } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const header = split(lines[0]).map((h) => h.trim().toLowerCase());
  if (header.join("|") !== "cargo|vagas|reservadas") return false;
  const body = $("edital-linhas").tBodies[0];
  body.replaceChildren();
  for (const line of lines.slice(1)) {
    const [cargo, vagas, reservadas] = split(line);
    addRow({ cargo, vagas, reservadas });
  }
  return true;
}

export function mode() {
  return $("edital-modo-colar").checked ? "colar" : "digitar";
}

export function showMode() {
  const m = mode();
  $("edital-digitar").hidden = m !== "digitar";
  $("edital-colar").hidden = m !== "colar";
}
