"""The report's style sheet, inline (the file is attached on its own: no external resource): A4 print,
tables whose header repeats on each page, and verdicts that read in greyscale (words, a border and a mark,
never colour alone)."""

CSS = """
@page { size: A4; margin: 18mm 16mm 20mm 16mm; }
* { box-sizing: border-box; }
html { color: #000; background: #fff; }
body { font: 11pt/1.45 "Liberation Serif", "Times New Roman", Georgia, serif; margin: 0 auto;
       max-width: 180mm; padding: 8mm 0; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 14pt; margin: 8mm 0 2mm; border-bottom: 1.5pt solid #000; padding-bottom: 1mm;
     break-after: avoid; page-break-after: avoid; }
h3 { font-size: 12pt; margin: 5mm 0 2mm; break-after: avoid; page-break-after: avoid; }
p, li, dd { orphans: 3; widows: 3; }
dl.fatos { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 4mm; margin: 2mm 0; }
dl.fatos dt { font-weight: bold; }
dl.fatos dd { margin: 0; }
.hash, .urn { font-family: "Liberation Mono", "Courier New", monospace; font-size: 9pt;
              overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0 4mm; font-size: 10pt; }
thead { display: table-header-group; }
tfoot { display: table-row-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.75pt solid #000; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
th { background: #e6e6e6; }
td.num, th.num { text-align: right; }
tfoot td { font-weight: bold; }
.situacao-abaixo { font-weight: bold; }
.situacao-abaixo::before { content: "✗ "; }
.situacao-conforme::before { content: "✓ "; }
.manchete { border: 1.5pt solid #000; padding: 2mm 3mm; margin: 3mm 0; font-weight: bold; }
.juridico { border: 1.5pt double #000; padding: 2mm 3mm; margin: 4mm 0; }
.aviso { margin: 0 0 2mm; }
.tipo { font-weight: bold; text-transform: uppercase; font-size: 9pt; letter-spacing: 0.05em; }
blockquote { margin: 1mm 0 4mm; padding: 1mm 0 1mm 4mm; border-left: 2pt solid #000; }
blockquote p { margin: 0 0 1mm; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: bold; }
.nota { font-size: 9.5pt; }
footer { margin-top: 8mm; border-top: 0.75pt solid #000; padding-top: 2mm; font-size: 9.5pt; }
@media print { body { max-width: none; padding: 0; } a { color: #000; text-decoration: none; } }
""".strip()
