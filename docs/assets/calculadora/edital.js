// The "Edital" tool of the calculator page: a table of cargos (typed, pasted or uploaded) goes to the
// Python rules (calculator.api.handle, command "edital") through the page's worker; the answer is shown
// as a table (status in colour AND in words), a bar chart with its text equivalent, a printable report,
// a CSV download and a share link (the table goes in the URL only when it is small).
// Own module, so the rest of the page stays as it is; it uses the page's helpers (calculadora.js).
// User text is only ever inserted with textContent / createTextNode, never as HTML.

// calculadora.js is a classic script (it also answers from the unzipped folder opened from disk); it runs
// before this module (both are deferred, in document order) and leaves its helpers in self.CotasCalculadora.
import { spreadsheetCell } from "./csvcell.js";

const { calc, MAX_CSV_BYTES, sentence, visible } = self.CotasCalculadora;

const { el, callPython, basisList, explanation, fmt, NORMS, applyNorm, setBusy, pythonWhy, reveal } = calc;
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const TOOL = "edital";
const FIELDS = ["norma", "percentual", "vinculo", "data_edital", "leitura", "nomeacoes", "vagas_sao"];
// The table of cargos goes in the link only when it is small (a few cargos): a long URL is cut by
// e-mail clients and servers, and a big table is better sent as a file.
const URL_MAX_CARGOS = 12;
const URL_MAX_CHARS = 1200;
const CHART_MAX = 40; // cargos drawn in the chart (all of them are in the table)
const DETAIL_MAX = 200; // cargos with their step-by-step explanation on the page (all in the CSV)
const STATUS = {
  conforme: { word: "conforme", mark: "✔", cls: "calc-situacao-conforme" },
  abaixo: { word: "abaixo", mark: "▼", cls: "calc-situacao-abaixo" },
  acima: { word: "acima", mark: "▲", cls: "calc-situacao-acima" },
  reserva_voluntaria: { word: "reserva voluntária", mark: "▲", cls: "calc-situacao-acima" },
  // the norm does not govern the edital (applicability), and the edital announces nothing
  nao_se_aplica: { word: "norma não se aplica", mark: "–", cls: "calc-situacao-nenhum" },
  // a minimum over a set of posts: judged on the set's total only (the foot of the table)
  conjunto: { word: "só no conjunto", mark: "∑", cls: "calc-situacao-nenhum" },
};
// The same limit and message as Python (calculator/cargos.py): refused before the file is read.
const TABLE_TOO_LARGE = "O arquivo passa de 50 MB, o limite da tabela de cargos; retire as colunas que a " +
  "ferramenta não usa ou divida a tabela.";
const KIND = { conflito: "conflito", interpretacao: "interpretação", premissa: "premissa", aviso: "aviso" };

let last = null; // {result, request} of the answer on screen
let seq = 0;

// ---------------------------------------------------------------- the typed rows
function addRow(values = {}) {
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

let lineRows = []; // line of the CSV made from the typed rows → its <tr> (to mark the cell of an error)

function rowsToCsv() {
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

function csvToRows(text) {
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

function mode() {
  return $("edital-modo-colar").checked ? "colar" : "digitar";
}

function showMode() {
  const m = mode();
  $("edital-digitar").hidden = m !== "digitar";
  $("edital-colar").hidden = m !== "colar";
}

// ---------------------------------------------------------------- form, URL
function form() {
  return $("form-edital");
}

function readForm() {
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
function updateFields() {
  applyNorm(form());
}

function clearErrors() {
  for (const p of form().querySelectorAll(".calc-erro")) {
    p.textContent = "";
    p.hidden = true;
  }
  for (const x of form().querySelectorAll("[aria-invalid]")) x.removeAttribute("aria-invalid");
}

function showError(error) {
  let field = error.field;
  if (field === "csv") field = mode() === "colar" ? "csv" : "linhas";
  const box = $(`edital-${field}-erro`) || $("edital-geral-erro");
  box.textContent = sentence(error.message);
  box.hidden = false;
  let input = field === "linhas" ? null : form().elements.namedItem(field);
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

function tableText() {
  return mode() === "colar" ? $("edital-csv").value : rowsToCsv();
}

let uploaded = null; // {text, base64}: the file chosen, while the text area still holds it unchanged

function shareQuery(req, table) {
  const params = new URLSearchParams();
  params.set("ferramenta", TOOL);
  for (const name of FIELDS) if (req[name] !== undefined) params.set(name, req[name]);
  const cargos = table.split(/\r\n|\n|\r/).filter((l) => l.trim()).length - 1;
  const small = table && cargos <= URL_MAX_CARGOS && table.length <= URL_MAX_CHARS;
  if (small) params.set("tabela", table);
  return { query: `?${params.toString()}#edital`, small };
}

// ---------------------------------------------------------------- running
async function run(push) {
  const req = readForm();
  const table = tableText();
  clearErrors();
  const out = $("edital-resultado");
  const { query, small } = shareQuery(req, table);
  if (push && query !== location.search + location.hash) history.pushState({ tool: TOOL }, "", query);
  const mine = ++seq;
  // busy as every tool of the page: the answer on screen dimmed, the load's progress or "calculando…"
  setBusy(TOOL, true);
  out.dataset.origem = "espera";
  const apiReq = { ...req };
  if (mode() === "colar" && uploaded && table === uploaded.text) apiReq.csv_base64 = uploaded.base64;
  else apiReq.csv = table;
  const answer = await callPython(apiReq);
  if (mine !== seq) return; // stale: a newer run owns the busy state
  setBusy(TOOL, false);
  if (answer.failed) {
    out.replaceChildren(el("p", { class: "calc-aviso" }, `A ferramenta Edital ${pythonWhy()}`));
    out.dataset.origem = "falha";
    reveal(out);
    return;
  }
  if (answer.crash) {
    out.replaceChildren(el("p", { class: "calc-erro" }, `Erro inesperado na calculadora: ${answer.crash}`));
    out.dataset.origem = "erro";
    return;
  }
  const response = JSON.parse(answer.response);
  if (!response.ok) {
    out.replaceChildren();
    showError(response.error);
    out.dataset.origem = "erro";
    return;
  }
  last = { result: response.result, request: req, small };
  // The report in parts, each appended in a task of its own (the headline first, in view at once): drawn in
  // one go, a report of 40 cargos kept a phone's page from responding for about a third of a second.
  const parts = render(response.result, req, small);
  out.replaceChildren(parts.shift()());
  $("calc-anuncio").textContent = response.result.headline;
  reveal(out); // a Calcular press, the example, or a link with the table: the report in view
  for (const part of parts) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (mine !== seq) return; // a newer run replaced this report
    out.append(part());
  }
  out.dataset.origem = "python"; // the whole report is there
  out.dataset.norma = req.norma || "";
}

// ---------------------------------------------------------------- rendering
function statusCell(c) {
  if (!c.status) return el("span", { class: "calc-situacao-nenhum" }, "— (não informado)");
  const s = STATUS[c.status];
  let word = s.word;
  if (c.status === "abaixo") word += ` (${c.missing === 1 ? "falta" : "faltam"} ${fmt(c.missing)})`;
  if (c.status === "acima") word += ` (+${fmt(c.excess)})`;
  return el("span", { class: `calc-situacao ${s.cls}` }, el("span", { "aria-hidden": "true" }, `${s.mark} `), word);
}

function positionsText(c) {
  if (!c.positions_total) return "—";
  const shown = c.positions.slice(0, 20).map((p) => `${fmt(p)}ª`).join(", ");
  return c.positions_total > 20 ? `${shown}, … (${fmt(c.positions_total)})` : shown;
}

const ROWS_PER_PART = 100; // table rows appended per task (a part of the report, see render)

// The table with its first ROWS_PER_PART rows; render appends the others (table.body, table.row).
function resultTable(r, table = {}) {
  const t = el("table", { class: "calc-edital-tabela", id: "edital-tabela" });
  t.append(el("caption", {}, "Reserva exigida e anunciada, cargo por cargo"));
  const head = ["Cargo", "Vagas", "Reserva exigida", "Anunciada pelo edital", r.status_label || "Situação",
    "Nomeações pela reserva"];
  t.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  const row = (c) => {
    const vac = c.nominations !== c.vacancies ? `${fmt(c.vacancies)} (${fmt(c.nominations)} nomeações)` : fmt(c.vacancies);
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

function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// Horizontal bars, two per cargo: the reserve the norm requires and the one the edital announced.
export function chart(r) {
  const cargos = r.cargos.slice(0, CHART_MAX);
  const max = Math.max(1, ...cargos.map((c) => Math.max(c.reserved, c.announced ?? 0)));
  const label = 140;
  const width = 230;
  const bar = 11;
  const rowH = 2 * bar + 12;
  const height = cargos.length * rowH + 8;
  const root = svg("svg", { viewBox: `0 0 ${label + width + 40} ${height}`, class: "calc-edital-grafico",
    "aria-hidden": "true", focusable: "false" });
  cargos.forEach((c, i) => {
    const y = i * rowH + 4;
    const name = svg("text", { x: label - 6, y: y + bar + 4, "text-anchor": "end", class: "calc-grafico-rotulo" });
    name.textContent = c.cargo.length > 22 ? `${c.cargo.slice(0, 21)}…` : c.cargo;
    root.append(name);
    const rows = [["exigida", c.reserved], ["anunciada", c.announced]];
    rows.forEach(([kind, value], k) => {
      const yy = y + k * (bar + 1);
      if (value === null || value === undefined) {
        const t = svg("text", { x: label + 2, y: yy + bar - 1, class: "calc-grafico-valor" });
        t.textContent = "não informada";
        root.append(t);
        return;
      }
      const w = (value / max) * width;
      root.append(svg("rect", { x: label, y: yy, width: Math.max(w, 1), height: bar,
        class: kind === "exigida" ? "calc-barra-exigida" : `calc-barra-anunciada calc-barra-${c.status || "nenhum"}` }));
      const t = svg("text", { x: label + Math.max(w, 1) + 4, y: yy + bar - 1, class: "calc-grafico-valor" });
      t.textContent = String(value);
      root.append(t);
    });
  });
  const fig = el("figure", { class: "calc-edital-figura" });
  fig.append(root);
  fig.append(el("ul", { class: "calc-legenda", "aria-hidden": "true" },
    el("li", {}, el("span", { class: "calc-cor calc-barra-exigida" }), " Reserva exigida pela norma"),
    el("li", {}, el("span", { class: "calc-cor calc-barra-anunciada" }), " Reserva anunciada pelo edital"),
    el("li", {}, el("span", { class: "calc-cor calc-barra-anunciada calc-barra-abaixo" }),
      " Anunciada abaixo da exigida")));
  const more = r.cargos.length > CHART_MAX ? ` O gráfico mostra os ${CHART_MAX} primeiros de ${fmt(r.cargos.length)} cargos.` : "";
  fig.append(el("figcaption", {},
    `Gráfico: reserva exigida e anunciada por cargo. Os mesmos números, em texto, estão na tabela acima.${more}`));
  // Text equivalent for screen readers: one sentence per cargo.
  const list = el("ul", { class: "calc-so-leitor" });
  for (const c of cargos) {
    list.append(el("li", {}, `${c.cargo}: exigida ${c.reserved === null ? "só no conjunto" : fmt(c.reserved)}, anunciada ${c.announced === null ? "não informada" : fmt(c.announced)}` +
      (c.status ? `, ${STATUS[c.status].word}.` : ".")));
  }
  fig.append(list);
  return fig;
}

function warningList(title, items) {
  if (!items.length) return null;
  const box = el("div", { class: "calc-avisos" }, el("h3", {}, title));
  const ul = el("ul");
  for (const { cargo, w } of items) {
    const li = el("li", {}, el("strong", {}, `(${KIND[w.kind] || "aviso"}) `), cargo ? `${cargo}: ` : "", w.message);
    const b = basisList(w.basis, "Dispositivos");
    li.append(b || el("p", { class: "calc-bases" }, "Dispositivos: sem base no corpus."));
    ul.append(li);
  }
  box.append(ul);
  return box;
}

function todayPtBr() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
}

function dateBr(iso) {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "não informada (vigência não verificada)";
}

// What the page shows of an answer: the cargo names (and the messages that quote them) come from the user's
// table, so their control and bidi characters are shown as <U+XXXX>, as the simulator shows candidates'
// names (a U+202E would display one cargo's name reversed as another's). The CSV keeps the table's text.
function shown(r) {
  const warning = (w) => ({ ...w, message: visible(w.message), cargos: w.cargos && w.cargos.map(visible) });
  return { ...r, warnings: r.warnings.map(warning),
    cargos: r.cargos.map((c) => ({ ...c, cargo: visible(c.cargo), warnings: c.warnings.map(warning) })) };
}

// The report as a list of parts, functions that each make the next piece (appended in order, one task each).
function render(answer, req, small) {
  const r = shown(answer);
  const table = {};
  const parts = [() => reportHead(r), () => resultTable(r, table)];
  for (let start = ROWS_PER_PART; start < r.cargos.length; start += ROWS_PER_PART) {
    parts.push(() => {
      table.body.append(...r.cargos.slice(start, start + ROWS_PER_PART).map(table.row));
      return "";
    });
  }
  parts.push(() => reportMiddle(r, small), () => reportEnd(r));
  return parts;
}

function reportHead(r) {
  const frag = document.createDocumentFragment();
  const report = el("div", { class: "calc-relatorio-cabecalho" });
  report.append(el("h3", {}, "Relatório de conformidade do edital"));
  report.append(el("p", {}, el("strong", {}, "Norma: "), r.norm_title));
  report.append(el("p", {}, el("strong", {}, "Data de publicação do edital: "), dateBr(r.edital_date),
    el("br"), el("strong", {}, "Percentual: "), r.percent_display || "fixado pela lei (varia com as vagas de cada cargo)",
    el("br"), el("strong", {}, "Relatório gerado em: "), todayPtBr(), " (calculado neste navegador, pelas regras do site)"));
  frag.append(report);
  frag.append(el("p", { class: "calc-resposta" }, el("strong", {}, r.headline)));
  const t = r.totals;
  const counts = t.status_counts;
  const summary = [`${fmt(t.cargos)} ${t.cargos === 1 ? "cargo" : "cargos"}, ${fmt(t.vacancies)} ${t.vacancies === 1 ? "vaga" : "vagas"}.`];
  const voluntary = counts.reserva_voluntaria || 0;
  if (counts.conforme + counts.abaixo + counts.acima + voluntary) {
    let label = r.status_label && r.status_label !== "Situação" ? `Na ${r.status_label.toLowerCase()}: c` : "C";
    // applies null: the statuses hold only if the norm governs the edital (the headline says when)
    if (r.applies === null) label = `Se a norma se aplicar ao edital: ${label === "C" ? "c" : label[0].toLowerCase() + label.slice(1)}`;
    summary.push(`${label}onforme: ${fmt(counts.conforme)}; abaixo: ${fmt(counts.abaixo)}` +
      (counts.abaixo ? ` (${t.missing === 1 ? "falta 1 vaga reservada" : `faltam ${fmt(t.missing)} vagas reservadas`})` : "") +
      `; acima: ${fmt(counts.acima)}` + (voluntary ? `; reserva voluntária: ${fmt(voluntary)}` : "") +
      `; sem número anunciado: ${fmt(counts.sem_informacao)}.`);
  }
  frag.append(el("p", { class: "calc-edital-resumo" }, summary.join(" ")));
  if (r.applies === false) {
    frag.append(el("p", { class: "calc-aviso" }, "A norma não se aplica a este edital (veja a vigência nos avisos): nenhuma vaga reservada."));
  }
  return frag;
}

function reportMiddle(r, small) {
  const frag = document.createDocumentFragment();
  frag.append(chart(r));
  const buttons = el("p", { class: "calc-botoes calc-edital-acoes" });
  const download = el("button", { type: "button", class: "md-button", id: "edital-baixar" }, "Baixar a tabela (CSV)");
  download.addEventListener("click", downloadCsv);
  const print = el("button", { type: "button", class: "md-button", id: "edital-imprimir" }, "Imprimir o relatório");
  print.addEventListener("click", printReport);
  const share = el("button", { type: "button", class: "md-button", id: "edital-copiar-link" }, "Copiar o link");
  share.addEventListener("click", copyLink);
  buttons.append(download, print, share);
  frag.append(buttons);
  frag.append(el("p", { class: "calc-dica", id: "edital-link-dica" }, small
    ? "O link leva a tabela de cargos: quem o abrir vê este mesmo resultado."
    : "A tabela é grande e não vai no link: quem o abrir recebe as opções e precisa colar ou enviar a tabela de novo."));
  const concerned = (names) => {
    if (!names || !names.length) return null;
    const shown = names.slice(0, 3).join(", ") + (names.length > 3 ? ` e mais ${fmt(names.length - 3)}` : "");
    return `${fmt(names.length)} ${names.length === 1 ? "cargo" : "cargos"} (${shown})`;
  };
  const edital = r.warnings.map((w) => ({ cargo: concerned(w.cargos), w }));
  frag.append(warningList("Avisos, conflitos e interpretações do edital", edital) || "");
  const own = r.cargos.flatMap((c) => c.warnings.map((w) => ({ cargo: c.cargo, w })));
  frag.append(warningList("Avisos de cada cargo", own) || "");
  return frag;
}

function reportEnd(r) {
  const frag = document.createDocumentFragment();
  for (const ctx of r.context || []) {
    frag.append(el("aside", { class: "calc-contexto" }, el("p", {}, ctx.text), el("p", { class: "calc-bases" }, `Fonte: ${ctx.source}.`)));
  }
  frag.append(explanation({ steps: r.steps, basis: r.basis }));
  const details = el("details", { class: "calc-detalhe calc-edital-passos" },
    el("summary", {}, "Passo a passo de cada cargo"));
  for (const c of r.cargos.slice(0, DETAIL_MAX)) {
    details.append(el("h4", {}, c.cargo));
    const ol = el("ol");
    for (const s of c.steps) {
      const li = el("li", {}, s.text);
      const b = basisList(s.basis, "Base");
      if (b) li.append(b);
      ol.append(li);
    }
    details.append(ol);
  }
  if (r.cargos.length > DETAIL_MAX) details.append(el("p", {}, `Os demais cargos estão no CSV (botão acima).`));
  frag.append(details);
  frag.append(el("p", { class: "calc-aviso calc-edital-nota" },
    "Isto é uma explicação das normas, calculada pelas regras do site: não é orientação jurídica."));
  return frag;
}

// ---------------------------------------------------------------- CSV, print, link
export function editalCsv(r) {
  const header = ["cargo", "vagas", "nomeacoes", "reserva_exigida", "reserva_anunciada", "situacao", "faltam",
    "percentual", "nomeacoes_pela_reserva", "base_legal"];
  const lines = [header.join(";")];
  for (const c of r.cargos) {
    lines.push([c.cargo, c.vacancies, c.nominations, c.reserved, c.announced, c.status, c.missing, c.percent_display,
      c.positions.join(" "), c.basis.join(" ")].map(spreadsheetCell).join(";"));
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

function downloadCsv() {
  if (!last) return;
  const blob = new Blob([editalCsv(last.result)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: "edital-reserva.csv" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function printReport() {
  // Only this tool's report is printed (calculadora.css, @media print).
  document.documentElement.classList.add("calc-imprimir-edital");
  const done = () => {
    document.documentElement.classList.remove("calc-imprimir-edital");
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}

async function copyLink() {
  const hint = $("edital-link-dica");
  try {
    await navigator.clipboard.writeText(location.href);
    hint.textContent = `Link copiado. ${hint.textContent.replace(/^Link copiado\. /, "")}`;
  } catch {
    hint.textContent = `Copie o endereço da página: ${location.href}`;
  }
}

// ---------------------------------------------------------------- wiring
async function readFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // a text area gives its value with "\n" line breaks: compared in that form
  uploaded = { text: text.replace(/\r\n?/g, "\n"), base64: btoa(binary) };
  return text;
}

function reset() {
  const f = form();
  for (const name of FIELDS) {
    const x = f.elements.namedItem(name);
    if (x) x.value = x.tagName === "SELECT" ? x.options[0].value : "";
  }
  updateFields();
  clearErrors();
  $("edital-resultado").replaceChildren();
  delete $("edital-resultado").dataset.origem;
  last = null;
  seq++; // an answer still on its way is dropped
  setBusy(TOOL, false);
}

function restore() {
  const params = new URLSearchParams(location.search);
  if (params.get("ferramenta") !== TOOL) {
    reset();
    const norm = params.get("norma");
    if (!params.get("ferramenta") && norm && NORMS[norm]) {
      form().elements.namedItem("norma").value = norm;
      updateFields();
    }
    return;
  }
  const f = form();
  for (const name of FIELDS) {
    const x = f.elements.namedItem(name);
    if (x) x.value = params.get(name) ?? (x.tagName === "SELECT" ? x.options[0].value : "");
    if (name === "norma") updateFields(); // the norm's fields and choices, before their values
  }
  updateFields();
  const table = params.get("tabela");
  if (table) {
    if (!csvToRows(table)) {
      $("edital-modo-colar").checked = true;
      $("edital-csv").value = table;
    } else {
      $("edital-modo-digitar").checked = true;
    }
    showMode();
    run(false);
  } else {
    clearErrors();
    $("edital-resultado").replaceChildren(el("p", { class: "calc-aviso", id: "edital-pede-tabela" },
      "As opções do edital foram restauradas; a tabela de cargos não veio no link: digite, cole ou envie a tabela e clique em Calcular."));
    $("edital-resultado").dataset.origem = "pede-tabela";
  }
}

function init() {
  if (!form()) return;
  for (let i = 0; i < 3; i++) addRow();
  $("edital-mais-linha").addEventListener("click", () => addRow().querySelector("input").focus());
  for (const r of document.querySelectorAll('input[name="edital-modo"]')) r.addEventListener("change", showMode);
  form().elements.namedItem("norma").addEventListener("change", updateFields);
  form().addEventListener("submit", (event) => {
    event.preventDefault();
    run(true);
  });
  // Every answer of this tool needs Python: its download starts with the first thing typed, pasted or chosen
  // in the form (filling a table takes a while), not at Calcular. Not on mere focus: Tab passes through.
  for (const type of ["input", "change"]) form().addEventListener(type, () => self.CotasCalculadora.ensurePython(), { once: true });
  $("edital-arquivo").addEventListener("change", async (event) => {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    $("edital-modo-colar").checked = true;
    showMode();
    if (file.size > MAX_CSV_BYTES) {
      clearErrors();
      showError({ field: "csv", message: TABLE_TOO_LARGE });
      event.target.value = "";
      return;
    }
    $("edital-csv").value = await readFile(file);
  });
  $("edital-exemplo").addEventListener("click", () => {
    $("edital-modo-digitar").checked = true;
    showMode();
    csvToRows("cargo;vagas;reservadas\nProfessor de Educação Básica;13;2\nTécnico de Enfermagem;5;1\nAgente Administrativo;2;0\nMédico;2;0\n");
    run(true);
  });
  showMode();
  updateFields();
  window.addEventListener("popstate", restore);
  restore();
}

init();
