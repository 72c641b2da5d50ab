// A simulation's result, kept in the worker: the summary the page gets (the first page of each long list,
// and their totals) and the complete CSV.
import { spreadsheetCell } from "../../csvcell.js";

const LONG_LISTS = ["nominations", "excluded", "unfilled_seats", "reverted_seats", "moved"];
const PUBLISHED_SHOWN = 200;

export function base64(bytes) {
  let out = "";
  const chunk = 0x8000 * 3; // a multiple of 3: the pieces concatenate into one valid base64 text
  for (let i = 0; i < bytes.length; i += chunk) {
    let binary = "";
    const part = bytes.subarray(i, i + chunk);
    for (let j = 0; j < part.length; j += 0x8000) binary += String.fromCharCode(...part.subarray(j, j + 0x8000));
    out += btoa(binary);
  }
  return out;
}

// The result without its long lists: their first `size` items and their totals.
export function summary(result, size) {
  const out = { ...result, totals: {} };
  for (const key of LONG_LISTS) {
    const all = result[key] || [];
    out.totals[key] = all.length;
    out[key] = all.slice(0, size);
  }
  if (result.published_lists) {
    out.published_lists = {};
    for (const [code, lst] of Object.entries(result.published_lists)) {
      const all = lst.candidates || [];
      out.published_lists[code] = { ...lst, all_candidates: undefined, candidates: all.slice(0, PUBLISHED_SHOWN), total: all.length };
    }
  }
  return out;
}

// Every outcome of the simulation in one table (a "registro" column says what each line is), after one
// line per parameter: what was asked, so the file explains itself.
const CSV_HEADER = ["registro", "vaga", "inscricao", "nome", "classificacao", "lista", "tipo_vaga", "situacao",
  "substituido_por", "de", "para", "motivo", "base_legal", "parametro", "valor"];

export function simulationCsv(result, params) {
  const lines = [CSV_HEADER.join(";")];
  const add = (fields) => lines.push(CSV_HEADER.map((h) => spreadsheetCell(fields[h])).join(";"));
  const basis = (b) => (b || []).join(" ");
  for (const [name, value] of params) add({ registro: "parametro", parametro: name, valor: value });
  for (const n of result.nominations || []) {
    add({ registro: "nomeacao", vaga: n.seat, inscricao: n.candidate, nome: n.name, classificacao: n.rank,
      lista: n.list, tipo_vaga: n.seat_type, motivo: n.reason, base_legal: basis(n.basis) });
  }
  for (const e of result.excluded || []) {
    add({ registro: "excluido", inscricao: e.candidate, nome: e.name, classificacao: e.rank, situacao: e.situation,
      substituido_por: e.replaced_by, motivo: e.reason, base_legal: basis(e.basis) });
  }
  for (const u of result.unfilled_seats || []) {
    add({ registro: "vaga_nao_preenchida", vaga: u.seat, lista: u.list, motivo: u.reason, base_legal: basis(u.basis) });
  }
  for (const r of result.reverted_seats || []) {
    add({ registro: "vaga_revertida", vaga: r.seat, de: r.from, para: r.to, motivo: r.reason, base_legal: basis(r.basis) });
  }
  for (const m of result.moved || []) {
    add({ registro: "mudou_de_lista", inscricao: m.candidate, de: m.from, para: m.to, motivo: m.reason,
      base_legal: basis(m.basis) });
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
