// The report's buttons: the CSV download (one cell writer with the simulation's: csvcell.js) and printing
// the report alone (its "Compartilhar" button is the page's: calculadora.js, share.js).
import { spreadsheetCell } from "../../csvcell.js";
import { el } from "./page.js";
import { last } from "./run.js";

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

export function downloadCsv() {
  if (!last) return;
  const blob = new Blob([editalCsv(last.result)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: "edital-reserva.csv" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
