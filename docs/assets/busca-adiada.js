// The theme downloads the search index (search/search_index.json, which grows with the text of every norm)
// as soon as any page opens. Here its request waits until the reader opens the search: the search field or
// button, one of the theme's search keys ("/", "s", "f"), or a page opened from a search result. So what a
// page costs on arrival does not grow with the corpus, and a reader who never searches never downloads the
// index. The theme asks for the index with an XMLHttpRequest; only that request's send() is held, so the
// theme's own code runs unchanged. (Opened from disk, the theme loads search/search_index.js by a script
// tag instead: nothing to hold.)
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json$/;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var held = [];
  var wanted = false;

  function want() {
    if (wanted) return;
    wanted = true;
    held.splice(0).forEach(function (item) { send.apply(item[0], item[1]); });
  }

  XMLHttpRequest.prototype.open = function (method, url) {
    try {
      this.cotasIndice = INDEX.test(new URL(String(url), location.href).pathname);
    } catch (err) {
      this.cotasIndice = false;
    }
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.cotasIndice && !wanted) {
      held.push([this, arguments]);
      return undefined;
    }
    return send.apply(this, arguments);
  };

  // Arriving from a search result (?h=…), the theme highlights the words with the index's own settings:
  // the reader has searched, so the index is wanted now.
  if (/[?&]h=/.test(location.search)) want();

  document.addEventListener("focusin", function (event) {
    if (event.target.form && event.target.form.name === "search") want();
  }, true);
  document.addEventListener("change", function (event) {
    if (event.target.id === "__search" && event.target.checked) want();
  }, true);
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("label[for=__search], form[name=search]")) want();
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "/" || event.key === "s" || event.key === "f" || event.key === "S" || event.key === "F") {
      var t = event.target;
      if (!(t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) want();
    }
  }, true);
})();
