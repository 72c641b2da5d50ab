"""The limits of what a question may ask, each checked before any work with one clear pt-BR message."""

#: Largest number of vacancies (and of nominations) accepted; every answer stays O(log N) anyway.
MAX_VACANCIES = 10**15
#: Call positions one edital answer lists, over all its cargos together (each cargo's count,
#: positions_total, is always whole): a table of many cargos with 10¹⁵ nominations each would otherwise
#: hold up to 100,000 positions per cargo (417 MB for a 2.8 KB table).
EDITAL_POSITIONS = 100_000
#: Once that budget is spent, the first positions each further cargo still lists (and the text report shows
#: per cargo): the start of its pattern.
EDITAL_POSITIONS_EACH = 12
#: Cargos one edital table may hold: the largest real editais list hundreds; beyond this the table is
#: refused at the row that passes it, before any answer is computed (the rows of 20,000 cargos take
#: about 5 MB).
EDITAL_CARGOS = 20_000
#: Distinct (vacancies, nominations) figures one edital may ask for: each is a `reserva` and an `ordem`
#: computed and kept (about 10 KB each); cargos with the same figures share one.  Checked before the first
#: is computed.
EDITAL_FIGURES = 1_000
#: Editais one question may hold (`cotas edital a.csv b.csv …`, or the request's ``editais``): each is a whole
#: edital's answer, kept until the comparison across them is made, so the count bounds the memory (a concurso
#: published in parts has a few editais).
EDITAIS = 20
#: Runs of positioned text one PDF's table question may hold (``pdf_tabela``; the CLI's PDF reader): an
#: edital of a few hundred pages has some tens of thousands; the rebuilder sorts them all, so the count bounds
#: the time (about a second for this many in CPython, more in the browser).
PDF_RUNS = 300_000
#: Pages one PDF may have: the longest editais have a few hundred.
PDF_PAGES = 2_000
#: Characters of one run of text (a PDF reader's run is a line at most).
PDF_RUN_CHARS = 10_000
