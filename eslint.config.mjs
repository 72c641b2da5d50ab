// ESLint (pinned in package.json), run by `make check`, `make lint` and `make test`: the site's scripts and
// the calculator page's module sources (docs/assets), the Node tools (tools/, bench/, tests/node/) and the
// build's own script (sitebuild/search_fold.js). What the build writes (site/, and in it the page scripts
// joined from their module sources by sitebuild/scripts.py) is never linted: its sources are.
import js from "@eslint/js";
import globals from "globals";

// The pages' rule: user text goes in with textContent / createTextNode, never as markup.
const NO_MARKUP = [
  { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]",
    message: "Texto entra com textContent ou createTextNode, nunca como HTML." },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: "Texto entra com textContent ou createTextNode, nunca como HTML." },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
    message: "Texto entra com textContent ou createTextNode, nunca como HTML." },
];

export default [
  {
    // installed or generated, never edited here (see .gitignore)
    ignores: ["node_modules/", ".venv/", "site/", "dist/", "build/", ".site-*.tmp/", "docs/gerado/",
      "docs/assets/pyodide/", "bench/results/", "minhas-normas/"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // a catch that drops the browser's error on purpose (an API a browser refuses) may keep its name
      "no-unused-vars": ["error", { caughtErrors: "none", ignoreRestSiblings: true }],
      eqeqeq: ["error", "always"],
      // the site's Content-Security-Policy (docs/hospedar.md) allows no eval: code that needs it fails only
      // on a server that sends the policy
      // a top-level name a classic script leaks becomes a global shared with the theme's scripts
      "no-implicit-globals": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-script-url": "error",
      // "${x}" in a plain string is a template that was meant
      "no-template-curly-in-string": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "array-callback-return": "error",
      "no-throw-literal": "error",
      "no-new-wrappers": "error",
      "no-extend-native": "error",
      "no-proto": "error",
      radix: "error",
    },
  },
  {
    files: ["docs/assets/**/*.js"],
    rules: { "no-restricted-syntax": ["error", ...NO_MARKUP] },
  },
  {
    // the pages' classic scripts: one browser scope, shared with the theme's (__md_get and __md_set are
    // Material's own helpers for its stored preferences)
    files: ["docs/assets/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.browser, __md_get: "readonly", __md_set: "readonly" },
    },
  },
  {
    // the calculator page's scripts: ES modules (sitebuild/scripts.py joins the sources under src/)
    files: ["docs/assets/calculadora/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // the Web Worker's modules
    files: ["docs/assets/calculadora/src/worker/**/*.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // the service worker's template: sitebuild/offline.py writes it as site/sw.js with BUILD on top
    files: ["docs/service-worker/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, BUILD: "readonly" } },
  },
  {
    // appended by the build to the theme's search worker, where lunr is a global (sitebuild/mkdocs_run.py)
    files: ["sitebuild/search_fold.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.worker, lunr: "writable" } },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
