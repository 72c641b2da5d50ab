// Calculator page: forms, URL state, rendering. The rules run in Python (Pyodide) inside a
// module Web Worker (worker.js); before it is ready, or without WebAssembly, the reserved-seat
// answer comes from the build-time tables (gerado/tabelas.json).
// Every URL is relative to this script (import.meta.url): the site works from any sub-path.
// User text is only ever inserted with textContent / createTextNode, never as HTML.

const HERE = new URL(".", import.meta.url);
const SITE_ROOT = new URL("../../", import.meta.url);
const TABLES_URL = new URL("gerado/tabelas.json", SITE_ROOT);
const SAMPLE_CSV_URL = new URL("assets/exemplo-classificacao.csv", SITE_ROOT);
const SVG_NS = "http://www.w3.org/2000/svg";

const NORM_NAMES = {
  ubatuba: "Ubatuba/SP, Lei nº 3.765/2014",
  quissama: "Quissamã/RJ, Lei nº 1.289/2012",
  lins: "Lins/SP, Decreto nº 13.760/2024",
};
// Which norms take a percentage typed by the user: Ubatuba (at least 20%, the edital may reserve more),
// Lins (set by Lei nº 7.739/2023, not in the corpus: required); Quissamã's percentage is fixed by law.
const PERCENT_HINT = {
  ubatuba: "Opcional: a lei reserva no mínimo 20%; o edital pode reservar mais. Em branco, vale 20%.",
  quissama: "A Lei nº 1.289/2012 fixa o percentual (20%, ou 10% com 5 vagas ou menos); não se informa.",
  lins: "Obrigatório: o percentual vem da Lei nº 7.739/2023, cujo texto não está no corpus.",
};
const LIST_NAMES = {
  ampla: "Ampla concorrência",
  reserva: "Reserva racial",
  pcd: "Pessoas com deficiência",
  feminina: "Vaga feminina",
};
const TOOLS = ["reserva", "ordem", "simular"];
const FIELDS = {
  reserva: ["norma", "vagas", "percentual", "vinculo", "data_edital"],
  ordem: ["norma", "vagas", "percentual", "leitura", "nomeacoes"],
  simular: ["norma", "vagas", "percentual", "vagas_pcd", "vagas_femininas", "leitura", "precedencia",
    "substituicao", "preenchimento", "equidade_genero", "csv"],
};
// Fields never written to the URL: the classification list holds candidates' names and stays on this
// computer (a link is sent to the server that hosts the site, kept in its logs and in the history).
const NOT_IN_URL = new Set(["csv"]);
const ASK_FOR_FILE =
  "Por privacidade, a lista de classificação não vai no link (ela fica só no seu computador). " +
  "As opções da simulação foram restauradas: cole ou envie o arquivo CSV de novo e clique em Simular.";

// ---------------------------------------------------------------- small DOM helpers
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- legal references
const ROMAN = [
  [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
  [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"],
];
function roman(n) {
  let out = "";
  for (const [v, s] of ROMAN) while (n >= v) { out += s; n -= v; }
  return out;
}
const ordinal = (n) => (Number(n) < 10 ? `${n}º` : `${n}`);

// "art2_par3" -> "art. 2º, § 3º": the same labels as calculator/labels.py (LexML ids; "caput" named
// only when it is the cited provision itself; opening and closing parts by name).
const SINGLE = { epigrafe: "epígrafe", ementa: "ementa", preambulo: "preâmbulo", fecho: "fecho", aviso: "aviso" };
const NUMBERED = { cabecalho: "cabeçalho, linha ", nota: "nota ", assinatura: "assinatura ", registro: "registro " };

export function labelFromId(pid) {
  if (SINGLE[pid]) return SINGLE[pid];
  const parts = pid.split("_");
  const out = [];
  for (let i = 0; i < parts.length; i++) {
    const m = /^([a-z]+?)(1u|\d*)$/.exec(parts[i]);
    if (!m) return pid;
    const [, kind, numS] = m;
    const num = /^\d+$/.test(numS) ? Number(numS) : 0;
    const following = i + 1 < parts.length ? parts[i + 1] : null;
    if (kind === "art") out.push(`art. ${ordinal(num)}`);
    else if (kind === "cpt") {
      if (following === null || following.startsWith("nota")) out.push("caput");
    } else if (kind === "par" && numS === "1u") out.push("parágrafo único");
    else if (kind === "par") out.push(`§ ${ordinal(num)}`);
    else if (kind === "inc") out.push(`inciso ${roman(num)}`);
    else if (kind === "ali") out.push(`alínea ${String.fromCharCode(96 + num)}`);
    else if (kind === "nota" && i > 0) out.push("nota");
    else if (NUMBERED[kind]) out.push(`${NUMBERED[kind]}${num}`);
    else return pid;
  }
  return out.join(", ");
}

function normPageUrl(norm) {
  const link = document.querySelector(`#calc-normas a[data-norma="${norm}"]`);
  return link ? link.href.split("#")[0] : null;
}

function basisLink(ref) {
  const [norm, id] = String(ref).split(":");
  const page = normPageUrl(norm);
  // a note inside a provision belongs to whoever compiled the source (calculator/labels.py, display_label)
  const note = id ? /^(.+?)_nota\d*$/.exec(id) : null;
  const shown = note ? `nota de compilação da fonte ao ${labelFromId(note[1])}` : id && labelFromId(id);
  const text = id ? `${NORM_NAMES[norm] || norm}, ${shown}` : String(ref);
  if (!page || !id) return el("span", { class: "calc-base" }, text);
  return el("a", { href: `${page}#${id}`, class: "calc-base" }, text);
}

function basisList(refs, title = "Base legal", kind = null) {
  // basis_kind "sem_base_no_corpus": the rule has no provision in the corpus, and says so
  if ((!refs || !refs.length) && kind === "sem_base_no_corpus") return el("p", { class: "calc-bases" }, `${title}: sem base no corpus`);
  if (!refs || !refs.length) return null;
  const p = el("p", { class: "calc-bases" }, `${title}: `);
  refs.forEach((ref, i) => {
    if (i) p.append("; ");
    p.append(basisLink(ref));
  });
  return p;
}

function explanation(result) {
  const frag = document.createDocumentFragment();
  if (result.warnings && result.warnings.length) {
    const box = el("div", { class: "calc-avisos" }, el("h3", {}, "Avisos, conflitos e interpretações"));
    const ul = el("ul");
    for (const w of result.warnings) {
      const li = el("li", {}, w.message || String(w));
      const b = basisList(w.basis, "Dispositivos", w.basis_kind);
      if (b) li.append(b);
      ul.append(li);
    }
    box.append(ul);
    frag.append(box);
  }
  if (result.steps && result.steps.length) {
    const details = el("details", { class: "calc-passos", open: "" }, el("summary", {}, "Explicação passo a passo"));
    const ol = el("ol");
    for (const s of result.steps) {
      const li = el("li", {}, s.text || String(s));
      const b = basisList(s.basis, "Base", s.basis_kind);
      if (b) li.append(b);
      ol.append(li);
    }
    details.append(ol);
    frag.append(details);
  }
  const b = basisList(result.basis);
  if (b) frag.append(b);
  return frag;
}

// ---------------------------------------------------------------- the Python worker
let worker = null;
let pythonState = "loading"; // loading | ready | failed
const pending = new Map();
let nextId = 1;
const loadStart = performance.now();

// Loading has LOAD_STEPS steps (worker.js): the bar shows the steps already done.
const LOAD_STEPS = 3;
const TABLE_SCOPE = "1 a 100 vagas, com o percentual padrão, sem data do edital";

function setStatus(text, done, state) {
  $("calc-status-texto").textContent = text;
  const bar = $("calc-progresso");
  if (done !== undefined) bar.value = done;
  if (state) {
    $("calc-status").dataset.state = state;
    if (state !== "loading") bar.hidden = true;
  }
}

// The browser's own error (often in English, e.g. "Failed to fetch") is kept out of the status text:
// it goes, labelled, in a collapsed "Detalhe técnico" element for whoever maintains the site.
function setTechnicalDetail(detail) {
  const box = $("calc-detalhe-tecnico");
  if (!box || !detail) return;
  $("calc-detalhe-tecnico-texto").textContent = detail;
  box.hidden = false;
}

function startWorker() {
  if (typeof WebAssembly === "undefined" || typeof Worker === "undefined") {
    pythonState = "failed";
    setStatus(
      "Este navegador não executa a calculadora em Python (não tem WebAssembly). " +
        `As vagas reservadas e a ordem de convocação vêm das tabelas pré-calculadas (${TABLE_SCOPE}); ` +
        "a simulação e a explicação passo a passo não estão disponíveis.",
      0,
      "failed",
    );
    return;
  }
  try {
    worker = new Worker(new URL("worker.js", HERE), { type: "module" });
  } catch (err) {
    workerFailed(String(err));
    return;
  }
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "progress") {
      setStatus(`${msg.text} (etapa ${msg.step} de ${LOAD_STEPS})`, msg.step - 1);
    } else if (msg.type === "ready") {
      pythonState = "ready";
      document.documentElement.dataset.pythonReadyMs = String(Math.round(performance.now() - loadStart));
      setStatus("Calculadora pronta: as respostas são calculadas pelas regras em Python.", LOAD_STEPS, "ready");
      rerunAfterReady();
    } else if (msg.type === "failed") {
      workerFailed(msg.message);
    } else if (msg.id && pending.has(msg.id)) {
      const { resolve } = pending.get(msg.id);
      pending.delete(msg.id);
      resolve(msg);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    workerFailed(event.message || "erro no processo de cálculo em segundo plano (Web Worker)");
  };
}

function workerFailed(detail) {
  if (pythonState === "failed") return;
  pythonState = "failed";
  setStatus(
    "Não foi possível carregar a calculadora em Python neste navegador. " +
      `As vagas reservadas e a ordem de convocação continuam disponíveis pelas tabelas pré-calculadas (${TABLE_SCOPE}); ` +
      "a simulação e a explicação passo a passo não estão disponíveis. Recarregar a página pode resolver.",
    0,
    "failed",
  );
  setTechnicalDetail(detail);
  for (const { resolve } of pending.values()) resolve({ failed: true });
  pending.clear();
  for (const tool of TOOLS) if (lastRequest[tool]) run(tool, false);
}

function callPython(request) {
  return new Promise((resolve) => {
    if (pythonState === "failed" || !worker) return resolve({ failed: true });
    const id = nextId++;
    pending.set(id, { resolve });
    worker.postMessage({ id, request: JSON.stringify(request) });
  });
}

// ---------------------------------------------------------------- precomputed tables
let tablesPromise = null;
function loadTables() {
  if (!tablesPromise) {
    tablesPromise = fetch(TABLES_URL)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  }
  return tablesPromise;
}

// Finds the row for (norm, vacancies) in tabelas.json (shape documented in build.py, table_data);
// null when the table has no answer for this request (another percentage, an edital date,
// N outside 1..100, bad input): then only Python answers.
const samePercent = (a, b) => String(a).trim().replace(",", ".").replace(/\.0*$/, "") ===
  String(b).trim().replace(",", ".").replace(/\.0*$/, "");

function tableLookup(tables, command, req) {
  if (!tables || !tables.norms) return null;
  if (command !== "reserva" && command !== "ordem") return null;
  if (req.data_edital || req.leitura || req.vinculo || req.nomeacoes) return null;
  if (!/^\d+$/.test(req.vagas || "")) return null;
  const n = Number(req.vagas);
  const normTable = tables.norms[req.norma];
  if (!normTable || !Array.isArray(normTable.rows)) return null;
  const tablePercent = normTable.percent;
  if (req.percentual !== undefined && req.norma !== "quissama") {
    const base = tablePercent === null || tablePercent === undefined ? (req.norma === "ubatuba" ? "20" : null) : tablePercent;
    if (base === null || !samePercent(base, req.percentual)) return null;
  } else if (req.norma === "lins") {
    return null; // Lins needs the user's percentage (the table's is only an example)
  }
  return normTable.rows.find((r) => r.vacancies === n) || null;
}

// ---------------------------------------------------------------- forms and URL state
const lastRequest = {};

function formOf(tool) {
  return $(`form-${tool}`);
}

function readForm(tool) {
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

function fillForm(tool, req, keepLocal = true) {
  const form = formOf(tool);
  for (const name of FIELDS[tool]) {
    const field = form.elements.namedItem(name);
    if (!field || (keepLocal && NOT_IN_URL.has(name))) continue;
    if (field.type === "checkbox") field.checked = req[name] === field.value;
    else field.value = req[name] ?? (field.tagName === "SELECT" ? field.options[0].value : "");
  }
  updateFieldVisibility(tool);
}

let uploaded = null; // {text, base64}: the file chosen, while the text area still holds it unchanged
// calculator/csvinput.py: MAX_CSV_BYTES and too_large() (tests/test_browser.py checks they agree)
export const MAX_CSV_BYTES = 50_000_000;
export const CSV_TOO_LARGE =
  "O arquivo passa de 50 MB, o limite da simulação (cerca de um milhão de candidatos); retire as colunas que a simulação não usa ou divida a lista.";

function toApiRequest(req) {
  // The page's field names are the API's field names (strings as typed), see calculator/api.py.
  // An uploaded file is sent as its bytes (csv_base64) so Python decodes it (UTF-8 or Windows-1252).
  const out = { ...req };
  // (the text area turns the file's CRLF into LF: compare line-end-blind, or a CRLF file would go as text)
  if (req.command === "simular" && uploaded && req.csv.replace(/\r\n?/g, "\n") === uploaded.text.replace(/\r\n?/g, "\n")) {
    delete out.csv;
    out.csv_base64 = uploaded.base64;
  }
  return out;
}

function stateToQuery(tool, req) {
  const params = new URLSearchParams();
  params.set("ferramenta", tool);
  for (const name of FIELDS[tool]) {
    if (req[name] === undefined || NOT_IN_URL.has(name)) continue;
    params.set(name, req[name]);
  }
  return `?${params.toString()}#${tool === "simular" ? "simulacao" : tool}`;
}

function queryToState() {
  const params = new URLSearchParams(location.search);
  const tool = params.get("ferramenta");
  if (!TOOLS.includes(tool)) return null;
  const req = { command: tool };
  for (const name of FIELDS[tool]) if (params.has(name) && !NOT_IN_URL.has(name)) req[name] = params.get(name);
  return { tool, req };
}

function updateFieldVisibility(tool) {
  const form = formOf(tool);
  const norm = form.elements.namedItem("norma").value;
  // Fields that only some norms take (data-normas): hidden and disabled (not sent) for the others.
  for (const box of form.querySelectorAll("[data-normas]")) {
    const on = box.dataset.normas.split(" ").includes(norm);
    box.hidden = !on;
    for (const f of box.querySelectorAll("input, select, textarea")) f.disabled = !on;
  }
  $(`${tool}-percentual-dica`).textContent = PERCENT_HINT[norm] || "";
}

function clearErrors(tool) {
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

function showError(tool, error) {
  const field = error.field && formOf(tool).elements.namedItem(error.field);
  const target = (field && $(`${tool}-${error.field}-erro`)) || $(`${tool}-geral-erro`);
  target.textContent = sentence(error.message);
  target.hidden = false;
  if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
}

// ---------------------------------------------------------------- running a tool
const runSeq = {};

async function run(tool, push) {
  const req = readForm(tool);
  lastRequest[tool] = req;
  if (push) {
    const url = stateToQuery(tool, req);
    if (url !== location.search + location.hash) history.pushState({ tool }, "", url);
  }
  const seq = (runSeq[tool] = (runSeq[tool] || 0) + 1);
  const out = $(`${tool}-resultado`);
  clearErrors(tool);
  const mark = (origin) => {
    out.dataset.origem = origin;
    out.dataset.norma = req.norma || "";
    out.dataset.vagas = req.vagas || "";
    // A short summary for screen readers (the result itself is not a live region: it can be long).
    const head = out.querySelector(".calc-resposta");
    const error = $(`form-${tool}`).querySelector(".calc-erro:not([hidden])");
    const summary = origin === "erro" && error ? `Erro: ${error.textContent}` : head ? head.textContent : "";
    if (summary) $("calc-anuncio").textContent = origin === "tabela" ? `Resposta pré-calculada: ${summary}` : summary;
  };

  if (pythonState !== "ready") {
    const tables = await loadTables();
    const row = tableLookup(tables, tool, req);
    if (seq !== runSeq[tool]) return;
    if (row) {
      out.replaceChildren(renderTableAnswer(tool, req, row, tables.norms[req.norma]));
      mark("tabela");
    } else {
      let waiting = "Aguardando a calculadora em Python terminar de carregar…";
      if (pythonState === "failed") {
        waiting = tool === "simular"
          ? "A simulação precisa da calculadora em Python, que não pôde ser carregada neste navegador."
          : "Sem a calculadora em Python, só há resposta pré-calculada para as vagas reservadas e a ordem de " +
            `convocação de ${TABLE_SCOPE} e sem outro vínculo ou leitura. Veja também as tabelas de vagas.`;
      }
      out.replaceChildren(el("p", { class: "calc-espera" }, waiting));
      mark("espera");
    }
    if (pythonState === "failed") return;
  }
  const answer = await callPython(toApiRequest(req));
  if (seq !== runSeq[tool] || answer.failed) return;
  if (answer.crash) {
    out.replaceChildren(el("p", { class: "calc-erro" }, `Erro inesperado na calculadora: ${answer.crash}`));
    return;
  }
  const response = JSON.parse(answer.response);
  if (!response.ok) {
    out.replaceChildren();
    showError(tool, response.error);
    mark("erro");
    return;
  }
  out.replaceChildren(RENDER[tool](response.result, req));
  mark("python");
}

function rerunAfterReady() {
  for (const tool of TOOLS) if (lastRequest[tool]) run(tool, false);
}

// ---------------------------------------------------------------- renderers
const fmt = (n) => (/^\d+$/.test(String(n)) ? BigInt(n).toLocaleString("pt-BR") : String(n));

function headline(text) {
  return el("p", { class: "calc-resposta" }, el("strong", {}, text));
}

function renderTableAnswer(tool, req, row, normTable) {
  const frag = document.createDocumentFragment();
  frag.append(el("p", { class: "calc-selo" }, "Resposta pré-calculada (tabela gerada com o site, pelas mesmas regras)"));
  const reserved = row.reserved;
  if (tool === "reserva") {
    // the calculator's own sentence (the same Python gives a moment later for the same request)
    frag.append(headline(row.headline || `${fmt(reserved)} ${reserved === 1 ? "vaga reservada" : "vagas reservadas"} de ${fmt(req.vagas)}`));
  } else {
    frag.append(renderStrip(Number(req.vagas), row.positions, row.interpreted_positions));
  }
  // The calculator's warnings for this very answer, computed at build time (tabelas.json).
  const keys = (tool === "reserva" ? row.reserve_warnings : row.order_warnings) || [];
  const warnings = keys.map((k) => (normTable.messages || {})[k]).filter(Boolean);
  frag.append(explanation({ warnings }));
  const more = el("p", { class: "calc-bases" },
    pythonState === "failed"
      ? "Sem a calculadora em Python neste navegador, não há explicação passo a passo. Veja o "
      : "A explicação passo a passo, com a base legal, aparece quando a calculadora em Python termina de carregar. Veja também o ");
  more.append(el("a", { href: normPageUrl(req.norma) || "#" }, `texto anotado (${NORM_NAMES[req.norma]})`), " e as ");
  more.append(el("a", { href: normPageUrl("tabelas") || "#" }, "tabelas de vagas"), ".");
  frag.append(more);
  return frag;
}

function renderReserve(result, req) {
  const frag = document.createDocumentFragment();
  const n = result.reserved;
  let text = `${fmt(n)} ${n === 1 ? "vaga reservada" : "vagas reservadas"} de ${fmt(result.vacancies ?? req.vagas)}`;
  if (result.percent_display || result.percent) text += ` (${result.percent_display || result.percent})`;
  frag.append(headline(result.headline || text));
  // applies: true, false or null (null: the corpus cannot tell; calculator/README.md)
  if (result.applies === false) {
    frag.append(el("p", { class: "calc-aviso" }, "A reserva não se aplica a este concurso (veja os avisos abaixo)."));
  } else if (result.applies === null) {
    frag.append(el("p", { class: "calc-aviso" }, "Não é possível determinar com o corpus se a reserva se aplica (veja os avisos abaixo)."));
  }
  frag.append(explanation(result));
  return frag;
}

function renderStrip(total, positions, interpreted = []) {
  const reserved = new Set(positions.map(Number));
  const wrap = el("div", { class: "calc-faixa" });
  const shown = Math.min(total, 200);
  const cell = 22;
  const perRow = Math.min(shown, 10);
  const rows = Math.ceil(shown / perRow) || 1;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${perRow * cell} ${rows * cell}`);
  svg.setAttribute("class", "calc-faixa-svg");
  svg.style.maxWidth = `${perRow * 2.6}rem`;
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (let i = 1; i <= shown; i++) {
    const x = ((i - 1) % perRow) * cell;
    const y = Math.floor((i - 1) / perRow) * cell;
    const rect = document.createElementNS(SVG_NS, "rect");
    rect.setAttribute("x", x + 1);
    rect.setAttribute("y", y + 1);
    rect.setAttribute("width", cell - 2);
    rect.setAttribute("height", cell - 2);
    rect.setAttribute("rx", 3);
    rect.setAttribute("class", reserved.has(i) ? "calc-vaga-reserva" : "calc-vaga-ampla");
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("x", x + cell / 2);
    label.setAttribute("y", y + cell / 2 + 4);
    label.setAttribute("text-anchor", "middle");
    label.textContent = String(i);
    svg.append(rect, label);
  }
  wrap.append(svg);
  wrap.append(
    el(
      "ul",
      { class: "calc-legenda", "aria-hidden": "true" },
      el("li", {}, el("span", { class: "calc-cor calc-vaga-reserva" }), " Reserva racial"),
      el("li", {}, el("span", { class: "calc-cor calc-vaga-ampla" }), " Ampla concorrência"),
    ),
  );
  if (total > shown) wrap.append(el("p", {}, `A faixa mostra as primeiras ${shown} nomeações.`));
  const list = [...reserved].sort((a, b) => a - b);
  wrap.append(
    el(
      "p",
      { class: "calc-posicoes" },
      list.length
        ? `Nomeações destinadas à reserva racial: ${list.map((p) => `${p}ª`).join(", ")}.` +
          // a reserved seat the reading leaves without a position (calculator: interpreted_positions)
          ((interpreted || []).length ? ` A ${interpreted.map((p) => `${p}ª`).join(" e a ")} por interpretação: vaga reservada que a leitura não posiciona (veja os avisos).` : "")
        : "Nenhuma das nomeações vai para a reserva racial.",
    ),
  );
  const table = el("table", {});
  table.append(el("caption", {}, "Ordem de convocação, nomeação por nomeação"));
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Nomeação"), el("th", { scope: "col" }, "Lista"))));
  const tbody = el("tbody");
  for (let i = 1; i <= shown; i++) {
    tbody.append(el("tr", {}, el("td", {}, `${i}ª`), el("td", {}, reserved.has(i) ? LIST_NAMES.reserva : LIST_NAMES.ampla)));
  }
  table.append(tbody);
  wrap.append(el("details", { class: "calc-detalhe" }, el("summary", {}, "Tabela da ordem de convocação"), el("div", { class: "calc-rolagem" }, table)));
  return wrap;
}

function renderOrder(result, req) {
  const frag = document.createDocumentFragment();
  const total = Number(result.nominations ?? result.vacancies ?? req.vagas); // nominations may exceed vacancies
  const positions = result.positions || [];
  const count = result.positions_total ?? positions.length;
  frag.append(
    headline(
      `${fmt(count)} de ${fmt(total)} ${total === 1 ? "nomeação vai" : "nomeações vão"} para a reserva racial` +
        (result.reserved !== undefined && result.reserved !== count ? ` (a norma reserva ${fmt(result.reserved)})` : ""),
    ),
  );
  if (result.nominations !== undefined && result.nominations !== result.vacancies) {
    frag.append(el("p", { class: "calc-leitura" }, `Nomeações além das vagas: ${fmt(result.nominations)} nomeações ` +
      `para ${fmt(result.vacancies)} vagas oferecidas; a reserva e os limiares são os das vagas oferecidas.`));
  }
  if (result.reading_description || result.reading) {
    frag.append(el("p", { class: "calc-leitura" }, `Leitura adotada: ${result.reading_description || result.reading}`.replace(/([^.…])$/, "$1.")));
  }
  frag.append(renderStrip(total, positions, result.interpreted_positions));
  frag.append(explanation(result));
  return frag;
}

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
function table(caption, headers, rows, id) {
  const t = el("table", { class: "calc-tabela-motivos" }, el("caption", {}, caption));
  if (id) t.id = id;
  t.append(el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col" }, h)))));
  for (const { cells, reason, basis } of rows) {
    const tbody = el("tbody", { class: "calc-item" });
    tbody.append(el("tr", { class: "calc-item-dados" },
      ...cells.map((c, i) => el("td", { "data-rotulo": headers[i] }, c))));
    tbody.append(el("tr", { class: "calc-item-motivo" },
      el("td", { colspan: String(headers.length) }, reasonBlock(reason, basis))));
    t.append(tbody);
  }
  return el("div", { class: "calc-rolagem" }, t);
}

const listName = (code) => LIST_NAMES[code] || String(code ?? "");
const who = (item) => visible(item.name ? `${item.candidate} — ${item.name}` : item.candidate);

function renderSimulation(result) {
  lastSimulation = result;
  const frag = document.createDocumentFragment();
  const noms = result.nominations || [];
  let head = `${fmt(noms.length)} ${noms.length === 1 ? "nomeação" : "nomeações"} para ${fmt(result.vacancies)} ${result.vacancies === 1 ? "vaga" : "vagas"}`;
  if (result.percent_display) head += ` (reserva de ${result.percent_display})`;
  frag.append(headline(head));
  frag.append(
    table(
      "Nomeações em ordem de convocação",
      ["Vaga", "Inscrição", "Nome", "Classificação", "Lista"],
      noms.map((n) => ({
        cells: [
          String(n.seat),
          visible(n.candidate),
          visible(n.name),
          n.rank === undefined || n.rank === null ? "" : `${n.rank}º`,
          n.seat_type && n.seat_type !== n.list ? `${listName(n.list)} (vaga de ${listName(n.seat_type)})` : listName(n.list),
        ],
        reason: n.reason,
        basis: n.basis,
      })),
      "simular-nomeacoes",
    ),
  );
  const download = el("button", { type: "button", class: "md-button", id: "simular-baixar" }, "Baixar o resultado (CSV)");
  download.addEventListener("click", downloadSimulation);
  frag.append(el("p", {}, download));
  if (result.unfilled_seats && result.unfilled_seats.length) {
    frag.append(table("Vagas não preenchidas", ["Vaga", "Lista"],
      result.unfilled_seats.map((u) => ({ cells: [String(u.seat), listName(u.list)], reason: u.reason, basis: u.basis }))));
  }
  if (result.reverted_seats && result.reverted_seats.length) {
    frag.append(table("Vagas revertidas", ["Vaga", "De", "Para"],
      result.reverted_seats.map((r) => ({ cells: [String(r.seat), listName(r.from), listName(r.to)], reason: r.reason, basis: r.basis }))));
  }
  if (result.excluded && result.excluded.length) {
    frag.append(table("Candidatos excluídos, desistentes ou inaptos", ["Candidato", "Situação", "Substituído por"],
      result.excluded.map((e) => ({ cells: [who(e), String(e.situation ?? ""), String(e.replaced_by ?? "—")], reason: e.reason, basis: e.basis }))));
  }
  if (result.moved && result.moved.length) {
    frag.append(table("Candidatos que mudaram de lista", ["Candidato", "De", "Para"],
      result.moved.map((m) => ({ cells: [visible(m.candidate), listName(m.from), listName(m.to)], reason: m.reason, basis: m.basis }))));
  }
  if (result.published_lists) {
    const box = el("details", { class: "calc-detalhe" }, el("summary", {}, "Listas publicadas (inscrições em ordem de classificação)"));
    for (const [code, lst] of Object.entries(result.published_lists)) {
      box.append(el("p", {}, el("strong", {}, `${lst.title || listName(code)}: `), visible((lst.candidates || []).join(", ")) || "nenhum candidato"));
      const b = basisList(lst.basis, "Base");
      if (b) box.append(b);
    }
    frag.append(box);
  }
  frag.append(explanation({ warnings: result.warnings, steps: result.steps, basis: result.basis }));
  return frag;
}

function csvCell(value) {
  let s = value === null || value === undefined ? "" : String(value);
  // No formulas when opened in a spreadsheet: a ' before = + - @ at the start AND after any separator of
  // any common locale (, ; | tab, line end): a spreadsheet splitting on another separator than ours takes
  // our quotes for text, so "Ana,=HYPERLINK(…)" would otherwise give a cell "=HYPERLINK(…)".
  s = s.replace(/(^|[,;|\t\r\n])(\s*)(?=[=+\-@＝＋－＠])/g, "$1$2'");
  if (/^[\t\r]/.test(s)) s = `'${s}`;
  return /[",;|\t\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// Control and bidi-formatting characters of the file's values shown as <U+XXXX> (a U+202E would display
// "Eve" reversed as another name); the same rule as calculator/terminal.py's visible() for the CLI.
export function visible(value) {
  return String(value ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu, (c) => `<U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}>`)
    .replace(/(?! )\p{Zs}/gu, " ");
}

export function simulationCsv(result) {
  const header = ["vaga", "inscricao", "nome", "classificacao", "lista", "tipo_vaga", "motivo", "base_legal"];
  const lines = [header.join(";")];
  for (const n of result.nominations || []) {
    lines.push(
      [n.seat, n.candidate, n.name, n.rank, n.list, n.seat_type, n.reason, (n.basis || []).join(" ")].map(csvCell).join(";"),
    );
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

function downloadSimulation() {
  if (!lastSimulation) return;
  const blob = new Blob([simulationCsv(lastSimulation)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: "nomeacoes.csv" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const RENDER = { reserva: renderReserve, ordem: renderOrder, simular: renderSimulation };

// ---------------------------------------------------------------- wiring
async function readCsvFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes); // what Excel exports in Brazil
  }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  uploaded = { text, base64: btoa(binary) };
  return text;
}

function resetTool(tool) {
  fillForm(tool, {}, tool === "simular"); // the CSV the user loaded stays in its text area
  clearErrors(tool);
  $(`${tool}-resultado`).replaceChildren();
  delete $(`${tool}-resultado`).dataset.origem;
  delete lastRequest[tool];
  runSeq[tool] = (runSeq[tool] || 0) + 1; // an answer still on its way is dropped
}

// The URL holds the state of ONE tool (the last one used); the others are reset, so that back and
// forward always show exactly what the URL says.
function restoreFromUrl() {
  const params = new URLSearchParams(location.search);
  if (params.has("csv") || params.has("csv_omitido")) {
    // an old link that carried the list: take it out of the address bar and the history entry
    params.delete("csv");
    params.delete("csv_omitido");
    history.replaceState(history.state, "", `?${params.toString()}${location.hash}`);
  }
  const state = queryToState();
  for (const tool of TOOLS) if (!state || tool !== state.tool) resetTool(tool);
  if (!state) {
    // ?norma=… alone (the "Calcular vagas reservadas" button of a norm page): preselect that norm.
    const norm = params.get("norma");
    if (norm && NORM_NAMES[norm]) {
      for (const tool of TOOLS) {
        formOf(tool).elements.namedItem("norma").value = norm;
        updateFieldVisibility(tool);
      }
    }
    return false;
  }
  fillForm(state.tool, state.req);
  if (state.tool === "simular" && !$("simular-csv").value.trim()) {
    clearErrors("simular");
    const out = $("simular-resultado");
    out.replaceChildren(el("p", { class: "calc-aviso", id: "simular-pede-arquivo" }, ASK_FOR_FILE));
    out.dataset.origem = "pede-arquivo";
    delete lastRequest.simular;
    $("calc-anuncio").textContent = ASK_FOR_FILE;
    return true;
  }
  run(state.tool, false);
  return true;
}

function init() {
  startWorker();
  loadTables();
  for (const tool of TOOLS) {
    const form = formOf(tool);
    updateFieldVisibility(tool);
    form.elements.namedItem("norma").addEventListener("change", () => updateFieldVisibility(tool));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(tool, true);
    });
  }
  $("simular-arquivo").addEventListener("change", async (event) => {
    const file = event.target.files && event.target.files[0];
    if (file && file.size > MAX_CSV_BYTES) {
      // refused before it is read: a list this big would take the tab's memory (same limit and message as Python)
      clearErrors("simular");
      showError("simular", { field: "csv", message: CSV_TOO_LARGE });
      event.target.value = "";
      return;
    }
    if (file) $("simular-csv").value = await readCsvFile(file);
  });
  $("simular-exemplo").addEventListener("click", async () => {
    try {
      const r = await fetch(SAMPLE_CSV_URL);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      $("simular-csv").value = await readCsvFile(await r.blob());
      if (!$("simular-vagas").value) $("simular-vagas").value = "10";
      run("simular", true);
    } catch (err) {
      showError("simular", { field: "csv", message: `Não foi possível abrir o arquivo de exemplo (${err.message}).` });
    }
  });
  window.addEventListener("popstate", () => restoreFromUrl());
  restoreFromUrl();
}

// Helpers shared with the page's other tool modules (edital.js).
export const calc = { el, callPython, basisList, explanation, fmt, NORM_NAMES, PERCENT_HINT };

init();
