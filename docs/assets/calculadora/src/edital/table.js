// The report's table, cargo by cargo: the required and the announced reserve, the status in colour and
// in words, the nominations by the reserve, and the totals.
import { STATUS, el, fmt } from "./page.js";

function statusCell(c) {
  if (!c.status) return el("span", { class: "calc-situacao-nenhum" }, "— (não informado)");
  const s = STATUS[c.status];
  let word = s.word;
  if (c.status === "abaixo") word += ` (${c.missing === 1 ? "falta" : "faltam"} ${fmt(c.missing)})`;
  if (c.status === "acima") word += ` (+${fmt(c.excess)})`;
  const cell = el("span", { class: `calc-situacao ${s.cls}` }, el("span", { "aria-hidden": "true" }, `${s.mark} `), word);
  // the status flips under the other reading of the count: said beside it, never folded
  if (!c.status_note) return cell;
  return el("span", {}, cell, el("small", { class: "calc-situacao-nota" }, ` (${c.status_note})`));
}

function positionsText(c) {
  if (!c.positions_total) return "—";
  const shown = c.positions.slice(0, 20).map((p) => `${fmt(p)}ª`).join(", ");
  return c.positions_total > 20 ? `${shown}, … (${fmt(c.positions_total)})` : shown;
}

export const ROWS_PER_PART = 100; // table rows appended per task (a part of the report, see render)

// The table with its first ROWS_PER_PART rows; render appends the others (table.body, table.row). ``id``:
// another one for each edital when several are answered together.
export function resultTable(r, table = {}, id = "edital-tabela") {
  const t = el("table", { class: "calc-edital-tabela", id });
  t.append(el("caption", {}, "Reserva exigida e anunciada, cargo por cargo"));
  const head = ["Cargo", "Vagas", "Reserva exigida", "Anunciada pelo edital", r.status_label || "Situação",
    "Nomeações pela reserva"];
  t.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  let section = null; // the edital's section heading ("NÍVEL MÉDIO") the rows are under, shown once above them
  const row = (c) => {
    const vac = c.nominations !== c.vacancies ? `${fmt(c.vacancies)} (${fmt(c.nominations)} nomeações)` : fmt(c.vacancies);
    const out = document.createDocumentFragment();
    if (c.section && c.section !== section) {
      section = c.section;
      out.append(el("tr", { class: "calc-secao" }, el("th", { scope: "colgroup", colspan: String(head.length) }, c.section)));
    }
    out.append(cargoRow(c, vac));
    return out;
  };
  const cargoRow = (c, vac) => {
    return el("tr", { "data-status": c.status || "" },
      el("th", { scope: "row", "data-rotulo": head[0] }, c.cargo),
      el("td", { "data-rotulo": head[1] }, vac),
      el("td", { "data-rotulo": head[2] }, c.reserved === null ? "— (só no conjunto)" : fmt(c.reserved)),
      el("td", { "data-rotulo": head[3] }, c.announced === null ? "—" : fmt(c.announced)),
      el("td", { "data-rotulo": head[4] }, statusCell(c)),
      el("td", { "data-rotulo": head[5] }, positionsText(c)));
  };
  body.append(...r.cargos.slice(0, ROWS_PER_PART).map(row));
  Object.assign(table, { body, row });
  t.append(body);
  const tot = r.totals;
  const footRow = (title, reserved, status) =>
    el("tr", {}, el("th", { scope: "row" }, title),
      el("td", { "data-rotulo": head[1] }, fmt(tot.vacancies)),
      el("td", { "data-rotulo": head[2] }, fmt(reserved)),
      el("td", { "data-rotulo": head[3] }, tot.announced === null ? "—" : fmt(tot.announced)),
      el("td", { "data-rotulo": head[4] }, status ? statusCell({ status, missing: reserved - tot.announced,
        excess: tot.announced - reserved }) : "—"),
      el("td", { class: "calc-vazio" }, ""));
  t.append(el("tfoot", {}, footRow("Total (soma por cargo)", tot.reserved, tot.status),
    footRow("Concurso como um todo", tot.reserved_aggregated, tot.status_aggregated)));
  return el("div", { class: "calc-rolagem" }, t);
}
