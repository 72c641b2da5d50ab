// The precomputed answers (respostas.js, and each norm's respostas/<slug>.js), decoded: tableResult gives
// the calculator's own answer to a request the tables cover, in the shape of Python's result (without the
// steps), or null (then Python answers). The encoder is sitebuild/answer_tables.py, which runs this very module in
// Node over the tables it writes (tools/decode_answers.mjs) and checks its answers against the calculator's:
// no DOM here, so that Node can run it.
import { brDate } from "./dom.js";

export const ANSWERS = self.cotasRespostas || null;
export const MAX_TABLE = ANSWERS ? ANSWERS.max_vacancies : 0;

// Shape: sitebuild/answer_tables.py, norm_answers and write_answers. Each column is run-length encoded indices
// into the norm's pool.
const decoded = {};

function expand(runs) {
  const out = [];
  for (const [value, count] of runs) for (let i = 0; i < count; i++) out.push(value);
  return out;
}

function columnsOf(norm, command) {
  const key = `${norm}/${command}`;
  if (!decoded[key]) {
    const cols = ANSWERS.norms[norm].columns[command];
    decoded[key] = Object.fromEntries(Object.entries(cols).map(([k, runs]) => [k, expand(runs)]));
  }
  return decoded[key];
}

// A message skeleton's numbers (sitebuild/answer_tables.py, _message): digits as written, or, for a row's
// warnings, "r", "n", "r+1", "r-1" (the row's reserved seats, its vacancies, one seat more or less).
function messageOf(pool, m, reserved, vacancies) {
  if (typeof m === "string") return m;
  const token = (t) => (t === "r" ? String(reserved) : t === "n" ? String(vacancies)
    : t === "r+1" ? String(reserved + 1) : t === "r-1" ? String(reserved - 1) : t);
  const parts = pool[m[0]].split("\0");
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) out += token(m[i]) + parts[i];
  return out;
}

function warningsOf(pool, index, reserved, vacancies) {
  return pool[index].map((wi) => {
    const [head, message] = pool[wi];
    return { ...pool[head], message: messageOf(pool, message, reserved, vacancies) };
  });
}

// The calculator's one-sentence answer from its template (sitebuild/answer_tables.py, _headline): "r" the
// reserved seats, "n" the vacancies, "r+1"/"r-1" one seat more or less, "=…" a number of the text itself.
const fmtInt = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
// The reserved nominations in words, as calculator/stages/headline.py writes them (ordinal_list, positions_phrase).
function ordinalList(positions, total = positions.length, limit = 60) {
  const shown = positions.slice(0, limit).map((p) => `${fmtInt(p)}ª`);
  if (!shown.length) return "nenhuma";
  if (total > shown.length) return `${shown.join(", ")}, … (${fmtInt(total)} no total)`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} e ${shown[shown.length - 1]}`;
}
function positionsPhrase(positions, total, interpreted) {
  let text = ordinalList(positions, total);
  if (interpreted && interpreted.length) text += ` (${ordinalList(interpreted)} por interpretação: vaga reservada que a leitura não posiciona)`;
  return text;
}
// "p": the reserved nominations in words (an `ordem` headline; `phrase` is that row's); "u": the undated
// answer's count (a dated "no" that says what the other extension model would reserve).
function headlineOf(pool, index, reserved, vacancies, phrase = "", undated = reserved) {
  const [skeleton, ...tokens] = pool[index];
  const parts = pool[skeleton].split("\0");
  let out = parts[0];
  tokens.forEach((t, i) => {
    const number = t === "r" ? fmtInt(reserved) : t === "n" ? fmtInt(vacancies)
      : t === "r+1" ? fmtInt(reserved + 1) : t === "r-1" ? fmtInt(reserved - 1) : t === "p" ? phrase
      : t === "u" ? fmtInt(undated) : t.slice(1);
    out += number + parts[i + 1];
  });
  return out;
}

export const validDate = (iso) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// The answer the tables give for this request, in the shape of Python's result (without the steps), or
// null when the tables do not cover it (then Python answers).
export function tableResult(command, req) {
  if (!ANSWERS || (command !== "reserva" && command !== "ordem")) return null;
  const nd = ANSWERS.norms[req.norma];
  if (!nd || req.leitura || req.vinculo || req.nomeacoes) return null;
  if (!/^[1-9]\d*$/.test(req.vagas || "")) return null;
  const n = Number(req.vagas);
  if (n > ANSWERS.max_vacancies) return null;
  if (nd.percent === null ? req.percentual !== undefined : req.percentual !== nd.percent) return null;
  const cols = columnsOf(req.norma, command);
  const row = {};
  for (const [field, values] of Object.entries(cols)) {
    if (field !== "headline" && field !== "warnings") row[field] = nd.pool[values[n - 1]];
  }
  if (cols.warnings) row.warnings = warningsOf(nd.pool, cols.warnings[n - 1], row.reserved, n);
  const result = { norm: req.norma, vacancies: n, command, ...row, validity_window: nd.window };
  const order = command === "ordem";
  if (order) {
    result.positions = row.count < 0 ? row.explicit
      : [...nd.sequence.slice(0, row.count), ...row.interpreted_positions].sort((a, b) => a - b);
    delete result.count;
    delete result.explicit;
  }
  const phrase = (r) => (r.positions_total ? positionsPhrase(r.positions, r.positions_total, r.interpreted_positions) : "");
  if (!req.data_edital) {
    result.headline = headlineOf(nd.pool, cols.headline[n - 1], row.reserved, n, order ? phrase(result) : "");
    return result;
  }
  if (!validDate(req.data_edital)) return null;
  const window = nd.windows.find((w) => w.from <= req.data_edital && req.data_edital <= w.to);
  const part = window && (order ? window.order : window);
  if (!part) return null;
  // Applicability first, then the reserve, as calculator/stages/reserve.py composes them (the build checks
  // these answers against the calculator's, sitebuild/answer_tables.py): 0 the norm applies to that edital (the
  // count, now unconditional); 1 it does not (the reserve and the order are not computed: the date's
  // warnings only, no position); 2 the corpus cannot tell (applies null, the count kept). An answer that is
  // "no" whatever the date stays so.
  const text = brDate(req.data_edital);
  const dated = warningsOf(nd.pool, window.warnings).map((w) => ({ ...w, message: w.message.split(ANSWERS.date_mark).join(text) }));
  const state = window.applies === false ? 1 : window.applies === null && row.applies !== false ? 2 : 0;
  const basisKey = `${cols.basis[n - 1]}:${state}`;
  if (!(basisKey in part.basis)) return null;
  if (!part.decoded) part.decoded = expand(part.headline);
  const out = {
    ...result,
    reserved: state === 1 ? 0 : row.reserved,
    applies: state === 1 ? false : state === 2 ? null : row.applies !== false,
    warnings: state === 1 ? dated : [...dated, ...row.warnings.filter((w) => w.code !== "vigencia_nao_verificada")],
    basis: nd.pool[part.basis[basisKey]],
    edital_date: req.data_edital,
    validity_window: null,
  };
  if (order && state === 1) Object.assign(out, { positions: [], positions_total: 0, interpreted_positions: [] });
  out.headline = headlineOf(nd.pool, part.decoded[n - 1], out.reserved, n, order ? phrase(out) : "", row.reserved);
  return out;
}
