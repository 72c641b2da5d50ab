// The Python worker (worker.js), started on demand: the page's status line and the steps of the load,
// the calls to the worker and their answers (the messages both ways: ../messages.js), and why a question
// cannot be answered without Python here.
import { FROM_DISK, HERE, RUNTIME_VERSION, SERVER_COMMAND, TOOLS } from "./config.js";
import { $, el, fmt } from "./dom.js";
import { MAX_TABLE } from "./tables.js";
import { lastRequest } from "./form_state.js";
import { refreshBusy, run } from "./run.js";

let worker = null;
export let pythonState = FROM_DISK ? "disk" : "idle"; // idle | loading | ready | failed | disk
let readyResolve;
const pythonReady = new Promise((resolve) => { readyResolve = resolve; });
const pending = new Map();
let nextId = 1;
let loadStart = 0;

// Loading has LOAD_STEPS steps (worker.js): the bar shows the steps already done.
export const LOAD_STEPS = 3;
export const TABLE_SCOPE = `1 a ${fmt(MAX_TABLE)} vagas, com o percentual padrão, com ou sem a data do edital`;

export let loadDone = 0; // steps of the load already done (the bars show it)

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

export function initialStatus() {
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

export function ensurePython() {
  if (pythonState === "disk") return Promise.resolve(false); // never from disk: the page says why
  if (pythonState === "idle") startWorker();
  return pythonReady;
}

// Why a question cannot be answered without Python here (the end of a sentence: "A simulação …").
export function pythonWhy() {
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
  url.searchParams.set("v", RUNTIME_VERSION);
  const boot = new URLSearchParams(location.search).get("inicio_python");
  if (boot) url.searchParams.set("inicio", boot);
  try {
    worker = new Worker(url, { type: "module" });
  } catch (err) {
    workerFailed(String(err));
    return;
  }
  worker.onmessage = (event) => {
    /** @type {import("../messages.js").WorkerMessage} */
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

/**
 * A request to the worker, answered once, with the same id (the messages: ../messages.js).
 * @param {Omit<import("../messages.js").PageMessage, "id">} message
 * @param {Transferable[]} [transfer]
 * @returns {Promise<import("../messages.js").Reply | import("../messages.js").Failed>}
 */
export function callWorker(message, transfer = []) {
  return new Promise((resolve) => {
    if (pythonState === "failed" || !worker) return resolve({ failed: true });
    const id = nextId++;
    pending.set(id, { resolve });
    worker.postMessage({ ...message, id }, transfer);
  });
}
