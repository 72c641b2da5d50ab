// The calculator page's decoder of its precomputed answers, run in Node: the very module calculadora.js is
// joined from (docs/assets/calculadora/src/calculadora/tables.js, tableResult), over tables the Python
// encoder wrote (sitebuild/answer_tables.py). The build checks the tables it publishes with it; so do the tests.
//
//   node tools/decode_answers.mjs < input.json > answers.json
//
// stdin: {"answers": what respostas.js and the norms' respostas/<slug>.js hold together (self.cotasRespostas
// with its norms), "requests": [the page's requests: {"command": "reserva", "norma": …, "vagas": "13",
// "percentual"?: …, "data_edital"?: …}, …]}; stdout: a JSON array, one answer per request (the page's
// answer from the tables, or null where they do not cover the request).
import { readFileSync } from "node:fs";

const { answers, requests } = JSON.parse(readFileSync(0, "utf8"));
// the module reads self.cotasRespostas when it loads, as in the page
globalThis.self = globalThis;
globalThis.cotasRespostas = answers;
const { tableResult } = await import("../docs/assets/calculadora/src/calculadora/tables.js");
process.stdout.write(JSON.stringify(requests.map((request) => tableResult(request.command, request))));
