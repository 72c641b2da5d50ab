// Calculator page: forms, URL state, rendering.
// The common questions (reserved seats and call order, 1 to 1,000 vacancies at the default percentage,
// with or without an edital date) are answered from answers precomputed at build time by the same
// Python rules (respostas.js, loaded before this script, and each norm's respostas/<slug>.js, loaded when
// that norm is chosen). The Python runtime (Pyodide, in a Web Worker:
// worker.js) is downloaded only when a question needs it — a simulation, another percentage, another
// vínculo or reading, the step-by-step explanation — or when the visitor asks for it.
// A classic script (not a module) so that the unzipped site opened from disk (file://) still answers
// from the tables; Web Workers do not run there, and the page says how to start a local server.
// Every URL is relative to this script: the site works from any sub-path.
// User text is only ever inserted with textContent / createTextNode, never as HTML.
(function () {
"use strict";

const SCRIPT_URL = document.currentScript ? document.currentScript.src : new URL("assets/calculadora/calculadora.js", location.href).href;
const HERE = new URL(".", SCRIPT_URL);
const SITE_ROOT = new URL("../../", SCRIPT_URL);
const SAMPLE_CSV_URL = new URL("assets/exemplo-classificacao.csv", SITE_ROOT);
const SVG_NS = "http://www.w3.org/2000/svg";
const FROM_DISK = location.protocol === "file:";
const ANSWERS = self.cotasRespostas || null;
// The norms, the fields each one takes and the label of every provision id: normas.js, written by the
// build from the registry (sitebuild/frontend.py). Nothing about a norm is written in this file.
const META = self.cotasNormas || { norms: [], options: [], labels: {} };
const NORMS = Object.fromEntries(META.norms.map((n) => [n.slug, n]));
const LIST_NAMES = {
  ampla: "Ampla concorrência",
  reserva: "Reserva racial",
  pcd: "Pessoas com deficiência",
  feminina: "Vaga feminina",
};
const TOOLS = ["reserva", "ordem", "simular"];
const SECTION_OF = { reserva: "reserva", ordem: "ordem", simular: "simulacao" };
const FIELDS = {
  reserva: ["norma", "vagas", "percentual", "vinculo", "data_edital"],
  ordem: ["norma", "vagas", "percentual", "leitura", "nomeacoes", "data_edital"],
  simular: ["norma", "vagas", "percentual", "vagas_pcd", "leitura", ...META.options, "data_edital", "csv"],
};
// Fields never written to the URL: the classification list holds candidates' names and stays on this
// computer (a link is sent to the server that hosts the site, kept in its logs and in the history).
const NOT_IN_URL = new Set(["csv"]);
const ASK_FOR_FILE =
  "Por privacidade, a lista de classificação não vai no link (ela fica só no seu computador). " +
  "As opções da simulação foram restauradas: cole ou envie o arquivo CSV de novo e clique em Simular.";
// calculator/csvtext.py: MAX_CSV_BYTES and too_large() (tests/test_browser.py checks they agree)
const MAX_CSV_BYTES = 50_000_000;
const CSV_TOO_LARGE =
  "O arquivo passa de 50 MB, o limite da simulação (cerca de um milhão de candidatos); retire as colunas que a simulação não usa ou divida a lista.";
// A file up to this size is also shown in the text area (decoding it is instant); a larger one is only
// named there and is read in the worker.
const PREVIEW_BYTES = 512 * 1024;
const PAGE_SIZE = 50;
const SERVER_COMMAND = "python3 -m http.server 8000";
const MAX_TABLE = ANSWERS ? ANSWERS.max_vacancies : 0;

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
// An integer in pt-BR ("1.500"), the same text as BigInt(n).toLocaleString("pt-BR") without its price: the
// browser's first locale formatting loads number data, a few tens of ms of the arrival's work on a phone.
const fmt = (n) => (/^\d+$/.test(String(n))
  ? String(n).replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  : String(n));
const brDate = (iso) => iso.split("-").reverse().join("/");

// ---------------------------------------------------------------- legal references
// "slug:id" -> [short, long]: the label the build wrote for every id of the corpus (a compilation note
// inside a provision is named as such), alone and after the norm's citation.
function labelsOf(ref) {
  const [norm, id] = String(ref).split(":");
  const short = META.labels[norm] && META.labels[norm][id];
  return short ? [short, `${NORMS[norm].cite}, ${short}`] : [String(ref), String(ref)];
}

function normPageUrl(norm) {
  if (NORMS[norm]) return new URL(NORMS[norm].page, SITE_ROOT).href;
  const link = document.querySelector(`#calc-normas a[data-norma="${norm}"]`);
  return link ? link.href.split("#")[0] : null;
}

// The norm the answer on screen is about: its references are shown short ("art. 2º, § 3º"); a reference to
// another norm keeps the norm's name. The full citation stays in the link's title.
let contextNorm = null;

function basisLink(ref) {
  const [norm, id] = String(ref).split(":");
  const page = normPageUrl(norm);
  const [shown, full] = labelsOf(ref);
  const text = id && norm === contextNorm ? shown : full;
  if (!page || !id) return el("span", { class: "calc-base" }, text);
  return el("a", { href: `${page}#${id}`, class: "calc-base", title: full }, text);
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

// Conflicts and notices bear on this very answer and are shown; so is any premise or interpretation the
// calculator marks "beside" (it changes the number shown: the edital date not given, a reading the count
// rests on). The other premises and interpretations are listed folded below them (one click away).
const SHOWN_KINDS = new Set(["conflito", "aviso"]);
const isShown = (w) => SHOWN_KINDS.has(w.kind) || w.beside === true;

function warningList(warnings) {
  const ul = el("ul");
  for (const w of warnings) {
    const li = el("li", {}, w.message || String(w));
    const b = basisList(w.basis, "Dispositivos", w.basis_kind);
    if (b) li.append(b);
    ul.append(li);
  }
  return ul;
}

function explanation(result) {
  const frag = document.createDocumentFragment();
  const warnings = result.warnings || [];
  const shown = warnings.filter(isShown);
  const folded = warnings.filter((w) => !isShown(w));
  if (shown.length) {
    frag.append(el("div", { class: "calc-avisos" }, el("h3", {}, "Avisos e conflitos para esta resposta"), warningList(shown)));
  }
  if (folded.length) {
    frag.append(el("details", { class: "calc-avisos calc-premissas" },
      el("summary", {}, `Premissas e interpretações adotadas (${folded.length})`), warningList(folded)));
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

// ---------------------------------------------------------------- precomputed answers (respostas.js)
// Shape: build.py, norm_answers. Each column is run-length encoded indices into the norm's pool.
const decoded = {};

function expand(runs) {
  const out = [];
  for (const [value, count] of runs) for (let i = 0; i < count; i++) out.push(value);
  return out;
}

function columnsOf(norm, command) {
  const key = `${norm}/${command}`;
  if (!decoded[key]) {
    const cols = ANSWERS.norms[norm].columns[command];
    decoded[key] = Object.fromEntries(Object.entries(cols).map(([k, runs]) => [k, expand(runs)]));
  }
  return decoded[key];
}

// Each norm's answers (respostas/<slug>.js, a classic script that adds ANSWERS.norms[slug], so it loads from
// disk too) are loaded when the norm is chosen: what a visitor downloads does not grow with the number of
// norms. Resolves to whether the norm's answers are there.
const answersLoading = {};
function loadAnswers(slug) {
  if (!ANSWERS || !Object.hasOwn(NORMS, slug)) return Promise.resolve(false);
  if (ANSWERS.norms[slug]) return Promise.resolve(true);
  if (!answersLoading[slug]) {
    answersLoading[slug] = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = new URL(`respostas/${encodeURIComponent(slug)}.js`, HERE).href;
      script.onload = () => resolve(Boolean(ANSWERS.norms[slug]));
      script.onerror = () => {
        delete answersLoading[slug]; // a later question tries again (Python answers this one)
        script.remove();
        resolve(false);
      };
      document.head.appendChild(script);
    });
  }
  return answersLoading[slug];
}

// A message skeleton's numbers (build.py, _message): digits as written, or, for a row's warnings, "r", "n",
// "r+1", "r-1" (the row's reserved seats, its vacancies, one seat more or less).
function messageOf(pool, m, reserved, vacancies) {
  if (typeof m === "string") return m;
  const token = (t) => (t === "r" ? String(reserved) : t === "n" ? String(vacancies)
    : t === "r+1" ? String(reserved + 1) : t === "r-1" ? String(reserved - 1) : t);
  const parts = pool[m[0]].split("\0");
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) out += token(m[i]) + parts[i];
  return out;
}

function warningsOf(pool, index, reserved, vacancies) {
  return pool[index].map((wi) => {
    const [head, message] = pool[wi];
    return { ...pool[head], message: messageOf(pool, message, reserved, vacancies) };
  });
}

// The calculator's one-sentence answer from its template (build.py, _headline): "r" the reserved seats,
// "n" the vacancies, "r+1"/"r-1" one seat more or less, "=…" a number of the text itself.
const fmtInt = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
// The reserved nominations in words, as calculator/stages/headline.py writes them (ordinal_list, positions_phrase).
function ordinalList(positions, total = positions.length, limit = 60) {
  const shown = positions.slice(0, limit).map((p) => `${fmtInt(p)}ª`);
  if (!shown.length) return "nenhuma";
  if (total > shown.length) return `${shown.join(", ")}, … (${fmtInt(total)} no total)`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} e ${shown[shown.length - 1]}`;
}
function positionsPhrase(positions, total, interpreted) {
  let text = ordinalList(positions, total);
  if (interpreted && interpreted.length) text += ` (${ordinalList(interpreted)} por interpretação: vaga reservada que a leitura não posiciona)`;
  return text;
}
// "p": the reserved nominations in words (an `ordem` headline; `phrase` is that row's); "u": the undated
// answer's count (a dated "no" that says what the other extension model would reserve).
function headlineOf(pool, index, reserved, vacancies, phrase = "", undated = reserved) {
  const [skeleton, ...tokens] = pool[index];
  const parts = pool[skeleton].split("\0");
  let out = parts[0];
  tokens.forEach((t, i) => {
    const number = t === "r" ? fmtInt(reserved) : t === "n" ? fmtInt(vacancies)
      : t === "r+1" ? fmtInt(reserved + 1) : t === "r-1" ? fmtInt(reserved - 1) : t === "p" ? phrase
      : t === "u" ? fmtInt(undated) : t.slice(1);
    out += number + parts[i + 1];
  });
  return out;
}

const validDate = (iso) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// The answer the tables give for this request, in the shape of Python's result (without the steps), or
// null when the tables do not cover it (then Python answers).
function tableResult(command, req) {
  if (!ANSWERS || (command !== "reserva" && command !== "ordem")) return null;
  const nd = ANSWERS.norms[req.norma];
  if (!nd || req.leitura || req.vinculo || req.nomeacoes) return null;
  if (!/^[1-9]\d*$/.test(req.vagas || "")) return null;
  const n = Number(req.vagas);
  if (n > ANSWERS.max_vacancies) return null;
  if (nd.percent === null ? req.percentual !== undefined : req.percentual !== nd.percent) return null;
  const cols = columnsOf(req.norma, command);
  const row = {};
  for (const [field, values] of Object.entries(cols)) {
    if (field !== "headline" && field !== "warnings") row[field] = nd.pool[values[n - 1]];
  }
  if (cols.warnings) row.warnings = warningsOf(nd.pool, cols.warnings[n - 1], row.reserved, n);
  const result = { norm: req.norma, vacancies: n, command, ...row, validity_window: nd.window };
  const order = command === "ordem";
  if (order) {
    result.positions = row.count < 0 ? row.explicit
      : [...nd.sequence.slice(0, row.count), ...row.interpreted_positions].sort((a, b) => a - b);
    delete result.count;
    delete result.explicit;
  }
  const phrase = (r) => (r.positions_total ? positionsPhrase(r.positions, r.positions_total, r.interpreted_positions) : "");
  if (!req.data_edital) {
    result.headline = headlineOf(nd.pool, cols.headline[n - 1], row.reserved, n, order ? phrase(result) : "");
    return result;
  }
  if (!validDate(req.data_edital)) return null;
  const window = nd.windows.find((w) => w.from <= req.data_edital && req.data_edital <= w.to);
  const part = window && (order ? window.order : window);
  if (!part) return null;
  // Applicability first, the same composition as calculator/core.py (build.py checks it against the
  // calculator): 0 the norm applies to that edital (the count, now unconditional); 1 it does not (the
  // reserve and the order are not computed: the date's warnings only, no position); 2 the corpus cannot
  // tell (applies null, the count kept). An answer that is "no" whatever the date stays so.
  const text = brDate(req.data_edital);
  const dated = warningsOf(nd.pool, window.warnings).map((w) => ({ ...w, message: w.message.split(ANSWERS.date_mark).join(text) }));
  const state = window.applies === false ? 1 : window.applies === null && row.applies !== false ? 2 : 0;
  const basisKey = `${cols.basis[n - 1]}:${state}`;
  if (!(basisKey in part.basis)) return null;
  if (!part.decoded) part.decoded = expand(part.headline);
  const out = {
    ...result,
    reserved: state === 1 ? 0 : row.reserved,
    applies: state === 1 ? false : state === 2 ? null : row.applies !== false,
    warnings: state === 1 ? dated : [...dated, ...row.warnings.filter((w) => w.code !== "vigencia_nao_verificada")],
    basis: nd.pool[part.basis[basisKey]],
    edital_date: req.data_edital,
    validity_window: null,
  };
  if (order && state === 1) Object.assign(out, { positions: [], positions_total: 0, interpreted_positions: [] });
  out.headline = headlineOf(nd.pool, part.decoded[n - 1], out.reserved, n, order ? phrase(out) : "", row.reserved);
  return out;
}

// ---------------------------------------------------------------- the Python worker (on demand)
let worker = null;
let pythonState = FROM_DISK ? "disk" : "idle"; // idle | loading | ready | failed | disk
let readyResolve;
const pythonReady = new Promise((resolve) => { readyResolve = resolve; });
const pending = new Map();
let nextId = 1;
let loadStart = 0;

// Loading has LOAD_STEPS steps (worker.js): the bar shows the steps already done.
const LOAD_STEPS = 3;
const TABLE_SCOPE = `1 a ${fmt(MAX_TABLE)} vagas, com o percentual padrão, com ou sem a data do edital`;

let loadDone = 0; // steps of the load already done (the bars show it)

function setStatus(text, done, state) {
  $("calc-status-texto").textContent = text;
  const bar = $("calc-progresso");
  if (done !== undefined) bar.value = loadDone = done;
  // (no aria-busy on the status: it would hold back the announcement of each step of its live region)
  if (state) {
    $("calc-status").dataset.state = state;
    bar.hidden = state !== "loading";
  }
  refreshBusy();
}

function statusButton(label, onClick) {
  const old = $("calc-carregar");
  if (old) old.remove();
  if (!label) return;
  const b = el("button", { type: "button", id: "calc-carregar", class: "md-button" }, label);
  b.addEventListener("click", onClick);
  $("calc-status").append(b);
}

function initialStatus() {
  if (FROM_DISK) {
    setStatus(
      "Você abriu o site direto do disco. As vagas reservadas e a ordem de convocação funcionam aqui, pelas " +
        `respostas pré-calculadas (${TABLE_SCOPE}). A simulação e a explicação passo a passo precisam da ` +
        "calculadora em Python, que o navegador só executa com o site servido por um servidor local. Na pasta " +
        `do site, rode: ${SERVER_COMMAND} e abra http://localhost:8000/calculadora.html.`,
      0, "disk");
    const cmd = el("code", { id: "calc-comando" }, SERVER_COMMAND);
    $("calc-status").append(el("p", { class: "calc-comando" }, "Comando: ", cmd));
    return;
  }
  setStatus(
    `Respostas imediatas para as vagas reservadas e a ordem de convocação (${TABLE_SCOPE}), pré-calculadas ` +
      "pelas mesmas regras. A calculadora em Python (alguns megabytes) só é baixada quando uma pergunta precisa " +
      "dela: a simulação, outro percentual, vínculo ou leitura, ou a explicação passo a passo.",
    0, "idle");
  statusButton("Carregar a calculadora em Python agora", () => ensurePython());
}

// The browser's own error (often in English, e.g. "Failed to fetch") is kept out of the status text:
// it goes, labelled, in a collapsed "Detalhe técnico" element for whoever maintains the site, created
// only when there is something to show.
function setTechnicalDetail(detail) {
  if (!detail || $("calc-detalhe-tecnico")) return;
  const code = el("code", { id: "calc-detalhe-tecnico-texto", lang: "en" }, detail);
  const box = el("details", { id: "calc-detalhe-tecnico", class: "calc-detalhe-tecnico" },
    el("summary", {}, "Detalhe técnico (para quem mantém o site)"),
    el("p", {}, "Mensagem de erro do navegador, como ele a informou: ", code));
  $("calc-status").after(box);
}

function ensurePython() {
  if (pythonState === "disk") return Promise.resolve(false); // never from disk: the page says why
  if (pythonState === "idle") startWorker();
  return pythonReady;
}

// Why a question cannot be answered without Python here (the end of a sentence: "A simulação …").
function pythonWhy() {
  return pythonState === "disk"
    ? `precisa da calculadora em Python, que só funciona com o site servido por um servidor local (na pasta do site: ${SERVER_COMMAND}).`
    : "precisa da calculadora em Python, que não pôde ser carregada neste navegador.";
}

function startWorker() {
  statusButton(null);
  if (typeof WebAssembly === "undefined" || typeof Worker === "undefined") {
    pythonState = "failed";
    setStatus(
      "Este navegador não executa a calculadora em Python (não tem WebAssembly). " +
        `As vagas reservadas e a ordem de convocação vêm das respostas pré-calculadas (${TABLE_SCOPE}); ` +
        "a simulação e a explicação passo a passo não estão disponíveis.",
      0,
      "failed",
    );
    readyResolve(false);
    return;
  }
  pythonState = "loading";
  loadStart = performance.now();
  setStatus(`Baixando o Python do próprio site… (etapa 1 de ${LOAD_STEPS})`, 0, "loading");
  const url = new URL("worker.js", HERE);
  const boot = new URLSearchParams(location.search).get("inicio_python");
  if (boot) url.searchParams.set("inicio", boot);
  try {
    worker = new Worker(url, { type: "module" });
  } catch (err) {
    workerFailed(String(err));
    return;
  }
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "progress") {
      if (pythonState === "loading") setStatus(`${msg.text} (etapa ${msg.step} de ${LOAD_STEPS})`, msg.step - 1);
    } else if (msg.type === "ready") {
      pythonState = "ready";
      document.documentElement.dataset.pythonReadyMs = String(Math.round(performance.now() - loadStart));
      document.documentElement.dataset.pythonBoot = msg.boot || "";
      setStatus("Calculadora em Python pronta: as respostas trazem a explicação passo a passo.", LOAD_STEPS, "ready");
      readyResolve(true);
      // the answers on screen from the tables are computed again, now with their explanation
      for (const tool of TOOLS) if (lastRequest[tool] && $(`${tool}-resultado`).dataset.origem === "tabela") run(tool, false);
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
      `As vagas reservadas e a ordem de convocação continuam disponíveis pelas respostas pré-calculadas (${TABLE_SCOPE}); ` +
      "a simulação e a explicação passo a passo não estão disponíveis. Recarregar a página pode resolver.",
    0,
    "failed",
  );
  setTechnicalDetail(detail);
  readyResolve(false);
  for (const { resolve } of pending.values()) resolve({ failed: true });
  pending.clear();
}

function callWorker(message, transfer = []) {
  return new Promise((resolve) => {
    if (pythonState === "failed" || !worker) return resolve({ failed: true });
    const id = nextId++;
    pending.set(id, { resolve });
    worker.postMessage({ ...message, id }, transfer);
  });
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

const FIELD_NAMES = { norma: "a norma", vinculo: "o tipo de vínculo", leitura: "a leitura da alternância" };
const fieldName = (form, name) => {
  if (FIELD_NAMES[name]) return FIELD_NAMES[name];
  const label = form.querySelector(`[data-campo="${name}"] label`);
  return label ? `“${label.textContent}”` : name;
};

// ---------------------------------------------------------------- the norms' fields (normas.js)
// Each form has the norm select (filled here) and, where fields that only some norms take go, a
// placeholder <div data-campos="percentual vinculo"> ("opcoes": the simulation options). The placeholder
// is replaced by one box per field; on a change of norm each box is shown and enabled for a norm that
// takes it (with that norm's label, hint and choices) and hidden and disabled (not sent) for the others.
function fieldBox(prefix, name, spec) {
  const { kind } = spec;
  const id = `${prefix}-${name}`;
  const described = `${id}-dica ${id}-erro`;
  let control;
  if (kind === "select") {
    control = el("select", { id, name, "aria-describedby": described });
    setChoices(control, spec.choices); // a select never without options, even while its norm is not chosen
  } else if (kind === "flag") control = el("input", { id, name, type: "checkbox", value: "sim", "aria-describedby": described });
  else {
    control = el("input", { id, name, type: "text", inputmode: kind === "decimal" ? "decimal" : "numeric",
      autocomplete: "off", "aria-describedby": described });
  }
  const label = el("label", { for: id });
  const box = el("div", { class: "calc-campo", "data-campo": name });
  if (kind === "flag") {
    label.className = "calc-rotulo-caixa";
    box.append(control, label);
  } else box.append(label, control);
  box.append(el("p", { class: "calc-dica", id: `${id}-dica`, hidden: "" }),
    el("p", { class: "calc-erro", id: `${id}-erro`, hidden: "" }));
  return box;
}

function buildNormFields(form, prefix) {
  const select = form.elements.namedItem("norma");
  select.replaceChildren(...META.norms.map((n) => el("option", { value: n.slug }, n.name)));
  for (const spot of form.querySelectorAll("[data-campos]")) {
    const names = spot.dataset.campos.split(" ").flatMap((n) => (n === "opcoes" ? META.options : [n]));
    const boxes = [];
    for (const name of names) {
      const owner = META.norms.find((n) => n.fields[name]);
      if (owner) boxes.push(fieldBox(prefix, name, owner.fields[name]));
    }
    spot.replaceWith(...boxes);
  }
  applyNorm(form);
}

function setChoices(select, choices) {
  const same = select.options.length === choices.length &&
    choices.every(([value, text], i) => select.options[i].value === value && select.options[i].text === text);
  if (same) return;
  const keep = select.value;
  select.replaceChildren(...choices.map(([value, text]) => el("option", { value }, text)));
  select.value = choices.some(([value]) => value === keep) ? keep : "";
}

function applyNorm(form) {
  const norm = NORMS[form.elements.namedItem("norma").value];
  const fields = norm ? norm.fields : {};
  for (const box of form.querySelectorAll("[data-campo]")) {
    const spec = fields[box.dataset.campo];
    const control = box.querySelector("input, select");
    box.hidden = !spec;
    control.disabled = !spec;
    if (!spec) continue;
    box.querySelector("label").textContent = spec.label;
    const hint = box.querySelector(".calc-dica");
    hint.textContent = spec.hint || "";
    hint.hidden = !spec.hint;
    if (spec.choices) setChoices(control, spec.choices);
  }
}

// Fills the form from the address. A value the field cannot hold (an unknown norm, a date that does not
// exist such as 2020-02-30) is not dropped silently: it is returned as an error for that field.
function fillForm(tool, req, keepLocal = true) {
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

let uploaded = null; // {file, text}: the file chosen, while the text area still holds it unchanged

function stateToQuery(tool, req) {
  const params = new URLSearchParams();
  params.set("ferramenta", tool);
  for (const name of FIELDS[tool]) {
    if (req[name] === undefined || NOT_IN_URL.has(name)) continue;
    params.set(name, req[name]);
  }
  return `?${params.toString()}#${SECTION_OF[tool]}`;
}

function queryToState() {
  const params = new URLSearchParams(location.search);
  const tool = params.get("ferramenta");
  if (!TOOLS.includes(tool)) return null;
  const req = { command: tool };
  for (const name of FIELDS[tool]) if (params.has(name) && !NOT_IN_URL.has(name)) req[name] = params.get(name);
  return { tool, req };
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
const sentence = (text) => {
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

// Checks made here, before any answer: they need no Python (an empty form never downloads it).
function localErrors(tool, req) {
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


// ---------------------------------------------------------------- running a tool
const runSeq = {};

// The busy state of a tool waiting for Python, the same for every tool (reserva and ordem outside the
// tables, the simulation, the edital, and while Python loads for any of them): the answer on screen
// dimmed and aria-busy, the submit button disabled, and beside it what is being waited for — the load's
// step, with its own bar (the page's status may be out of sight), or "calculando…". A newer request of
// the same tool makes the older answer stale: it is dropped when it arrives (runSeq; edital.js has its own).
const busyTools = new Set();

function busyState(tool) {
  const box = $(`${tool}-estado`);
  if (!box) return;
  if (!busyTools.has(tool)) {
    box.replaceChildren();
    return;
  }
  if (pythonState !== "loading") {
    box.replaceChildren("calculando…");
    return;
  }
  const bar = el("progress", { max: String(LOAD_STEPS), class: "calc-estado-progresso", "aria-hidden": "true" });
  bar.value = loadDone;
  box.replaceChildren(bar, ` carregando a calculadora em Python (etapa ${Math.min(loadDone + 1, LOAD_STEPS)} de ${LOAD_STEPS})…`);
}

function refreshBusy() {
  for (const tool of busyTools) busyState(tool);
}

function setBusy(tool, busy) {
  const out = $(`${tool}-resultado`);
  const button = formOf(tool).querySelector("button[type=submit]");
  if (busy) busyTools.add(tool);
  else busyTools.delete(tool);
  if (busy) out.setAttribute("aria-busy", "true");
  else out.removeAttribute("aria-busy");
  out.classList.toggle("calc-ocupado", busy);
  button.disabled = busy;
  busyState(tool);
}

function markActive(tool) {
  const id = SECTION_OF[tool] || tool;
  for (const section of document.querySelectorAll(".calc-ferramenta")) section.classList.toggle("calc-ativa", section.id === id);
}

// The answer brought into view and focused (its box has tabindex="-1"): a phone shows it instead of the
// form above it, and a screen reader reads it. After a Calcular press and on arrival by a link with a
// question, not when an answer on screen is computed again. The form is not hidden: Shift+Tab goes back
// to its Calcular button. On arrival it waits for the load event, after which the browser no longer
// scrolls to the address's #fragment (the tool's section, above the answer).
function reveal(out) {
  const go = () => {
    if (!out.isConnected || !out.firstChild) return;
    out.focus({ preventScroll: true });
    const header = document.querySelector(".md-header");
    const top = header ? header.getBoundingClientRect().bottom : 0;
    const head = out.querySelector(".calc-resposta") || out.firstElementChild || out;
    if (out.getBoundingClientRect().top < top || head.getBoundingClientRect().bottom > window.innerHeight) {
      out.scrollIntoView({ block: "start" });
    }
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", () => requestAnimationFrame(go), { once: true });
}

// options.python: answer with Python even where the tables answer (the step-by-step explanation);
// options.reveal: bring the answer into view (reveal)
async function run(tool, push, options = {}) {
  const req = readForm(tool);
  lastRequest[tool] = req;
  if (push) {
    const url = stateToQuery(tool, req);
    if (url !== location.search + location.hash) {
      try {
        history.pushState({ tool }, "", url);
      } catch {
        // some browsers refuse a new address for a page opened from disk: the answer still shows
      }
    }
  }
  const seq = (runSeq[tool] = (runSeq[tool] || 0) + 1);
  const out = $(`${tool}-resultado`);
  markActive(tool);
  clearErrors(tool);
  contextNorm = req.norma || null;
  let shown = !options.reveal;
  const show = () => {
    if (!shown) reveal(out);
    shown = true;
  };
  const mark = (origin) => {
    out.dataset.origem = origin;
    if (origin !== "erro") show();
    out.dataset.norma = req.norma || "";
    out.dataset.vagas = req.vagas || "";
    // A short summary for screen readers (the result itself is not a live region: it can be long).
    const head = out.querySelector(".calc-resposta");
    const error = formOf(tool).querySelector(".calc-erro:not([hidden])");
    const summary = origin === "erro" && error ? `Erro: ${error.textContent}` : head ? head.textContent : "";
    if (summary) $("calc-anuncio").textContent = origin === "tabela" ? `Resposta pré-calculada: ${summary}` : summary;
  };
  const fail = (errors) => {
    out.replaceChildren();
    for (const e of errors) showError(tool, e);
    mark("erro");
  };

  const errors = localErrors(tool, req);
  if (errors.length) {
    setBusy(tool, false);
    return fail(errors);
  }

  if (pythonState !== "ready" && (tool === "reserva" || tool === "ordem") && !options.python) {
    await loadAnswers(req.norma);
    if (seq !== runSeq[tool]) return;
  }
  if (pythonState !== "ready") {
    const table = options.python && pythonState !== "failed" && pythonState !== "disk" ? null : tableResult(tool, req);
    if (table) {
      setBusy(tool, false);
      out.replaceChildren(renderTableAnswer(tool, req, table));
      mark("tabela");
      return;
    }
    if (pythonState === "failed" || pythonState === "disk") {
      setBusy(tool, false);
      const why = pythonWhy();
      const waiting = tool === "simular"
        ? `A simulação ${why}`
        : `Esta pergunta ${why} Sem ela, há respostas pré-calculadas para as vagas reservadas e a ordem de ` +
          `convocação de ${TABLE_SCOPE}, sem outro vínculo ou leitura. Veja também as tabelas de vagas.`;
      out.replaceChildren(el("p", { class: "calc-espera" }, waiting));
      mark("espera");
      return;
    }
    setBusy(tool, true); // the load's progress beside the button, the answer on screen dimmed
    out.dataset.origem = "espera";
    const ok = await ensurePython();
    if (seq !== runSeq[tool]) return;
    if (!ok) {
      setBusy(tool, false);
      return run(tool, false, { reveal: options.reveal }); // now answers with the failure notice (and the tables where they can)
    }
  }
  if (tool === "simular") return runSimulation(req, seq, out, mark, fail, show);
  setBusy(tool, true);
  const answer = await callWorker({ type: "api", request: JSON.stringify(req) });
  if (seq !== runSeq[tool]) return; // stale: a newer run owns the busy state
  setBusy(tool, false);
  if (answer.failed) return;
  if (answer.crash) {
    out.replaceChildren(el("p", { class: "calc-erro" }, `Erro inesperado na calculadora: ${answer.crash}`));
    return;
  }
  const response = JSON.parse(answer.response);
  if (!response.ok) return fail([response.error]);
  out.replaceChildren(RENDER[tool](response.result, req));
  mark("python");
}

// A simulation: busy at once (the old result dimmed, the button disabled, "calculando…", aria-busy);
// a newer request makes the older answer stale (it is dropped when it arrives).
async function runSimulation(req, seq, out, mark, fail, show) {
  setBusy("simular", true);
  const request = { ...req };
  let file;
  // (the text area turns the file's CRLF into LF: compare line-end-blind, or a CRLF file would go as text)
  const lf = (t) => String(t).replace(/\r\n?/g, "\n");
  if (uploaded && (req.csv === undefined || lf(req.csv) === lf(uploaded.text))) {
    delete request.csv;
    file = uploaded.file;
  }
  const answer = await callWorker({ type: "simular", request, file, size: PAGE_SIZE });
  if (seq !== runSeq.simular) return; // stale: a newer run owns the busy state
  setBusy("simular", false);
  if (answer.failed) return;
  if (answer.crash) {
    out.replaceChildren(el("p", { class: "calc-erro" }, `Erro inesperado na calculadora: ${answer.crash}`));
    return;
  }
  if (answer.response) {
    const response = JSON.parse(answer.response);
    return fail([response.error]);
  }
  // Summary first; each long list in a task of its own, so that no single task keeps the page from
  // responding (a phone renders 50 items with their reasons in about a tenth of a second).
  const { summary, later } = renderSimulation(answer.simulation, req);
  out.replaceChildren(summary);
  show();
  const queue = [...later]; // a part may put its own follow-up parts at the front (pagedTable)
  while (queue.length) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (seq !== runSeq.simular) return;
    const made = queue.shift()(queue);
    if (made) out.append(made);
  }
  mark("python");
}

// ---------------------------------------------------------------- renderers
function headline(text) {
  return el("p", { class: "calc-resposta" }, el("strong", {}, text));
}

function renderTableAnswer(tool, req, result) {
  const frag = document.createDocumentFragment();
  frag.append(RENDER[tool](result, req));
  frag.firstChild.before(el("p", { class: "calc-selo" }, "Resposta pré-calculada (gerada com o site, pelas mesmas regras)"));
  // The headline is the calculator's own sentence: without an edital date, conditional on the norm's
  // validity window (the same sentence Python gives for the same request).
  const more = el("p", { class: "calc-bases calc-mais" });
  if (pythonState === "failed" || pythonState === "disk") {
    more.append(pythonState === "disk"
      ? "A explicação passo a passo precisa do site servido por um servidor local. Veja o "
      : "Sem a calculadora em Python neste navegador, não há explicação passo a passo. Veja o ");
  } else {
    const b = el("button", { type: "button", class: "md-button calc-passo-a-passo" },
      pythonState === "loading" ? "Explicação passo a passo (a calculadora em Python está carregando)" : "Ver a explicação passo a passo");
    b.addEventListener("click", () => {
      b.disabled = true;
      run(tool, false, { python: true });
    });
    more.append(b, " Ela é calculada pela calculadora em Python, baixada só agora. Veja também o ");
  }
  more.append(el("a", { href: normPageUrl(req.norma) || "#" }, `texto anotado (${NORMS[req.norma] ? NORMS[req.norma].cite : req.norma})`), " e as ");
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
  appliesNote(frag, result);
  frag.append(explanation(result));
  return frag;
}

// applies: true, false or null (calculator/README.md): null without an edital date (the answer holds only
// inside the norm's validity window, stated in the headline) or where the corpus cannot tell.
function appliesNote(frag, result) {
  if (result.applies === false) {
    frag.append(el("p", { class: "calc-aviso" }, "A reserva não se aplica a este concurso (veja os avisos abaixo)."));
  } else if (result.applies === null && result.validity_window) {
    frag.append(el("p", { class: "calc-aviso calc-condicional" }, `Resposta condicional: vale só se o edital foi ${result.validity_window.short}. Informe a data de publicação do edital para verificar.`));
  } else if (result.applies === null) {
    frag.append(el("p", { class: "calc-aviso" }, "Não é possível determinar com o corpus se a reserva se aplica (veja os avisos abaixo)."));
  }
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
  const counted = `${fmt(count)} de ${fmt(total)} ${total === 1 ? "nomeação vai" : "nomeações vão"} para a reserva racial` +
    (result.reserved !== undefined && result.reserved !== count ? ` (a norma reserva ${fmt(result.reserved)})` : "");
  // The calculator's own sentence first: it starts from applicability (the validity clause, "se se aplicar",
  // or why no nomination is reserved), the same words as the CLI and the tables.
  frag.append(headline(result.headline || counted));
  if (result.headline) frag.append(el("p", { class: "calc-leitura calc-ordem-conta" }, `${counted}.`));
  appliesNote(frag, result);
  if (result.nominations !== undefined && result.nominations !== result.vacancies) {
    frag.append(el("p", { class: "calc-leitura calc-nomeacoes-regra" }, `Nomeações além das vagas: ${fmt(result.nominations)} nomeações ` +
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
// "Eve" reversed as another name); the same rule as calculator/terminal.py's visible() for the CLI.
function visible(value) {
  return String(value ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu, (c) => `<U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}>`)
    .replace(/(?! )\p{Zs}/gu, " ");
}
const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many}`;

function renderSimulation(result, req) {
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

const RENDER = { reserva: renderReserve, ordem: renderOrder }; // simular: runSimulation, in parts

// ---------------------------------------------------------------- wiring
// The file's bytes go to the worker as the File itself (read and decoded there). A small file is also
// shown in the text area, decoded here as Python would (UTF-8, else Windows-1252, what Excel exports).
async function chooseFile(file) {
  clearErrors("simular");
  const area = $("simular-csv");
  if (file.size > MAX_CSV_BYTES) {
    // refused before it is read: a list this big would take the tab's memory (same limit and message as Python)
    uploaded = null;
    showError("simular", { field: "csv", message: CSV_TOO_LARGE });
    $("simular-arquivo").value = "";
    return false;
  }
  uploaded = { file, text: "" };
  if (file.size <= PREVIEW_BYTES) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    uploaded.text = text;
    area.value = text;
    area.placeholder = "";
  } else {
    area.value = "";
    area.placeholder = `Arquivo ${file.name} (${(file.size / 1048576).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB) escolhido: ` +
      "grande demais para mostrar aqui, ele é lido direto na simulação.";
  }
  if (!FROM_DISK) ensurePython(); // a simulation is coming: start the download now
  return true;
}

function resetTool(tool) {
  fillForm(tool, {}, tool === "simular"); // the CSV the user loaded stays in its text area
  clearErrors(tool);
  $(`${tool}-resultado`).replaceChildren();
  delete $(`${tool}-resultado`).dataset.origem;
  delete lastRequest[tool];
  setBusy(tool, false);
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
    try {
      history.replaceState(history.state, "", `?${params.toString()}${location.hash}`);
    } catch {
      // a page opened from disk may refuse it; the list is not used either way
    }
  }
  const state = queryToState();
  for (const tool of TOOLS) if (!state || tool !== state.tool) resetTool(tool);
  const old = $("calc-link-erro");
  if (old) old.remove();
  if (!state && params.has("ferramenta")) {
    const p = el("p", { class: "calc-aviso", id: "calc-link-erro", role: "alert" },
      `O link pede uma ferramenta desconhecida: “${params.get("ferramenta")}”. Use uma das ferramentas abaixo.`);
    $("reserva").before(p);
  }
  if (!state) {
    // ?norma=… alone (the "Calcular vagas reservadas" button of a norm page): preselect that norm.
    const norm = params.get("norma");
    if (norm && NORMS[norm]) {
      for (const tool of TOOLS) {
        formOf(tool).elements.namedItem("norma").value = norm;
        applyNorm(formOf(tool));
      }
    } else if (norm) {
      showError("reserva", { field: "norma", message: `O link traz uma norma desconhecida: “${norm}”. Escolha uma das normas da lista.` });
    }
    return false;
  }
  const errors = fillForm(state.tool, state.req);
  if (errors.length) {
    clearErrors(state.tool);
    for (const e of errors) showError(state.tool, e);
    $(`${state.tool}-resultado`).dataset.origem = "erro";
    $("calc-anuncio").textContent = `Erro: ${errors[0].message}`;
    markActive(state.tool);
    return true;
  }
  if (state.tool === "simular" && !$("simular-csv").value.trim() && !uploaded) {
    clearErrors("simular");
    const out = $("simular-resultado");
    out.replaceChildren(el("p", { class: "calc-aviso", id: "simular-pede-arquivo" }, ASK_FOR_FILE));
    out.dataset.origem = "pede-arquivo";
    delete lastRequest.simular;
    $("calc-anuncio").textContent = ASK_FOR_FILE;
    return true;
  }
  run(state.tool, false, { reveal: true });
  return true;
}

function init() {
  initialStatus();
  for (const form of document.querySelectorAll("form[data-comando]")) buildNormFields(form, form.dataset.comando);
  for (const tool of TOOLS) {
    const form = formOf(tool);
    form.elements.namedItem("norma").addEventListener("change", () => {
      applyNorm(form);
      if (tool !== "simular") loadAnswers(form.elements.namedItem("norma").value);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(tool, true, { reveal: true });
    });
  }
  $("simular-csv").addEventListener("input", () => {
    ensurePython(); // a simulation is coming (as when a file is chosen): start the download now
    const lf = (t) => String(t).replace(/\r\n?/g, "\n");
    if (uploaded && lf($("simular-csv").value) !== lf(uploaded.text)) uploaded = null;
  });
  $("simular-arquivo").addEventListener("change", async (event) => {
    const file = event.target.files && event.target.files[0];
    if (file) await chooseFile(file);
  });
  $("simular-exemplo").addEventListener("click", async () => {
    if (FROM_DISK) {
      showError("simular", { field: "csv", message: `A simulação precisa do site servido por um servidor local: na pasta do site, rode ${SERVER_COMMAND}.` });
      return;
    }
    try {
      const r = await fetch(SAMPLE_CSV_URL);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const blob = await r.blob();
      await chooseFile(new File([blob], "exemplo-classificacao.csv", { type: "text/csv" }));
      if (!$("simular-vagas").value) $("simular-vagas").value = "10";
      run("simular", true, { reveal: true });
    } catch (err) {
      showError("simular", { field: "csv", message: `Não foi possível abrir o arquivo de exemplo (${err.message}).` });
    }
  });
  // the Edital tool (edital.js) is the one printed after it is used
  const edital = $("form-edital");
  if (edital) edital.addEventListener("submit", () => markActive("edital"));
  if (edital && FROM_DISK) {
    // edital.js is a module, which a page opened from disk does not load: say so up front, and its own
    // buttons (which edital.js would wire) are disabled rather than dead
    edital.before(el("p", { class: "calc-aviso", id: "edital-disco" }, `A ferramenta Edital ${pythonWhy()}`));
    for (const c of edital.querySelectorAll("button:not([type=submit]), input[type=radio], input[type=file]")) c.disabled = true;
    edital.addEventListener("submit", (event) => {
      event.preventDefault();
      const out = $("edital-resultado");
      out.replaceChildren(el("p", { class: "calc-aviso" }, `A ferramenta Edital ${pythonWhy()}`));
      out.dataset.origem = "falha";
    });
  }
  window.addEventListener("popstate", () => restoreFromUrl());
  restoreFromUrl();
  // the selected norm's answers, so the first question is answered at once (only that norm's)
  loadAnswers(formOf("reserva").elements.namedItem("norma").value);
}

// For the tests and for the page's other tool modules (edital.js): read-only helpers. callPython starts
// Python on demand and answers like the worker ({response} | {crash} | {failed}).
const callPython = (request) => ensurePython().then((ok) =>
  (ok ? callWorker({ type: "api", request: JSON.stringify(request) }) : { failed: true }));
const calc = { el, callPython, basisList, explanation, fmt, NORMS, applyNorm, setBusy, pythonWhy, reveal };
// loadAnswers(slugs): every listed norm's precomputed answers (tests ask tableResult about them all).
const loadAnswersOf = (slugs) => Promise.all([].concat(slugs).map(loadAnswers));
self.CotasCalculadora = { calc, labelsOf, sentence, visible, tableResult, ensurePython, callWorker, basisList,
  explanation, headline, el, MAX_CSV_BYTES, CSV_TOO_LARGE, loadAnswers: loadAnswersOf };

init();
})();
