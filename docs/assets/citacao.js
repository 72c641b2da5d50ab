// Permalinks on law pages: clicking ¶ copies "citation — link" to the clipboard and shows a short notice.
// No network access, no dependencies.
(function () {
  "use strict";

  function notify(text) {
    var box = document.createElement("div");
    box.className = "citacao-copiada";
    box.setAttribute("role", "status");
    box.textContent = text;
    document.body.appendChild(box);
    setTimeout(function () { box.remove(); }, 2500);
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () {
        return fallbackCopy(text);
      });
    }
    return Promise.resolve(fallbackCopy(text));
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.citar") : null;
    if (!link) { return; }
    var url = new URL(link.getAttribute("href"), window.location.href).href;
    var text = link.getAttribute("data-citacao") + " — " + url;
    copy(text).then(function (ok) {
      notify(ok ? "Citação copiada: " + text : "Não foi possível copiar. Citação: " + text);
    });
  });
})();
