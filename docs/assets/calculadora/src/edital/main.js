// The "Edital" tool of the calculator page, its entry module: a table of cargos (typed, pasted or
// uploaded, or read from a PDF) goes to the Python rules (calculator.api.handle, command "edital") through the page's worker; the
// answer is shown as a table (status in colour AND in words), a bar chart with its text equivalent, a
// printable report, a CSV download and a share link (the table goes in the URL only when it is small).
// sitebuild/scripts.py joins this module and those it imports into edital.js, an ES module of its own, so
// the rest of the page stays as it is; it uses the page's helpers (calculadora.js).
// Here: the wiring of the form, and the form restored from the address.
// User text is only ever inserted with textContent / createTextNode, never as HTML.
import { $, FIELDS, NORMS, TOOL, URL_READ_MAX_CHARS, el, setBusy } from "./page.js";
import { addRow, csvToRows, showMode } from "./rows.js";
import { clearErrors, form, updateFields } from "./form.js";
import { dropAnswer, run } from "./run.js";
import { chooseFiles } from "./files.js";
import { forgetSources, severalFiles } from "./source.js";

function reset() {
  const f = form();
  for (const name of FIELDS) {
    const x = f.elements.namedItem(name);
    if (x) x.value = x.tagName === "SELECT" ? x.options[0].value : "";
  }
  updateFields();
  clearErrors();
  forgetSources();
  $("edital-resultado").replaceChildren();
  delete $("edital-resultado").dataset.origem;
  dropAnswer();
  setBusy(TOOL, false);
}

function restore() {
  const params = new URLSearchParams(location.search);
  if (params.get("ferramenta") !== TOOL) {
    reset();
    const norm = params.get("norma");
    if (!params.get("ferramenta") && norm && NORMS[norm]) {
      form().elements.namedItem("norma").value = norm;
      updateFields();
    }
    return;
  }
  forgetSources(); // the table comes from the link now
  const f = form();
  for (const name of FIELDS) {
    const x = f.elements.namedItem(name);
    if (x) x.value = params.get(name) ?? (x.tagName === "SELECT" ? x.options[0].value : "");
    if (name === "norma") updateFields(); // the norm's fields and choices, before their values
  }
  updateFields();
  const table = params.get("tabela");
  if (table && table.length > URL_READ_MAX_CHARS) {
    clearErrors();
    $("edital-resultado").replaceChildren(el("p", { class: "calc-aviso", id: "edital-link-grande" },
      `O link traz uma tabela de ${table.length.toLocaleString("pt-BR")} caracteres, mais que os ` +
      `${URL_READ_MAX_CHARS.toLocaleString("pt-BR")} de um link: ela não foi lida. Cole ou envie a tabela do ` +
      "edital e clique em Calcular."));
    $("edital-resultado").dataset.origem = "link-grande";
  } else if (table) {
    if (!csvToRows(table)) {
      $("edital-modo-colar").checked = true;
      $("edital-csv").value = table;
    } else {
      $("edital-modo-digitar").checked = true;
    }
    showMode();
    run(false);
  } else {
    clearErrors();
    $("edital-resultado").replaceChildren(el("p", { class: "calc-aviso", id: "edital-pede-tabela" },
      "As opções do edital foram restauradas; a tabela de cargos não veio no link: digite, cole ou envie a tabela e clique em Calcular."));
    $("edital-resultado").dataset.origem = "pede-tabela";
  }
}

function init() {
  if (!form()) return;
  for (let i = 0; i < 3; i++) addRow();
  $("edital-mais-linha").addEventListener("click", () => addRow().querySelector("input").focus());
  for (const r of document.querySelectorAll('input[name="edital-modo"]')) r.addEventListener("change", showMode);
  form().elements.namedItem("norma").addEventListener("change", updateFields);
  form().addEventListener("submit", (event) => {
    event.preventDefault();
    run(true);
  });
  // Every answer of this tool needs Python: its download starts with the first thing typed, pasted or chosen
  // in the form (filling a table takes a while), not at Calcular. Not on mere focus: Tab passes through.
  for (const type of ["input", "change"]) form().addEventListener(type, () => self.CotasCalculadora.ensurePython(), { once: true });
  $("edital-arquivo").addEventListener("change", (event) => chooseFiles(event.target));
  // the files chosen together are the table until the reader types another in the text area
  $("edital-csv").addEventListener("input", () => {
    if (severalFiles) forgetSources();
  });
  $("edital-exemplo").addEventListener("click", () => {
    forgetSources();
    $("edital-modo-digitar").checked = true;
    showMode();
    csvToRows("cargo;vagas;reservadas\nProfessor de Educação Básica;13;2\nTécnico de Enfermagem;5;1\nAgente Administrativo;2;0\nMédico;2;0\n");
    run(true);
  });
  showMode();
  updateFields();
  window.addEventListener("popstate", restore);
  restore();
}

init();
