// Permalinks on law pages. Clicking ¶ copies "citation — link" to the clipboard (as it always did) and
// opens, below the line, a small panel with the three ways to cite the provision: that short citation,
// the norm's ABNT NBR 6023 reference ("Disponível em" = this page's address, "Acesso em" = today) and
// the provision's LexML URN ("urn:lex:…!art2_par3"). Esc or "Fechar" closes it and returns to the ¶.
// The ABNT head and the URN come from the page (data-abnt, data-urn, written by build.py from laws/abnt.py).
// No network access, no dependencies.
(function () {
  "use strict";

  // Months as NBR 6023 abbreviates them (May is written out); the same list as laws/abnt.py.
  var MONTHS = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];

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
    var ok;
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

  function copyAndTell(text, what) {
    return copy(text).then(function (ok) {
      notify(ok ? what + " copiada: " + text : "Não foi possível copiar. " + what + ": " + text);
    });
  }

  function pageAddress() {
    return window.location.href.split("#")[0];
  }

  function accessDate(now) {
    return now.getDate() + " " + MONTHS[now.getMonth()] + " " + now.getFullYear();
  }

  function normData() {
    return document.querySelector(".cabecalho-norma[data-abnt]");
  }

  function abntReference() {
    var data = normData();
    if (!data) { return null; }
    return data.getAttribute("data-abnt") + " Disponível em: " + pageAddress() + ". Acesso em: " +
      accessDate(new Date()) + ".";
  }

  function forms(link) {
    var id = decodeURIComponent(link.getAttribute("href").slice(1));
    var url = new URL(link.getAttribute("href"), window.location.href).href;
    var data = normData();
    var out = [{ key: "curta", label: "Citação curta", what: "Citação", button: "Copiar citação curta",
                 text: link.getAttribute("data-citacao") + " — " + url }];
    if (data) {
      out.push({ key: "abnt", label: "Referência ABNT (NBR 6023) da norma", what: "Referência ABNT",
                 button: "Copiar referência ABNT", text: abntReference() });
      out.push({ key: "urn", label: "URN LexML do dispositivo", what: "URN", button: "Copiar URN",
                 text: data.getAttribute("data-urn") + "!" + id });
    }
    return out;
  }

  var panel = null;
  var opener = null;

  function close(returnFocus) {
    if (!panel) { return; }
    panel.remove();
    panel = null;
    if (opener) {
      opener.setAttribute("aria-expanded", "false");
      if (returnFocus) { opener.focus(); }
    }
    opener = null;
  }

  function open(link) {
    close(false);
    opener = link;
    var citation = link.getAttribute("data-citacao");
    panel = document.createElement("div");
    panel.className = "citacao-opcoes";
    panel.id = "citacao-opcoes";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", "Como citar: " + citation);
    panel.setAttribute("tabindex", "-1");
    panel.setAttribute("data-search-exclude", "");
    var title = document.createElement("p");
    title.className = "citacao-titulo";
    title.textContent = "Como citar: " + citation + " (a citação curta já foi copiada)";
    panel.appendChild(title);
    var list = document.createElement("dl");
    forms(link).forEach(function (form) {
      var dt = document.createElement("dt");
      dt.textContent = form.label;
      var dd = document.createElement("dd");
      var text = document.createElement("span");
      text.className = "citacao-texto";
      text.setAttribute("data-forma", form.key);
      text.textContent = form.text;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "md-button citacao-copiar";
      button.setAttribute("data-forma", form.key);
      button.textContent = form.button;
      button.addEventListener("click", function () {
        // ABNT: the date of access is the day of the copy, not of the opening
        var now = form.key === "abnt" ? abntReference() : form.text;
        text.textContent = now;
        copyAndTell(now, form.what);
      });
      dd.appendChild(text);
      dd.appendChild(document.createTextNode(" "));
      dd.appendChild(button);
      list.appendChild(dt);
      list.appendChild(dd);
    });
    panel.appendChild(list);
    var closer = document.createElement("button");
    closer.type = "button";
    closer.className = "md-button citacao-fechar";
    closer.textContent = "Fechar";
    closer.addEventListener("click", function () { close(true); });
    panel.appendChild(closer);
    var block = link.closest(".dispositivo") || link;
    block.insertAdjacentElement("afterend", panel);
    link.setAttribute("aria-expanded", "true");
    link.setAttribute("aria-controls", panel.id);
    // After the click's own jump to #id, which would otherwise take the focus back.
    var opened = panel;
    setTimeout(function () { if (panel === opened) { opened.focus({ preventScroll: true }); } }, 0);
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.citar") : null;
    if (!link) {
      if (panel && !panel.contains(event.target)) { close(false); }
      return;
    }
    var short = forms(link)[0].text;
    open(link);
    copyAndTell(short, "Citação");
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && panel) {
      event.preventDefault();
      close(true);
    }
  });

  // The visible ABNT reference in the norm's header: this page's address and today's date. Each ¶ says
  // to screen readers that it opens something (the panel).
  function fillHeader() {
    Array.prototype.forEach.call(document.querySelectorAll("a.citar"), function (link) {
      link.setAttribute("aria-expanded", "false");
    });
    var address = document.querySelector(".referencia-abnt .abnt-endereco");
    var date = document.querySelector(".referencia-abnt .abnt-acesso");
    if (address) { address.textContent = pageAddress(); }
    if (date) { date.textContent = accessDate(new Date()); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fillHeader);
  } else {
    fillHeader();
  }
})();
