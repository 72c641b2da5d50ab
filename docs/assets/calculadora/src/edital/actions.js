// The report's buttons: the CSV download (one cell writer with the simulation's: csvcell.js), the report
// as an HTML file (Python's, command "relatorio", the same bytes as `cotas edital … --relatorio`) and
// printing the report alone (its "Compartilhar" button is the page's: calculadora.js, share.js).
import { spreadsheetCell } from "../../csvcell.js";
import { $, callPython, el, sentence } from "./page.js";
import { replyOf } from "./reply.js";
import { last } from "./run.js";
import { reportFiles } from "./source.js";

export function editalCsv(r) {
  const header = ["cargo", "vagas", "nomeacoes", "reserva_exigida", "reserva_anunciada", "situacao", "faltam",
    "percentual", "nomeacoes_pela_reserva", "base_legal", "situacao_pela_outra_leitura", "secao"];
  const lines = [header.join(";")];
  for (const c of r.cargos) {
    lines.push([c.cargo, c.vacancies, c.nominations, c.reserved, c.announced, c.status, c.missing, c.percent_display,
      c.positions.join(" "), c.basis.join(" "), c.status_note || "", c.section || ""].map(spreadsheetCell).join(";"));
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv() {
  if (last) save(new Blob([editalCsv(last.result)], { type: "text/csv;charset=utf-8" }), "edital-reserva.csv");
}

// The report of the answer on screen: the same request, the inputs' names and SHA-256, and the time now.
export async function downloadReport() {
  if (!last) return;
  const box = $("edital-relatorio-erro");
  const fail = (message) => {
    box.textContent = sentence(message);
    box.hidden = false;
  };
  box.hidden = true;
  const shown = last;
  let arquivos;
  try {
    arquivos = await reportFiles(shown.inputs);
  } catch (err) {
    fail(err.message);
    return;
  }
  const answer = await callPython({ ...shown.apiRequest, command: "relatorio", arquivos,
    gerado_em: Math.floor(Date.now() / 1000) });
  const { result, message } = replyOf(answer, "O relatório");
  if (message) fail(message);
  else save(new Blob([result.html], { type: "text/html;charset=utf-8" }), result.arquivo);
}

// The buttons beside an answer (the CSV only for one edital's), and where the report's refusal is said.
export function actionButtons(csv) {
  const frag = document.createDocumentFragment();
  const buttons = el("p", { class: "calc-botoes calc-edital-acoes" });
  if (csv) {
    const download = el("button", { type: "button", class: "md-button", id: "edital-baixar" }, "Baixar a tabela (CSV)");
    download.addEventListener("click", downloadCsv);
    buttons.append(download);
  }
  const report = el("button", { type: "button", class: "md-button", id: "edital-relatorio" }, "Baixar o relatório");
  report.addEventListener("click", downloadReport);
  const print = el("button", { type: "button", class: "md-button", id: "edital-imprimir" }, "Imprimir o relatório");
  print.addEventListener("click", printReport);
  buttons.append(report, print);
  frag.append(buttons, el("p", { class: "calc-erro", id: "edital-relatorio-erro", role: "alert", hidden: "" }));
  return frag;
}

export function printReport() {
  // Only this tool's report is printed (calculadora.css, @media print).
  document.documentElement.classList.add("calc-imprimir-edital");
  const done = () => {
    document.documentElement.classList.remove("calc-imprimir-edital");
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}
