// Sharing an answer's link, for a reader on a phone: the system's own share sheet (Web Share API:
// WhatsApp, e-mail…) where the browser has one; else the link copied to the clipboard; else, when the
// clipboard is refused (a page not served over HTTPS, a browser's permission), the link shown selected, to
// copy by hand. What happened is said beside the button, in a polite live region.
import { el } from "./dom.js";

export const COPIED = "Link copiado";

// Copying without the clipboard API: the link in a read-only field, selected (and copied, where the
// browser still honours the old command).
function copyBySelection(url, status) {
  const field = el("input", { type: "text", readonly: "", class: "calc-compartilhar-endereco", "aria-label": "Link desta resposta" });
  field.value = url;
  status.replaceChildren(field);
  field.focus();
  field.select();
  let copied;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  status.prepend(copied ? `${COPIED}: ` : "Copie o link (já selecionado): ");
}

export async function shareLink(data, status) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      status.replaceChildren();
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return; // the reader closed the share sheet
      // a share the browser refused (no sheet for this page): copy instead
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    status.replaceChildren(COPIED);
  } catch {
    copyBySelection(data.url, status);
  }
}

// The "Compartilhar" button and its live message; `data()` gives {title, text, url} when it is pressed,
// `note` (optional) says beside it what the link does not carry.
export function shareBar(data, note, id) {
  const status = el("span", { class: "calc-compartilhar-aviso", role: "status", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "md-button calc-compartilhar" }, "Compartilhar");
  button.addEventListener("click", () => shareLink(data(), status));
  const bar = el("p", { class: "calc-compartilhar-barra" }, button, " ", status);
  if (id) bar.id = id;
  if (note) bar.append(el("span", { class: "calc-dica calc-compartilhar-nota" }, note));
  return bar;
}
