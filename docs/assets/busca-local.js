// Search on the site opened from disk (file://), loaded only there (overrides/main.html). The browser
// refuses a Web Worker from a file, so the theme's search worker runs in a hidden frame of the page instead
// (the theme's own search code expects this: it looks for window.IFrameWorker and then awaits
// importScripts), and the theme loads its index from search/search_index.js by a script tag, which a file
// page may do. The calculator's own worker is left to the browser (it says why it needs a server).
(function () {
  "use strict";
  var NativeWorker = window.Worker;
  var SEARCH_WORKER = /\/workers\/search\.[^/]*\.js$/;

  function IFrameWorker(address) {
    var self = this;
    var url = new URL(address, location.href).href;
    var events = document.createElement("span"); // an EventTarget for addEventListener on this "worker"
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.title = "Busca";
    frame.setAttribute("aria-hidden", "true");
    document.body.appendChild(frame);
    var win = frame.contentWindow;
    var doc = win.document;
    var pending = [];
    var loaded = false;

    function load(src) {
      return new Promise(function (resolve, reject) {
        var script = doc.createElement("script");
        script.src = src;
        script.onload = resolve;
        script.onerror = function () { reject(new Error("não carregou: " + src)); };
        doc.head.appendChild(script);
      });
    }
    // Inside the frame, the worker's globals: its messages go to this object, not to the frame itself.
    win.importScripts = function () {
      var urls = Array.prototype.slice.call(arguments);
      return urls.reduce(function (done, src) {
        return done.then(function () { return load(new URL(src, url).href); });
      }, Promise.resolve());
    };
    win.postMessage = function (data) {
      var copy = structuredClone(data);
      setTimeout(function () {
        var event = new MessageEvent("message", { data: copy });
        if (typeof self.onmessage === "function") self.onmessage(event);
        events.dispatchEvent(event);
      }, 0);
    };
    function deliver(data) {
      win.dispatchEvent(new win.MessageEvent("message", { data: win.structuredClone(data) }));
    }
    this.onmessage = null;
    this.onerror = null;
    this.postMessage = function (data) {
      if (loaded) setTimeout(function () { deliver(data); }, 0);
      else pending.push(data);
    };
    this.addEventListener = function (type, listener, options) {
      events.addEventListener(type, listener, options);
    };
    this.removeEventListener = function (type, listener, options) {
      events.removeEventListener(type, listener, options);
    };
    this.terminate = function () { frame.remove(); };
    load(url).then(function () {
      loaded = true;
      pending.splice(0).forEach(deliver);
    }, function (err) {
      var event = new ErrorEvent("error", { message: String(err) });
      if (typeof self.onerror === "function") self.onerror(event);
      events.dispatchEvent(event);
    });
  }

  window.IFrameWorker = IFrameWorker;
  window.Worker = function (url, options) {
    if (SEARCH_WORKER.test(String(url))) return new IFrameWorker(String(url));
    return new NativeWorker(url, options);
  };
})();
