// Small accessibility additions to the theme (no network access, no dependencies):
// - the search overlay gets an accessible name;
// - the "Na calculadora" blocks under the law text print open (and close again after printing);
// - e-MAG access keys: Alt+1 content, Alt+2 menu, Alt+3 search, as links at the top of every page
//   (shown when focused) with accesskey attributes, and the same keys handled here, where the browser
//   does not map accesskey to Alt (Firefox uses Alt+Shift).
(function () {
  "use strict";
  var search = document.querySelector(".md-search[role=dialog]");
  if (search && !search.hasAttribute("aria-label")) {
    search.setAttribute("aria-label", "Busca no site");
  }

  function focusContent() {
    var target = document.querySelector(".md-content h1") || document.querySelector(".md-content");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
  function focusMenu() {
    var drawer = document.getElementById("__drawer");
    var nav = document.querySelector(".md-sidebar--primary .md-nav__link");
    var hidden = !nav || nav.getClientRects().length === 0;
    if (drawer && hidden) {
      drawer.checked = true; // phone: open the side drawer
      drawer.dispatchEvent(new Event("change"));
    }
    var search = document.getElementById("__search");
    if (search && search.checked) {
      search.checked = false; // the search overlay would take the focus back as it closes
      search.dispatchEvent(new Event("change"));
    }
    setTimeout(function () {
      var link = document.querySelector(".md-sidebar--primary a.md-nav__link");
      if (link) link.focus();
    }, 50);
  }
  function focusSearch() {
    var toggle = document.getElementById("__search");
    if (toggle && !toggle.checked) {
      toggle.checked = true;
      toggle.dispatchEvent(new Event("change"));
    }
    var input = document.querySelector(".md-search__input");
    if (input) setTimeout(function () { input.focus(); }, 50);
  }
  var ACTIONS = { "1": focusContent, "2": focusMenu, "3": focusSearch };

  function link(text, key, action) {
    var a = document.createElement("a");
    a.href = "#";
    a.accessKey = key;
    a.textContent = text + " [Alt+" + key + "]";
    a.addEventListener("click", function (event) {
      event.preventDefault();
      action();
    });
    return a;
  }
  var bar = document.createElement("nav");
  bar.className = "atalhos-emag";
  bar.setAttribute("aria-label", "Atalhos de teclado");
  bar.appendChild(link("Ir para o conteúdo", "1", focusContent));
  bar.appendChild(link("Ir para o menu", "2", focusMenu));
  bar.appendChild(link("Ir para a busca", "3", focusSearch));
  var home = document.querySelector("a.md-header__button.md-logo");
  if (home) {
    var page = document.createElement("a");
    page.href = new URL("acessibilidade.html", home.href).href;
    page.textContent = "Acessibilidade";
    bar.appendChild(page);
  }
  document.body.insertBefore(bar, document.body.firstChild);

  // A table or code block wider than the screen scrolls inside its own box: that box is reachable by keyboard
  // (Tab, then the arrow keys), a table's named after it, only while it really scrolls (no extra Tab stop
  // otherwise). The theme does it for code blocks only later, when it observes their size.
  function scrollables() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap, .calc-rolagem, .md-typeset pre > code");
    Array.prototype.forEach.call(boxes, function (box) {
      var code = box.tagName === "CODE";
      if (!code && box.querySelector("a[href], button, input, select, textarea, [tabindex]")) return;
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        if (code) return;
        var caption = box.querySelector("caption");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", caption ? caption.textContent : "Tabela (role para o lado)");
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  window.addEventListener("load", scrollables);
  window.addEventListener("resize", scrollables);

  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll("details.na-calculadora"), function (d) {
      return !d.open;
    });
    opened.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });

  document.addEventListener("keydown", function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.code && event.code.indexOf("Digit") === 0 ? event.code.slice(5) : event.key;
    var action = ACTIONS[key];
    if (!action) return;
    event.preventDefault();
    action();
  });
})();
