// Small DOM and text helpers: an element with its attributes and children (text always as text nodes,
// never as HTML), getElementById, and pt-BR numbers and dates. No DOM access when loaded: tables.js uses it
// in Node too.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}
export const $ = (id) => document.getElementById(id);
// An integer in pt-BR ("1.500"), the same text as BigInt(n).toLocaleString("pt-BR") without its price: the
// browser's first locale formatting loads number data, a few tens of ms of the arrival's work on a phone.
export const fmt = (n) => (/^\d+$/.test(String(n))
  ? String(n).replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  : String(n));
export const brDate = (iso) => iso.split("-").reverse().join("/");
