// Every message between the calculator page (calculadora.js, and edital.js through it) and its Web Worker
// (worker.js), both ways, in one place: JSDoc types, no code. The senders and the receivers name these
// types (calculadora/worker_client.js; worker/files.js, worker/boot.js, worker/main.js), and
// tests/sitebuild/test_frontend_modules.py checks that every message type they post is described here.
//
// The page numbers its requests (id) and the worker answers each one once, with the same id, in the
// order it received them; "progress", "ready" and "failed" carry no id (the load's own news).

// ---------------------------------------------------------------- page → worker

/**
 * A question to the calculator: calculator.api.handle(request), the reserve and call-order tools and the
 * Edital tool. Answered by a {@link ResponseReply} or a {@link CrashReply}.
 * @typedef {object} ApiRequest
 * @property {"api"} type
 * @property {number} id
 * @property {string} request the request as JSON ({"command": "reserva", "norma": …}, the form's fields)
 */

/**
 * A simulation. The classification list comes as text (request.csv) or as the File chosen, read and
 * base64-encoded in the worker, off the page's thread. Answered by a {@link SimulationReply} (the result
 * without its long lists, which stay in the worker), a {@link ResponseReply} (the calculator's error), a
 * {@link StaleReply} (a newer simulation came first) or a {@link CrashReply}.
 * @typedef {object} SimulationRequest
 * @property {"simular"} type
 * @property {number} id
 * @property {Object<string, string>} request the form's fields, command "simular"
 * @property {File} [file] the file chosen, when the text area still holds it unchanged
 * @property {number} size how many items of each long list the summary carries (a page)
 */

/**
 * A page of one long list of the last simulation. Answered by a {@link PageReply}.
 * @typedef {object} PageRequest
 * @property {"pagina"} type
 * @property {number} id
 * @property {string} list "nominations", "excluded", "unfilled_seats", "reverted_seats" or "moved"
 * @property {number} start the first item's index
 * @property {number} size how many items
 */

/**
 * The last simulation's complete CSV, with one line per parameter on top. Answered by a {@link CsvReply}.
 * @typedef {object} CsvRequest
 * @property {"csv"} type
 * @property {number} id
 * @property {Array<[string, string]>} params [name, value] pairs: what was asked
 */

/** @typedef {ApiRequest | SimulationRequest | PageRequest | CsvRequest} PageMessage */

// ---------------------------------------------------------------- worker → page: the load

/**
 * A step of the load, shown in the page's status and beside the busy buttons.
 * @typedef {object} Progress
 * @property {"progress"} type
 * @property {number} step 1 download, 2 Python's start, 3 the calculator (of the page's LOAD_STEPS)
 * @property {string} text what is happening, in pt-BR ("Baixando o Python do próprio site: 2,5 de 6,1 MB…")
 */

/**
 * Python is ready: the requests sent meanwhile are answered next.
 * @typedef {object} Ready
 * @property {"ready"} type
 * @property {number} ms the start's duration in the worker
 * @property {string} boot "snapshot", "plain", or "plain: <why the snapshot start failed>"
 * @property {Object<string, string>} via how each runtime file came ("zst", "gz", "original", …)
 */

/**
 * Python could not start here: the page falls back to the precomputed tables and says so. Requests still
 * waiting get no answer from the worker (the page answers them {@link Failed}).
 * @typedef {object} LoadFailed
 * @property {"failed"} type
 * @property {string} message the browser's or Pyodide's error, shown as a technical detail
 */

// ---------------------------------------------------------------- worker → page: answers (same id)

/**
 * The calculator's answer as JSON ({"ok": true, "result": …} or {"ok": false, "error": …}).
 * @typedef {object} ResponseReply
 * @property {number} id
 * @property {string} response
 */

/**
 * An unexpected exception in the worker (a bug): shown as such.
 * @typedef {object} CrashReply
 * @property {number} id
 * @property {string} crash its message
 */

/**
 * A simulation's result with the first `size` items of each long list and, in totals, their lengths.
 * @typedef {object} SimulationReply
 * @property {number} id
 * @property {object} simulation
 */

/**
 * A simulation replaced by a newer one before it ran: not run (the page has dropped it already).
 * @typedef {object} StaleReply
 * @property {number} id
 * @property {true} stale
 */

/**
 * @typedef {object} PageReply
 * @property {number} id
 * @property {Array<object>} items the page's items
 * @property {number} total the list's length
 */

/**
 * @typedef {object} CsvReply
 * @property {number} id
 * @property {Blob} blob the CSV (UTF-8 with BOM, CRLF), empty when no simulation was made
 */

/** @typedef {ResponseReply | CrashReply | SimulationReply | StaleReply | PageReply | CsvReply} Reply */

/** @typedef {Progress | Ready | LoadFailed | Reply} WorkerMessage */

/**
 * What the page's callWorker resolves to when the worker cannot answer (it failed to load, or is not
 * there): never posted, made by the page.
 * @typedef {object} Failed
 * @property {true} failed
 */

export {};
