// The calculator page's entry module: wiring the forms, the file chooser and the address, and
// self.CotasCalculadora, the helpers that edital.js and the tests use. sitebuild/scripts.py joins it and
// the modules it imports into calculadora.js, the script the page loads.
//
// The common questions (reserved seats and call order, 1 to 1,000 vacancies at the default percentage,
// with or without an edital date) are answered from answers precomputed at build time by the same
// Python rules (respostas.js, loaded before this script, and each norm's respostas/<slug>.js, loaded when
// that norm is chosen). The Python runtime (Pyodide, in a Web Worker: worker.js) is downloaded only when a
// question needs it — a simulation, another percentage, another vínculo or reading, the step-by-step
// explanation — or when the visitor asks for it.
// calculadora.js is a classic script (not a module) so that the unzipped site opened from disk (file://)
// still answers from the tables; Web Workers do not run there, and the page says how to start a local
// server. Every URL is relative to that script: the site works from any sub-path.
// User text is only ever inserted with textContent / createTextNode, never as HTML.
import {
  ASK_FOR_FILE, CSV_TOO_LARGE, ECHO_CHARS, FROM_DISK, MAX_CSV_BYTES, NORMS, OTHER_TOOLS, PREVIEW_BYTES,
  SAMPLE_CSV_URL, SERVER_COMMAND, TOOLS
} from "./config.js";
import { $, el, fmt } from "./dom.js";
import { basisList, explanation, labelsOf } from "./refs.js";
import { tableResult } from "./tables.js";
import { loadAnswers } from "./answer_files.js";
import { callWorker, ensurePython, initialStatus, pythonWhy } from "./worker_client.js";
import {
  clearErrors, fillForm, formOf, lastRequest, queryToState, sentence, setUploaded, showError, uploaded
} from "./form_state.js";
import { applyNorm, buildNormFields } from "./fields.js";
import { markActive, reveal, run, runSeq, setBusy } from "./run.js";
import { headline } from "./render.js";
import { visible } from "./simulation.js";
import { shareBar } from "./share.js";

// A link's value repeated in a message: its control and bidi characters shown as <U+XXXX>, and cut, so that
// a crafted link cannot make the page say a sentence of its own.
const echo = (value) => {
  const shown = visible(value);
  return shown.length > ECHO_CHARS ? `${shown.slice(0, ECHO_CHARS)}…` : shown;
};

// The file's bytes go to the worker as the File itself (read and decoded there). A small file is also
// shown in the text area, decoded here as Python would (UTF-8, else Windows-1252, what Excel exports).
async function chooseFile(file) {
  clearErrors("simular");
  const area = $("simular-csv");
  if (file.size > MAX_CSV_BYTES) {
    // refused before it is read: a list this big would take the tab's memory (same limit and message as Python)
    setUploaded(null);
    showError("simular", { field: "csv", message: CSV_TOO_LARGE });
    $("simular-arquivo").value = "";
    return false;
  }
  setUploaded({ file, text: "" });
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
  if (!state && params.has("ferramenta") && !OTHER_TOOLS.includes(params.get("ferramenta"))) {
    const p = el("p", { class: "calc-aviso", id: "calc-link-erro", role: "alert" },
      `O link pede uma ferramenta desconhecida: “${echo(params.get("ferramenta"))}”. Use uma das ferramentas abaixo.`);
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
      showError("reserva", { field: "norma", message: `O link traz uma norma desconhecida: “${echo(norm)}”. Escolha uma das normas da lista.` });
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
    // whoever opens a shared simulation has no list: the site's own sample is one press away
    const sample = el("button", { type: "button", class: "md-button", id: "simular-pede-exemplo" }, "Usar o arquivo de exemplo");
    sample.addEventListener("click", () => $("simular-exemplo").click());
    out.replaceChildren(el("p", { class: "calc-aviso", id: "simular-pede-arquivo" }, ASK_FOR_FILE), el("p", {}, sample));
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
    if (uploaded && lf($("simular-csv").value) !== lf(uploaded.text)) setUploaded(null);
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
const calc = { el, callPython, basisList, explanation, fmt, NORMS, applyNorm, setBusy, pythonWhy, reveal, shareBar };
// loadAnswers(slugs): every listed norm's precomputed answers (tests ask tableResult about them all).
const loadAnswersOf = (slugs) => Promise.all([].concat(slugs).map(loadAnswers));
self.CotasCalculadora = { calc, labelsOf, sentence, visible, tableResult, ensurePython, callWorker, basisList,
  explanation, headline, el, MAX_CSV_BYTES, CSV_TOO_LARGE, loadAnswers: loadAnswersOf };

init();
