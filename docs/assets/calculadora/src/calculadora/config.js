// The calculator page's constants: its own addresses (relative to calculadora.js, so the site works
// from any sub-path), the tools and the fields each one sends, the limits shared with Python, and the norms
// as normas.js describes them.

const SCRIPT_URL = document.currentScript ? document.currentScript.src : new URL("assets/calculadora/calculadora.js", location.href).href;
export const HERE = new URL(".", SCRIPT_URL);
export const SITE_ROOT = new URL("../../", SCRIPT_URL);
export const SAMPLE_CSV_URL = new URL("assets/exemplo-classificacao.csv", SITE_ROOT);
// The version of the worker and of the Python files it loads, written by the build (sitebuild/scripts.py):
// the worker is started with it, and asks and keeps its files under it (src/worker/store.js).
export const RUNTIME_VERSION = "__COTAS_RUNTIME_VERSION__";
export const SVG_NS = "http://www.w3.org/2000/svg";
export const FROM_DISK = location.protocol === "file:";
// The norms, the fields each one takes and the label of every provision id: normas.js, written by the
// build from the registry (sitebuild/frontend.py). Nothing about a norm is written in this file.
export const META = self.cotasNormas || { norms: [], options: [], labels: {} };
export const NORMS = Object.fromEntries(META.norms.map((n) => [n.slug, n]));
export const LIST_NAMES = {
  ampla: "Ampla concorrência",
  reserva: "Reserva racial",
  pcd: "Pessoas com deficiência",
  feminina: "Vaga feminina",
};
export const TOOLS = ["reserva", "ordem", "simular"];
// Tools of the same page that another script answers (edital.js): a link to one of them is not unknown here.
export const OTHER_TOOLS = ["edital"];
// At most this many characters of a link's value are repeated in a message about it.
export const ECHO_CHARS = 60;
export const SECTION_OF = { reserva: "reserva", ordem: "ordem", simular: "simulacao" };
export const FIELDS = {
  reserva: ["norma", "vagas", "percentual", "vinculo", "data_edital"],
  ordem: ["norma", "vagas", "percentual", "leitura", "nomeacoes", "data_edital"],
  simular: ["norma", "vagas", "percentual", "vagas_pcd", "leitura", ...META.options, "data_edital", "csv"],
};
// Fields never written to the URL: the classification list holds candidates' names and stays on this
// computer (a link is sent to the server that hosts the site, kept in its logs and in the history).
export const NOT_IN_URL = new Set(["csv"]);
export const ASK_FOR_FILE =
  "Por privacidade, a lista de classificação não vai no link (ela fica só no aparelho de quem simulou). " +
  "As opções da simulação foram restauradas: cole ou envie o arquivo CSV de novo e clique em Simular, " +
  "ou experimente com o arquivo de exemplo do site.";
// Said beside a simulation's "Compartilhar" button and in the text shared with its link.
export const SIMULATION_LINK_NOTE =
  "A lista de candidatos não vai no link: ela fica só neste aparelho. Quem abrir o link recebe as opções " +
  "da simulação e pode enviar a própria lista ou experimentar com o arquivo de exemplo do site.";
// calculator/csv/text.py: MAX_CSV_BYTES and too_large() (tests/browser/test_calculadora.py checks they agree)
export const MAX_CSV_BYTES = 50_000_000;
export const CSV_TOO_LARGE =
  "O arquivo passa de 50 MB, o limite da simulação (cerca de um milhão de candidatos); retire as colunas que a simulação não usa ou divida a lista.";
// A file up to this size is also shown in the text area (decoding it is instant); a larger one is only
// named there and is read in the worker.
export const PREVIEW_BYTES = 512 * 1024;
export const PAGE_SIZE = 50;
export const SERVER_COMMAND = "python3 -m http.server 8000";
