// One cell of a CSV file the page offers for download (the simulation's, by worker.js, and the edital's
// table, by edital.js): one implementation for both, so a fix reaches every download.
//
// No formulas when the file is opened in a spreadsheet: a ' before = + - @ (and their full-width forms)
// at the start AND after any separator of any common locale (, ; | tab, line end), leading spaces and
// quotes included (a reader that splits on "," without strict quoting drops the quote before the formula). A spreadsheet splitting on another separator than ours takes our quotes for text, so
// "Ana,=HYPERLINK(…)" would otherwise give a cell "=HYPERLINK(…)". Quoted when it holds a separator.
export function spreadsheetCell(value) {
  let s = value === null || value === undefined ? "" : String(value);
  s = s.replace(/(^|[,;|\t\r\n])([\s"]*)(?=[=+\-@＝＋－＠])/g, "$1$2'");
  if (/^[\t\r]/.test(s)) s = `'${s}`;
  return /[",;|\t\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
