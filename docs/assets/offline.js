// The site offline: registers the service worker (sw.js at the site's root, written by the build) once the
// page is idle, so that keeping the site's files never competes with the page's own arrival; and when a
// newer build of the site is waiting, offers it ("Nova versão disponível") instead of mixing two versions
// or reloading under the reader. Opened from disk (file://) or over plain http from another machine, a
// browser gives no service worker: nothing happens and nothing is said. A reader who asked the browser to
// save data (Data Saver: navigator.connection.saveData) is not sent the copy for offline use either.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext || location.protocol === "file:") return;
  if (navigator.connection && navigator.connection.saveData) return;
  var script = document.currentScript;
  var swUrl = new URL("../sw.js", script ? script.src : location.href);
  // The app's manifest (installable, with its icons), named here rather than in every page: opened from
  // disk, a browser would only log its refusal to read it.
  var link = document.createElement("link");
  link.rel = "manifest";
  link.href = new URL("manifest.webmanifest", swUrl).href;
  document.head.appendChild(link);
  var reloading = false;

  function offer(waiting) {
    if (document.getElementById("nova-versao")) return;
    var bar = document.createElement("div");
    bar.id = "nova-versao";
    bar.className = "nova-versao";
    bar.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = "Nova versão do site disponível.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = "Atualizar agora";
    button.addEventListener("click", function () {
      reloading = true;
      button.disabled = true;
      waiting.postMessage({ type: "ativar" });
    });
    bar.appendChild(text);
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(button);
    document.body.appendChild(bar);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        // a first install has no controller yet: nothing to replace, nothing to offer
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
    });
  }

  // the new version took over because the reader asked: reload this page from it
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading) location.reload();
  });

  function register() {
    navigator.serviceWorker.register(swUrl.href, { updateViaCache: "none" }).then(watch, function () {});
  }

  function whenIdle() {
    if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 10000 });
    else setTimeout(register, 2000);
  }

  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle);
})();
