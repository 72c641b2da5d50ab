// The norms' fields (normas.js): the norm select and, for the chosen norm, the fields it takes with their
// labels, hints and choices (the others hidden and disabled, so they are not sent).
import { META, NORMS } from "./config.js";
import { el } from "./dom.js";

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

export function buildNormFields(form, prefix) {
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

export function applyNorm(form) {
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
