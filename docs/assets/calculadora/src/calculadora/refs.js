// Legal references on the page: a provision id's label and link, the basis lists, and the warnings and
// step-by-step explanation of an answer.
import { META, NORMS, SITE_ROOT } from "./config.js";
import { el } from "./dom.js";

// "slug:id" -> [short, long]: the label the build wrote for every id of the corpus (a compilation note
// inside a provision is named as such), alone and after the norm's citation.
export function labelsOf(ref) {
  const [norm, id] = String(ref).split(":");
  const short = META.labels[norm] && META.labels[norm][id];
  return short ? [short, `${NORMS[norm].cite}, ${short}`] : [String(ref), String(ref)];
}

export function normPageUrl(norm) {
  if (NORMS[norm]) return new URL(NORMS[norm].page, SITE_ROOT).href;
  const link = document.querySelector(`#calc-normas a[data-norma="${norm}"]`);
  return link ? link.href.split("#")[0] : null;
}

// The norm the answer on screen is about: its references are shown short ("art. 2º, § 3º"); a reference to
// another norm keeps the norm's name. The full citation stays in the link's title.
let contextNorm = null;
export function setContextNorm(norm) {
  contextNorm = norm;
}

function basisLink(ref) {
  const [norm, id] = String(ref).split(":");
  const page = normPageUrl(norm);
  const [shown, full] = labelsOf(ref);
  const text = id && norm === contextNorm ? shown : full;
  if (!page || !id) return el("span", { class: "calc-base" }, text);
  return el("a", { href: `${page}#${id}`, class: "calc-base", title: full }, text);
}

export function basisList(refs, title = "Base legal", kind = null) {
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

export function explanation(result) {
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
