// The scheme toggle in the header (light, dark, high contrast, in turn), in place of the theme's palette
// component (see overrides/partials/palette.html). Same markup, same saved choice (Material's "__palette"
// key, which the theme's inline script applies while the page is parsed), same behaviour: the system's
// preference on a first visit, the toggle, Enter on the toggle, the meta theme-color/color-scheme. Unlike
// the theme, it touches the body's colour attributes only when they change: the theme rewrote them on every
// load, restyling the whole page twice inside its start-up task (the longest task of a phone's arrival).
(function () {
  "use strict";
  var form = document.querySelector("form[data-paleta]");
  if (!form) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
  if (!inputs.length) return;
  var KEYS = ["media", "scheme", "primary", "accent"];

  function stateOf(index) {
    var input = inputs[index];
    var color = {};
    KEYS.forEach(function (key) { color[key] = input.getAttribute("data-md-color-" + key); });
    return { index: index, color: color };
  }

  function initialIndex() {
    var saved;
    try { saved = __md_get("__palette"); } catch (err) { saved = null; }
    var index = saved && typeof saved.index === "number" ? saved.index : systemIndex();
    return Math.max(0, Math.min(index, inputs.length - 1));
  }

  // The system's preference: the last scheme whose media matches, so that a request for more contrast
  // (prefers-contrast: more, the last scheme) wins over the light or dark preference, which also matches.
  function systemIndex() {
    for (var i = inputs.length - 1; i >= 0; i--) {
      if (matchMedia(inputs[i].getAttribute("data-md-color-media")).matches) return i;
    }
    return 0;
  }

  // The browser's own colours follow the scheme: the phone's toolbar (theme-color, the header's colour)
  // and form controls and scrollbars (color-scheme). Set after the first frame: reading the header's colour
  // before it would force a style pass, and setting color-scheme restyles the whole page, which the light
  // default does not need.
  var metaTheme = null;
  var metaScheme = null;
  function updateMeta() {
    var header = document.querySelector("[data-md-component=header]");
    if (!header) return;
    var style = getComputedStyle(header);
    if (!metaTheme) {
      metaTheme = document.createElement("meta");
      metaTheme.name = "theme-color";
      document.head.appendChild(metaTheme);
    }
    var rgb = (style.backgroundColor.match(/\d+/g) || []).slice(0, 3);
    metaTheme.content = "#" + rgb.map(function (c) { return (+c).toString(16).padStart(2, "0"); }).join("");
    if (!metaScheme && style.colorScheme === "light") return;
    if (!metaScheme) {
      metaScheme = document.createElement("meta");
      metaScheme.name = "color-scheme";
      document.head.appendChild(metaScheme);
    }
    metaScheme.content = style.colorScheme;
  }

  function showToggle(index) {
    inputs.forEach(function (input, i) {
      var label = input.nextElementSibling;
      if (label instanceof HTMLElement && label.tagName === "LABEL" && label.hidden !== (i !== index)) {
        label.hidden = i !== index;
      }
    });
  }

  function apply(state, switching) {
    var body = document.body;
    var changed = KEYS.filter(function (key) {
      return body.getAttribute("data-md-color-" + key) !== state.color[key];
    });
    // As the theme does: no colour transitions while the scheme switches.
    if (switching && changed.length) body.setAttribute("data-md-color-switching", "");
    changed.forEach(function (key) { body.setAttribute("data-md-color-" + key, state.color[key]); });
    if (switching && changed.length) {
      requestAnimationFrame(function () { body.removeAttribute("data-md-color-switching"); });
    }
    showToggle(state.index);
    __md_set("__palette", state);
  }

  var current = stateOf(initialIndex());
  apply(current, false);
  requestAnimationFrame(function () { setTimeout(updateMeta, 0); });

  inputs.forEach(function (input, i) {
    input.addEventListener("change", function () {
      current = stateOf(i);
      apply(current, true);
      updateMeta();
    });
  });
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var next = inputs[(current.index + 1) % inputs.length];
    next.click();
    next.focus();
  });
})();
