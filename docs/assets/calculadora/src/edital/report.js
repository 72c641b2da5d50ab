// The Edital report, as a list of parts: its head (norm, date, headline, summary), the table, the chart
// and its buttons, the warnings, and each cargo's step-by-step explanation. The user's cargo names are
// shown with their control and bidi characters visible.
import { DETAIL_MAX, KIND, basisList, el, explanation, fmt, shareBar, visible } from "./page.js";
import { ROWS_PER_PART, resultTable } from "./table.js";
import { chart } from "./chart.js";
import { actionButtons } from "./actions.js";

export function warningList(title, items) {
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
export function shown(r) {
  const warning = (w) => ({ ...w, message: visible(w.message), cargos: w.cargos && w.cargos.map(visible) });
  return { ...r, warnings: r.warnings.map(warning),
    cargos: r.cargos.map((c) => ({ ...c, cargo: visible(c.cargo), warnings: c.warnings.map(warning) })) };
}

// The report as a list of parts, functions that each make the next piece (appended in order, one task each).
export function render(answer, req, small) {
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
      // as calculator/stages/headline.py, below_depends: those the other reading of the count takes out
      (t.status_below_depends ? `, ${t.status_below_depends === 1 ? "1 deles deixa" : `${fmt(t.status_below_depends)} deles deixam`} de estar abaixo com a outra leitura da contagem` : "") +
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
  frag.append(actionButtons(true));
  const hint = small
    ? "O link leva a tabela de cargos: quem o abrir vê este mesmo resultado."
    : "A tabela é grande e não vai no link: quem o abrir recebe as opções e precisa colar ou enviar a tabela de novo.";
  // the page's address holds the question (run.js pushes it); the text says what the link leaves out
  const data = () => ({ title: `Cotas em Concursos — edital, ${r.norm_title}`,
    text: small ? r.headline : `${r.headline} ${hint}`, url: location.href });
  frag.append(shareBar(data, null, "edital-compartilhar"));
  frag.append(el("p", { class: "calc-dica", id: "edital-link-dica" }, hint));
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
