// Running a tool: the busy state while Python loads or computes, the answer from the tables or from
// Python, a simulation's results drawn in parts, and the answer brought into view.
import { PAGE_SIZE, SECTION_OF } from "./config.js";
import { $, el } from "./dom.js";
import { setContextNorm } from "./refs.js";
import { tableResult } from "./tables.js";
import { loadAnswers } from "./answer_files.js";
import {
  LOAD_STEPS, TABLE_SCOPE, callWorker, ensurePython, loadDone, pythonState, pythonWhy
} from "./worker_client.js";
import {
  clearErrors, formOf, lastRequest, localErrors, readForm, showError, stateToQuery, uploaded
} from "./form_state.js";
import { RENDER, renderTableAnswer } from "./render.js";
import { renderSimulation } from "./simulation.js";
import { placeShareBar } from "./answer_link.js";

export const runSeq = {};

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

export function refreshBusy() {
  for (const tool of busyTools) busyState(tool);
}

export function setBusy(tool, busy) {
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

export function markActive(tool) {
  const id = SECTION_OF[tool] || tool;
  for (const section of document.querySelectorAll(".calc-ferramenta")) section.classList.toggle("calc-ativa", section.id === id);
}

// The answer brought into view and focused (its box has tabindex="-1"): a phone shows it instead of the
// form above it, and a screen reader reads it. After a Calcular press and on arrival by a link with a
// question, not when an answer on screen is computed again. The form is not hidden: Shift+Tab goes back
// to its Calcular button. On arrival it waits for the load event, after which the browser no longer
// scrolls to the address's #fragment (the tool's section, above the answer).
export function reveal(out) {
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
export async function run(tool, push, options = {}) {
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
  setContextNorm(req.norma || null);
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
    if (origin === "tabela" || origin === "python") placeShareBar(tool, req, out);
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
