// Rendering an answer of the reserve and call-order tools: the headline, the applicability note, the
// strip of nominations, and the seal and links of a precomputed answer.
import { LIST_NAMES, NORMS, SVG_NS } from "./config.js";
import { el, fmt } from "./dom.js";
import { explanation, normPageUrl } from "./refs.js";
import { pythonState } from "./worker_client.js";
import { run } from "./run.js";

export function headline(text) {
  return el("p", { class: "calc-resposta" }, el("strong", {}, text));
}

export function renderTableAnswer(tool, req, result) {
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
export function appliesNote(frag, result) {
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

export const RENDER = { reserva: renderReserve, ordem: renderOrder }; // simular: runSimulation, in parts
