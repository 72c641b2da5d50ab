// Rendering a simulation: its summary, the long lists a page at a time (the worker keeps the whole
// result), and the download of the complete CSV.
import { FIELDS, LIST_NAMES, NORMS, PAGE_SIZE } from "./config.js";
import { el, fmt } from "./dom.js";
import { basisList, explanation } from "./refs.js";
import { callWorker } from "./worker_client.js";
import { uploaded } from "./form_state.js";
import { appliesNote, headline } from "./render.js";

let lastSimulation = null;

function reasonBlock(text, basis) {
  const div = el("div", { class: "calc-motivo-texto" });
  div.append(el("p", {}, el("strong", {}, "Por quê: "), text || "—"));
  const b = basisList(basis, "Base");
  if (b) div.append(b);
  return div;
}

// A compact table: one row of short cells per item, then a full-width row with its reason and legal
// basis (a long text never squeezes into a narrow column). On narrow screens (calculadora.css) each
// item becomes a card: every cell on its own line, labelled with its column header (data-rotulo).
function tableBody(t, headers, rows) {
  for (const tb of t.querySelectorAll("tbody")) tb.remove();
  appendItems(t, headers, rows);
}

function appendItems(t, headers, rows) {
  for (const { cells, reason, basis } of rows) {
    const tbody = el("tbody", { class: "calc-item" });
    tbody.append(el("tr", { class: "calc-item-dados" },
      ...cells.map((c, i) => el("td", { "data-rotulo": headers[i] }, c))));
    tbody.append(el("tr", { class: "calc-item-motivo" },
      el("td", { colspan: String(headers.length) }, reasonBlock(reason, basis))));
    t.append(tbody);
  }
}

// Long lists come a page at a time from the worker, which keeps the whole result. With a queue of parts
// (runSimulation), the first page is drawn ITEMS_PER_PART items at a time, the others put at the queue's
// front: laid out at once, 50 items with their reasons were one long task on a phone.
const ITEMS_PER_PART = 10;
function pagedTable(caption, headers, list, first, total, toRow, id, queue = null) {
  const t = el("table", { class: "calc-tabela-motivos" }, el("caption", {}, caption));
  if (id) t.id = id;
  t.append(el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col" }, h)))));
  const rows = first.map(toRow);
  const now = queue ? rows.slice(0, ITEMS_PER_PART) : rows;
  tableBody(t, headers, now);
  let shown = 0; // pages drawn: a part still queued for the first page is dropped once another is shown
  if (queue) {
    const parts = [];
    for (let i = now.length; i < rows.length; i += ITEMS_PER_PART) {
      parts.push(() => {
        if (shown === 0) appendItems(t, headers, rows.slice(i, i + ITEMS_PER_PART));
        return null;
      });
    }
    queue.unshift(...parts);
  }
  const wrap = el("div", { class: "calc-rolagem" }, t);
  if (total <= first.length) return wrap;
  let start = 0;
  const info = el("span", { class: "calc-pagina-info", "aria-live": "polite" });
  const prev = el("button", { type: "button", class: "md-button calc-pagina-anterior" }, "Anteriores");
  const next = el("button", { type: "button", class: "md-button calc-pagina-proxima" }, "Próximas");
  const show = (items, drawn = false) => {
    if (!drawn) {
      shown += 1;
      tableBody(t, headers, items.map(toRow));
    }
    info.textContent = `${fmt(start + 1)}–${fmt(start + items.length)} de ${fmt(total)}`;
    prev.disabled = start === 0;
    next.disabled = start + items.length >= total;
  };
  const go = async (to) => {
    prev.disabled = next.disabled = true;
    const answer = await callWorker({ type: "pagina", list, start: to, size: PAGE_SIZE });
    if (answer.failed) return;
    start = to;
    show(answer.items);
  };
  prev.addEventListener("click", () => go(Math.max(0, start - PAGE_SIZE)));
  next.addEventListener("click", () => go(start + PAGE_SIZE));
  show(first, true);
  const nav = el("div", { class: "calc-paginas", role: "group", "aria-label": `Páginas: ${caption}` }, prev, " ", info, " ", next);
  wrap.append(nav);
  return wrap;
}

const listName = (code) => LIST_NAMES[code] || String(code ?? "");
const who = (item) => visible(item.name ? `${item.candidate} — ${item.name}` : item.candidate);

// Control and bidi-formatting characters of the file's values shown as <U+XXXX> (a U+202E would display
// "Eve" reversed as another name); the same rule as calculator/cli/terminal.py's visible() for the CLI.
export function visible(value) {
  return String(value ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu, (c) => `<U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}>`)
    .replace(/(?! )\p{Zs}/gu, " ");
}
const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many}`;

export function renderSimulation(result, req) {
  lastSimulation = { result, req };
  const totals = result.totals || {};
  const count = (key) => totals[key] ?? (result[key] || []).length;
  const frag = document.createDocumentFragment();
  const noms = count("nominations");
  let head = `${plural(noms, "nomeação", "nomeações")} para ${plural(result.vacancies, "vaga", "vagas")}`;
  if (result.percent_display && result.applies !== false) head += ` (reserva de ${result.percent_display})`;
  frag.append(headline(result.headline || head));
  appliesNote(frag, result);
  // Summary first: how many seats of each kind and what else happened; the lists follow, a page at a time.
  const summary = el("ul", { class: "calc-resumo" });
  const seats = result.seats || {};
  for (const [code, n] of Object.entries(seats)) if (n) summary.append(el("li", {}, `${listName(code)}: ${plural(n, "vaga", "vagas")}`));
  summary.append(el("li", {}, `Candidatos excluídos, desistentes ou inaptos: ${fmt(count("excluded"))}`));
  summary.append(el("li", {}, `Vagas não preenchidas: ${fmt(count("unfilled_seats"))}; vagas revertidas: ${fmt(count("reverted_seats"))}`));
  if (count("moved")) summary.append(el("li", {}, `Candidatos que mudaram de lista: ${fmt(count("moved"))}`));
  frag.append(summary);
  const download = el("button", { type: "button", class: "md-button", id: "simular-baixar" }, "Baixar o resultado completo (CSV)");
  download.addEventListener("click", downloadSimulation);
  frag.append(el("p", {}, download));
  frag.append(explanation({ warnings: result.warnings }));
  const later = [];
  later.push((queue) => pagedTable("Nomeações em ordem de convocação", ["Vaga", "Inscrição", "Nome", "Classificação", "Lista"],
    "nominations", result.nominations || [], noms, (n) => ({
      cells: [
        String(n.seat),
        visible(n.candidate),
        visible(n.name),
        n.rank === undefined || n.rank === null ? "" : `${n.rank}º`,
        n.seat_type && n.seat_type !== n.list ? `${listName(n.list)} (vaga de ${listName(n.seat_type)})` : listName(n.list),
      ],
      reason: n.reason,
      basis: n.basis,
    }), "simular-nomeacoes", queue));
  if (count("unfilled_seats")) {
    later.push((queue) => pagedTable("Vagas não preenchidas", ["Vaga", "Lista"], "unfilled_seats", result.unfilled_seats, count("unfilled_seats"),
      (u) => ({ cells: [String(u.seat), listName(u.list)], reason: u.reason, basis: u.basis }), null, queue));
  }
  if (count("reverted_seats")) {
    later.push((queue) => pagedTable("Vagas revertidas", ["Vaga", "De", "Para"], "reverted_seats", result.reverted_seats, count("reverted_seats"),
      (r) => ({ cells: [String(r.seat), listName(r.from), listName(r.to)], reason: r.reason, basis: r.basis }), null, queue));
  }
  if (count("excluded")) {
    later.push((queue) => pagedTable("Candidatos excluídos, desistentes ou inaptos", ["Candidato", "Situação", "Substituído por"], "excluded",
      result.excluded, count("excluded"),
      (e) => ({ cells: [who(e), String(e.situation ?? ""), String(e.replaced_by ?? "—")], reason: e.reason, basis: e.basis }), null, queue));
  }
  if (count("moved")) {
    later.push((queue) => pagedTable("Candidatos que mudaram de lista", ["Candidato", "De", "Para"], "moved", result.moved, count("moved"),
      (m) => ({ cells: [visible(m.candidate), listName(m.from), listName(m.to)], reason: m.reason, basis: m.basis }), null, queue));
  }
  later.push(() => {
    const tail = document.createDocumentFragment();
    if (result.published_lists) {
      const box = el("details", { class: "calc-detalhe" }, el("summary", {}, "Listas publicadas (inscrições em ordem de classificação)"));
      for (const [code, lst] of Object.entries(result.published_lists)) {
        const shown = lst.candidates || [];
        const total = lst.total ?? shown.length;
        const more = total > shown.length ? ` … e mais ${fmt(total - shown.length)} (no arquivo CSV)` : "";
        box.append(el("p", {}, el("strong", {}, `${lst.title || listName(code)}: `), (visible(shown.join(", ")) || "nenhum candidato") + more));
        const b = basisList(lst.basis, "Base");
        if (b) box.append(b);
      }
      tail.append(box);
    }
    tail.append(explanation({ steps: result.steps, basis: result.basis }));
    return tail;
  });
  return { summary: frag, later };
}

// "simulacao-ubatuba-10-vagas-2026-12-01.csv": the norm, the vacancies and the day it was made.
function downloadName(req) {
  const today = new Date();
  const day = [today.getFullYear(), String(today.getMonth() + 1).padStart(2, "0"), String(today.getDate()).padStart(2, "0")].join("-");
  const safe = (s) => String(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-");
  return `simulacao-${safe(req.norma || "norma")}-${safe(req.vagas || "")}-vagas-${day}.csv`;
}

function simulationParams(result, req) {
  const params = [["norma", NORMS[req.norma] ? NORMS[req.norma].cite : req.norma], ["vagas", req.vagas],
    ["percentual", result.percent_display || req.percentual || ""]];
  for (const name of FIELDS.simular) {
    if (["norma", "vagas", "percentual", "csv"].includes(name) || req[name] === undefined) continue;
    params.push([name, req[name]]);
  }
  params.push(["arquivo", uploaded && uploaded.file ? uploaded.file.name : "texto colado"]);
  params.push(["gerado_em", new Date().toISOString()]);
  return params;
}

async function downloadSimulation() {
  if (!lastSimulation) return;
  const answer = await callWorker({ type: "csv", params: simulationParams(lastSimulation.result, lastSimulation.req) });
  if (answer.failed || !answer.blob) return;
  const url = URL.createObjectURL(answer.blob);
  const a = el("a", { href: url, download: downloadName(lastSimulation.req) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
