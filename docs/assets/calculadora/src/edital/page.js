// What the Edital tool takes from the rest of the page, and its constants. calculadora.js is a classic
// script (it also answers from the unzipped folder opened from disk); it runs before edital.js (both are
// deferred, in document order) and leaves its helpers in self.CotasCalculadora.

export const { calc, MAX_CSV_BYTES, sentence, visible } = self.CotasCalculadora;

export const { el, callPython, basisList, explanation, fmt, NORMS, applyNorm, setBusy, pythonWhy, reveal, shareBar } = calc;
export const $ = (id) => document.getElementById(id);
export const SVG_NS = "http://www.w3.org/2000/svg";
export const TOOL = "edital";
export const FIELDS = ["norma", "percentual", "vinculo", "data_edital", "leitura", "nomeacoes", "vagas_sao"];
// The table of cargos goes in the link only when it is small (a few cargos): a long URL is cut by
// e-mail clients and servers, and a big table is better sent as a file.
export const URL_MAX_CARGOS = 12;
export const URL_MAX_CHARS = 1200;
// A table read from someone else's link: past this (the 8 KB request line nginx accepts by default) the page
// does not run it on arrival; the reader pastes or uploads it instead.
export const URL_READ_MAX_CHARS = 8000;
export const CHART_MAX = 40; // cargos drawn in the chart (all of them are in the table)
export const DETAIL_MAX = 200; // cargos with their step-by-step explanation on the page (all in the CSV)
export const STATUS = {
  conforme: { word: "conforme", mark: "✔", cls: "calc-situacao-conforme" },
  abaixo: { word: "abaixo", mark: "▼", cls: "calc-situacao-abaixo" },
  acima: { word: "acima", mark: "▲", cls: "calc-situacao-acima" },
  reserva_voluntaria: { word: "reserva voluntária", mark: "▲", cls: "calc-situacao-acima" },
  // the norm does not govern the edital (applicability), and the edital announces nothing
  nao_se_aplica: { word: "norma não se aplica", mark: "–", cls: "calc-situacao-nenhum" },
  // a minimum over a set of posts: judged on the set's total only (the foot of the table)
  conjunto: { word: "só no conjunto", mark: "∑", cls: "calc-situacao-nenhum" },
};
// The same limit and message as Python (calculator/csv/cargos.py): refused before the file is read.
export const TABLE_TOO_LARGE = "O arquivo passa de 50 MB, o limite da tabela de cargos; retire as colunas que a " +
  "ferramenta não usa ou divida a tabela.";
export const KIND = { conflito: "conflito", interpretacao: "interpretação", premissa: "premissa", aviso: "aviso" };
