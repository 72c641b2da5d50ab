// The answer about several editais (one file each): the comparison's headline first, then each edital's
// verdict (its headline, summary and table, the answer it gets asked alone), then the warnings across
// editais (fracionamento entre editais, naming both), and the buttons. Names come from the files chosen:
// shown with their control and bidi characters visible, as the cargos are.
import { basisList, el, visible } from "./page.js";
import { resultTable } from "./table.js";
import { shown, warningList } from "./report.js";
import { actionButtons } from "./actions.js";

export function renderSeveral(answer) {
  const parts = [() => el("div", { class: "calc-relatorio-cabecalho" },
    el("h3", {}, "Relatório de conformidade dos editais"),
    el("p", { class: "calc-resposta" }, el("strong", {}, visible(answer.headline))))];
  answer.editais.forEach((e, i) => parts.push(() => verdict(e, i + 1)));
  parts.push(() => comparison(answer));
  return parts;
}

function verdict(e, n) {
  const r = shown(e.result);
  const box = el("section", { class: "calc-edital-um", "aria-labelledby": `edital-um-${n}` },
    el("h4", { id: `edital-um-${n}` }, `Edital ${n}: “${visible(e.name)}”`),
    el("p", { class: "calc-resposta" }, r.headline));
  box.append(resultTable(r, {}, `edital-tabela-${n}`));
  const own = r.warnings.map((w) => ({ cargo: null, w }));
  const list = warningList(`Avisos do edital “${visible(e.name)}”`, own);
  if (list) {
    const details = el("details", { class: "calc-detalhe" }, el("summary", {}, `Avisos deste edital (${own.length})`));
    details.append(list);
    box.append(details);
  }
  return box;
}

function comparison(answer) {
  const frag = document.createDocumentFragment();
  const warnings = answer.warnings.map((w) => ({ cargo: null, w: { ...w, message: visible(w.message) } }));
  frag.append(warningList("Entre os editais", warnings) ||
    el("p", { class: "calc-edital-resumo" }, "Nenhum aviso entre os editais."));
  for (const ctx of answer.context || []) {
    frag.append(el("aside", { class: "calc-contexto" }, el("p", {}, ctx.text), el("p", { class: "calc-bases" }, `Fonte: ${ctx.source}.`)));
  }
  const bases = basisList(answer.basis, "Dispositivos citados");
  if (bases) frag.append(bases);
  frag.append(actionButtons(false));
  frag.append(el("p", { class: "calc-aviso calc-edital-nota" },
    "Isto é uma explicação das normas, calculada pelas regras do site: não é orientação jurídica."));
  return frag;
}
