;(function () {
  if (typeof lunr === "undefined" || !lunr.pt || lunr.pt.__semAcentos) return;
  var fold = function (token) {
    return token.update(function (s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, ""); });
  };
  lunr.Pipeline.registerFunction(fold, "semAcentos");
  var original = lunr.pt;
  lunr.pt = function () {
    original.call(this);
    this.pipeline.before(lunr.pt.stopWordFilter, fold);
    if (this.searchPipeline) this.searchPipeline.before(lunr.pt.stemmer, fold);
  };
  for (var key in original) lunr.pt[key] = original[key];
  lunr.pt.__semAcentos = true;
  // Query terms with a wildcard (the theme adds one while typing) skip the search pipeline: fold the query.
  var search = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (query) {
    return search.call(this, String(query).normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
  };
})();
