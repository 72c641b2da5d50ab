// Small accessibility fixes to the theme's markup (no network access, no dependencies).
(function () {
  "use strict";
  // Material's search overlay has role="dialog" but no accessible name.
  var search = document.querySelector(".md-search[role=dialog]");
  if (search && !search.hasAttribute("aria-label")) {
    search.setAttribute("aria-label", "Busca no site");
  }
})();
