// Running the Edital tool: the request to Python through the page's worker, the busy state, and the
// report appended in parts, one task each; a newer request makes an older answer stale.
import { $, TOOL, callPython, el, pythonWhy, reveal, setBusy } from "./page.js";
import { mode } from "./rows.js";
import { clearErrors, readForm, shareQuery, showError, tableText, uploaded } from "./form.js";
import { render } from "./report.js";
import { renderSeveral } from "./several.js";
import { inputsOf, severalEditais, severalFiles } from "./source.js";

export let last = null; // {result, request, apiRequest, inputs, small} of the answer on screen
let seq = 0;

// The answer on screen is gone (the form was reset): one still on its way is dropped when it arrives.
export function dropAnswer() {
  last = null;
  seq++;
}

export async function run(push) {
  const req = readForm();
  const several = mode() === "colar" && severalFiles;
  const table = several ? "" : tableText(); // several files: none of them goes in the link
  clearErrors();
  const out = $("edital-resultado");
  const { query, small } = shareQuery(req, table);
  if (push && query !== location.search + location.hash) history.pushState({ tool: TOOL }, "", query);
  const mine = ++seq;
  // busy as every tool of the page: the answer on screen dimmed, the load's progress or "calculando…"
  setBusy(TOOL, true);
  out.dataset.origem = "espera";
  const apiReq = { ...req };
  if (several) apiReq.editais = severalEditais();
  else if (mode() === "colar" && uploaded && table === uploaded.text) apiReq.csv_base64 = uploaded.base64;
  else apiReq.csv = table;
  const inputs = inputsOf(apiReq);
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
  last = { result: response.result, request: req, apiRequest: apiReq, inputs, small };
  // The report in parts, each appended in a task of its own (the headline first, in view at once): drawn in
  // one go, a report of 40 cargos kept a phone's page from responding for about a third of a second.
  const parts = several ? renderSeveral(response.result) : render(response.result, req, small);
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
