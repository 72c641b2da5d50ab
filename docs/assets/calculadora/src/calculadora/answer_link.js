// The link that reproduces an answer of the reserve, call-order or simulation tool, and its "Compartilhar"
// button, placed under the answer's headline. The page keeps the question in its address (form_state.js,
// stateToQuery), so the link is that address; a question the build answered in a page of its own (below)
// gets that page instead, whose preview in a messaging app shows the answer itself.
import { NORMS, SIMULATION_LINK_NOTE, SITE_ROOT } from "./config.js";
import { ANSWERS, tableResult } from "./tables.js";
import { stateToQuery } from "./form_state.js";
import { shareBar } from "./share.js";

// The build's page for this answer (sitebuild/share_pages.py): reserva and ordem with up to share.max
// vacancies and the norm's defaults — what the tables answer, without an edital date — or null.
export function staticPage(tool, req) {
  const share = ANSWERS && ANSWERS.share;
  if (!share || req.data_edital || Number(req.vagas) > share.max || !tableResult(tool, req)) return null;
  return new URL(`${share.dir}/${req.norma}/${tool}-${Number(req.vagas)}.html`, SITE_ROOT).href;
}

export function answerLink(tool, req) {
  return staticPage(tool, req) || new URL(stateToQuery(tool, req), location.href).href;
}

// The button under the answer's headline (one per tool: a new answer replaces it).
export function placeShareBar(tool, req, out) {
  const id = `${tool}-compartilhar`;
  const old = document.getElementById(id);
  if (old) old.remove();
  const head = out.querySelector(".calc-resposta");
  if (!head) return;
  const norm = NORMS[req.norma];
  const simulation = tool === "simular";
  const data = () => ({
    title: `Cotas em Concursos — ${norm ? norm.name : req.norma}`,
    text: simulation ? `${head.textContent} ${SIMULATION_LINK_NOTE}` : head.textContent,
    url: answerLink(tool, req),
  });
  head.after(shareBar(data, simulation ? SIMULATION_LINK_NOTE : null, id));
}
