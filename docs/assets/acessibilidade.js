// Small accessibility additions to the theme (no network access, no dependencies):
// - the search overlay gets an accessible name;
// - the "Na calculadora" blocks under the law text print open (and close again after printing);
// - e-MAG access keys: Alt+1 content, Alt+2 menu, Alt+3 search, Alt+4 footer, as links at the top of
//   every page (shown when focused) with accesskey attributes, and the same keys handled here, where the
//   browser does not map accesskey to Alt (Firefox uses Alt+Shift).
(function () {
  "use strict";
  var search = document.querySelector(".md-search[role=dialog]");
  if (search && !search.hasAttribute("aria-label")) {
    search.setAttribute("aria-label", "Busca no site");
  }

  // A landmark or heading takes the focus (and scrolls into view) without becoming a Tab stop.
  function focusRegion(target) {
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
  function focusContent() {
    focusRegion(document.querySelector(".md-content h1") || document.querySelector(".md-content"));
  }
  // The footer (id="rodape", docs/overrides/main.html): the disclaimer and the previous/next links.
  function focusFooter() {
    focusRegion(document.getElementById("rodape"));
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
  var ACTIONS = { "1": focusContent, "2": focusMenu, "3": focusSearch, "4": focusFooter };

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
  bar.appendChild(link("Ir para o rodapé", "4", focusFooter));
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

  // Search highlighting, accents or not. The theme's result links carry ?h= with the index's own terms,
  // which an accented query leaves empty ("vigência" gives ?h=); they get the words typed instead. On the
  // page opened, the theme marks those words as written; the same words written with other accents
  // ("vigência" for "vigencia", or the reverse) are marked here, with the theme's own mark.
  function fold(text) {
    // one character for one (same length, so positions match): the base letter, lower case
    return text.split("").map(function (c) { return c.normalize("NFD").charAt(0).toLowerCase().charAt(0); }).join("");
  }
  function typedWords() {
    var input = document.querySelector(".md-search__input");
    var words = input ? input.value.toLowerCase().split(/[^\p{L}\p{N}]+/u) : [];
    return words.filter(function (w) { return w.length > 1; }).join(" ");
  }
  var results = document.querySelector(".md-search-result");
  // The results' scrolling box is a Tab stop only when there are results to scroll (empty, it is 0 px high).
  var resultsBox = document.querySelector(".md-search__scrollwrap");
  function resultsStop() {
    if (resultsBox) resultsBox.tabIndex = results.querySelector(".md-search-result__item") ? 0 : -1;
  }
  if (results) resultsStop();
  if (results && window.MutationObserver) {
    new MutationObserver(function () {
      resultsStop();
      var words = typedWords();
      if (!words) return;
      Array.prototype.forEach.call(results.querySelectorAll("a.md-search-result__link"), function (a) {
        var url = new URL(a.href, location.href);
        if (!url.searchParams.has("h") || url.searchParams.get("h") === words) return;
        url.searchParams.set("h", words);
        a.href = url.href;
      });
    }).observe(results, { childList: true, subtree: true });
  }
  function highlightFolded() {
    var h = new URLSearchParams(location.search).get("h");
    var root = document.querySelector(".md-content");
    if (!h || !root) return;
    var words = h.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 1; });
    var folded = words.map(fold);
    var nodes = [];
    var walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.parentElement.closest("mark, script, style, .md-search")) nodes.push(node);
    }
    nodes.forEach(function (node) {
      var text = node.nodeValue;
      var f = fold(text);
      var found = [];
      for (var i = 0; i < folded.length; i++) {
        for (var at = f.indexOf(folded[i]); at >= 0; at = f.indexOf(folded[i], at + 1)) {
          var same = text.substr(at, words[i].length).toLowerCase() === words[i];
          if (!same && !(at && /[\p{L}\p{N}]/u.test(f.charAt(at - 1)))) found.push([at, words[i].length]);
        }
      }
      // from the end backwards (the earlier positions stay valid), never two marks overlapping
      found.sort(function (a, b) { return b[0] - a[0]; });
      var limit = text.length;
      found.forEach(function (m) {
        if (m[0] + m[1] > limit) return;
        limit = m[0];
        var word = node.splitText(m[0]);
        word.splitText(m[1]);
        var mark = document.createElement("mark");
        mark.setAttribute("data-md-highlight", "");
        word.replaceWith(mark);
        mark.appendChild(word);
      });
    });
  }
  if (document.readyState === "complete") highlightFolded();
  else window.addEventListener("load", highlightFolded);

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
