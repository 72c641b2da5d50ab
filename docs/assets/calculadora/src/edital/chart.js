// The report's bar chart: the reserve the norm requires and the one the edital announced, per cargo, with
// its text equivalent for screen readers.
import { CHART_MAX, STATUS, SVG_NS, el, fmt } from "./page.js";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// Horizontal bars, two per cargo: the reserve the norm requires and the one the edital announced.
export function chart(r) {
  const cargos = r.cargos.slice(0, CHART_MAX);
  const max = Math.max(1, ...cargos.map((c) => Math.max(c.reserved, c.announced ?? 0)));
  const label = 140;
  const width = 230;
  const bar = 11;
  const rowH = 2 * bar + 12;
  const height = cargos.length * rowH + 8;
  const root = svg("svg", { viewBox: `0 0 ${label + width + 40} ${height}`, class: "calc-edital-grafico",
    "aria-hidden": "true", focusable: "false" });
  cargos.forEach((c, i) => {
    const y = i * rowH + 4;
    const name = svg("text", { x: label - 6, y: y + bar + 4, "text-anchor": "end", class: "calc-grafico-rotulo" });
    name.textContent = c.cargo.length > 22 ? `${c.cargo.slice(0, 21)}…` : c.cargo;
    root.append(name);
    const rows = [["exigida", c.reserved], ["anunciada", c.announced]];
    rows.forEach(([kind, value], k) => {
      const yy = y + k * (bar + 1);
      if (value === null || value === undefined) {
        const t = svg("text", { x: label + 2, y: yy + bar - 1, class: "calc-grafico-valor" });
        t.textContent = "não informada";
        root.append(t);
        return;
      }
      const w = (value / max) * width;
      root.append(svg("rect", { x: label, y: yy, width: Math.max(w, 1), height: bar,
        class: kind === "exigida" ? "calc-barra-exigida" : `calc-barra-anunciada calc-barra-${c.status || "nenhum"}` }));
      const t = svg("text", { x: label + Math.max(w, 1) + 4, y: yy + bar - 1, class: "calc-grafico-valor" });
      t.textContent = String(value);
      root.append(t);
    });
  });
  const fig = el("figure", { class: "calc-edital-figura" });
  fig.append(root);
  fig.append(el("ul", { class: "calc-legenda", "aria-hidden": "true" },
    el("li", {}, el("span", { class: "calc-cor calc-barra-exigida" }), " Reserva exigida pela norma"),
    el("li", {}, el("span", { class: "calc-cor calc-barra-anunciada" }), " Reserva anunciada pelo edital"),
    el("li", {}, el("span", { class: "calc-cor calc-barra-anunciada calc-barra-abaixo" }),
      " Anunciada abaixo da exigida")));
  const more = r.cargos.length > CHART_MAX ? ` O gráfico mostra os ${CHART_MAX} primeiros de ${fmt(r.cargos.length)} cargos.` : "";
  fig.append(el("figcaption", {},
    `Gráfico: reserva exigida e anunciada por cargo. Os mesmos números, em texto, estão na tabela acima.${more}`));
  // Text equivalent for screen readers: one sentence per cargo.
  const list = el("ul", { class: "calc-so-leitor" });
  for (const c of cargos) {
    list.append(el("li", {}, `${c.cargo}: exigida ${c.reserved === null ? "só no conjunto" : fmt(c.reserved)}, anunciada ${c.announced === null ? "não informada" : fmt(c.announced)}` +
      (c.status ? `, ${STATUS[c.status].word}.` : ".")));
  }
  fig.append(list);
  return fig;
}
