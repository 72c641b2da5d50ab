"""assets/calculadora/respostas.js: the answers the calculator page gives before Python is ready (or without
WebAssembly), precomputed by the calculator itself and checked against it here.

A classic script (not JSON fetched by the page) so it also loads from the unzipped folder opened from disk
(file://), where fetch() and module scripts are refused."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import calculator
from calculator.ptbr import format_date, format_int
from calculator.stages.headline import positions_phrase
from sitebuild.context import Context, example_percent
from sitebuild.tables import table_validity

ANSWERS_MAX = 1000
ANSWERS_DATES = ("2000-01-01", "2060-12-31")  # edital dates scanned for validity windows
DATE_MARK = "{data_edital}"
RESERVE_FIELDS = ("reserved", "applies", "percent_display", "headline", "warnings", "basis")
ORDER_FIELDS = ("reserved", "applies", "percent_display", "positions_total", "reading_description",
                "interpreted_positions", "headline", "warnings", "basis")
#: Stands for the reserved nominations in words (calculator.stages.headline.positions_phrase) in an `ordem`
#: headline template; calculadora.js writes the same phrase from the row's positions.
POSITIONS_TOKEN = "p"


class _Pool:
    """Distinct JSON values, referenced by index (the same warning list is stored once)."""

    def __init__(self):
        self.items: list = []
        self._index: dict[str, int] = {}

    def __call__(self, value) -> int:
        key = json.dumps(value, ensure_ascii=False, sort_keys=True)
        if key not in self._index:
            self._index[key] = len(self.items)
            self.items.append(value)
        return self._index[key]


def _message(pool: _Pool, text: str, row: tuple[int, int] | None = None):
    """A message whose numbers vary with N (e.g. Quissamã's art. 1º vs art. 3º conflict) is stored once as a
    skeleton: [skeleton index, number, number, ...]; the page puts the numbers back where each \\0 is.
    With row = (reserved, vacancies), a number equal to one of them (or to one seat more or less) is the
    token "r", "n", "r+1" or "r-1", so that one entry serves every N with the same wording."""
    numbers = re.findall(r"\d+", text)
    if not numbers:
        return text
    if row is not None:
        reserved, vacancies = row
        names = {str(reserved - 1): "r-1", str(reserved + 1): "r+1", str(vacancies): "n", str(reserved): "r"}
        numbers = [names.get(x, x) for x in numbers]
    return [pool(re.sub(r"\d+", "\0", text)), *numbers]


def _warnings(pool: _Pool, warnings: list[dict], row: tuple[int, int] | None = None) -> int:
    """A list of warnings: [[head, message], ...] with head = every field but the message (code, kind,
    basis, basis_kind…), as pool indices."""
    return pool([pool([pool({k: v for k, v in w.items() if k != "message"}),
                       _message(pool, w["message"], row)]) for w in warnings])


def _value(pool: _Pool, key: str, value, row: tuple[int, int]) -> int:
    return _warnings(pool, value, row) if key == "warnings" else pool(value)


def _runs(values: list[int]) -> list[list[int]]:
    """Run-length encoding: [[value, count], ...]."""
    out: list[list[int]] = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1][1] += 1
        else:
            out.append([v, 1])
    return out


def _validity_windows(module) -> list[tuple[datetime.date, datetime.date]]:
    """Consecutive edital dates for which the norm's validity rule gives the same answer (date in the text
    aside), scanned day by day over ANSWERS_DATES."""
    day = datetime.timedelta(days=1)
    d, end = (datetime.date.fromisoformat(x) for x in ANSWERS_DATES)
    windows, prev = [], None
    while d <= end:
        key = json.dumps(calculator.rules.validity_on(module.registry, d), ensure_ascii=False, sort_keys=True)
        key = key.replace(format_date(d), DATE_MARK).replace(d.isoformat(), "")
        if key != prev:
            windows.append([d, d])
            prev = key
        else:
            windows[-1][1] = d
        d += day
    return [tuple(w) for w in windows]


# A number as the calculator writes it ("13", "1.000").
_NUMBER = re.compile(r"\d{1,3}(?:\.\d{3})+|\d+")


def _headline(pool: _Pool, text: str, reserved: int, vacancies: int, positions: str | None = None,
              undated: int | None = None) -> int:
    """The calculator's one-sentence answer as a template: [skeleton, token, ...], each token "r" (the
    reserved seats), "n" (the vacancies), "r+1"/"r-1" (one seat more or less), "p" (the reserved
    nominations in words, ``positions``, for `ordem`) or "=<digits>" (a number of the text itself, e.g. a
    date), put back where each \\0 of the skeleton is; with ``undated`` (the undated answer's count, for a
    dated answer that has none of its own: what the other extension model would reserve), "u". The same
    template serves every N with the same wording."""
    if positions and positions in text:
        before, after = text.split(positions, 1)
        head = pool.items[_headline(pool, before, reserved, vacancies, undated=undated)]
        tail = pool.items[_headline(pool, after, reserved, vacancies, undated=undated)]
        skeleton = pool.items[head[0]] + "\0" + pool.items[tail[0]]
        return pool([pool(skeleton), *head[1:], POSITIONS_TOKEN, *tail[1:]])
    tokens = []
    for number in _NUMBER.findall(text):
        if number == format_int(reserved):
            tokens.append("r")
        elif number == format_int(vacancies):
            tokens.append("n")
        elif number in (format_int(reserved + 1), format_int(reserved - 1)):
            # the other rounding's count ("Arredondando para cima, seriam 2."): one template for every N
            tokens.append("r+1" if number == format_int(reserved + 1) else "r-1")
        elif undated is not None and number == format_int(undated):
            tokens.append("u")
        else:
            tokens.append("=" + number)
    return pool([pool(_NUMBER.sub("\0", text)), *tokens])


def _fill_headline(pool: list, index: int, reserved: int, vacancies: int, positions: str = "",
                   undated: int | None = None) -> str:
    """What calculadora.js does with a _headline template (used here to check the tables)."""
    skeleton, *tokens = pool[index]
    parts = pool[skeleton].split("\0")
    out = parts[0]
    for token, part in zip(tokens, parts[1:], strict=True):
        named = {"r": reserved, "n": vacancies, "r+1": reserved + 1, "r-1": reserved - 1, "u": undated}
        out += (format_int(named[token]) if token in named else positions if token == POSITIONS_TOKEN
                else token[1:]) + part
    return out


def _dated_state(window_applies, row_applies) -> int:
    """How an edital date changes the undated answer (calculator/stages/reserve.py: applicability first):
    0 the norm applies to it (the undated answer's count, now unconditional); 1 it does not (the reserve
    is not computed: no reserved seat, only the date's warnings); 2 the corpus cannot tell (applies null,
    the count kept).  An undated answer that is "no" whatever the date stays "no" in 0 and 2."""
    if window_applies is False:
        return 1
    if window_applies is None and row_applies is not False:
        return 2
    return 0


def _dated_applies(state: int, row_applies) -> bool | None:
    return {1: False, 2: None}.get(state, row_applies is not False)


def _dated_from_table(row: dict, window: dict, basis: list, headline: str, date: datetime.date) -> dict:
    """A dated reserve answer rebuilt from the undated row and the window (what calculadora.js does)."""
    text = format_date(date)
    warnings = [{**w, "message": w["message"].replace(DATE_MARK, text)} for w in window["warnings"]]
    state = _dated_state(window["applies"], row["applies"])
    if state != 1:  # where the norm does not apply, the reserve stage (and its warnings) did not run
        warnings += [w for w in row["warnings"] if w["code"] != "vigencia_nao_verificada"]
    return {"reserved": 0 if state == 1 else row["reserved"],
            "applies": _dated_applies(state, row["applies"]),
            "percent_display": row["percent_display"], "warnings": warnings, "basis": basis,
            "headline": headline}


def _dated_order_from_table(row: dict, window: dict, basis: list, headline: str, date: datetime.date) -> dict:
    """A dated `ordem` answer rebuilt from the undated row and the window (what calculadora.js does): the
    same stages as the reserve's (no position where the norm does not apply)."""
    dated = _dated_from_table(row, window, basis, headline, date)
    if _dated_state(window["applies"], row["applies"]) == 1:
        return {**dated, "positions_total": 0, "reading_description": row["reading_description"],
                "interpreted_positions": [], "positions": []}
    return {**dated, **{k: row[k] for k in ("positions_total", "reading_description", "interpreted_positions",
                                             "positions")}}


#: command → (the calculator's function, the fields the tables carry, the dated answer rebuilt from them)
_DATED = {
    "reserva": (calculator.reserve, RESERVE_FIELDS, _dated_from_table),
    "ordem": (calculator.order, (*ORDER_FIELDS, "positions"), _dated_order_from_table),
}


def _dated_part(command: str, slug: str, pct, pool: _Pool, window: dict, samples,
                rows: list[dict]) -> dict | None:
    """The dated answers of one command in one validity window: {"basis": {row basis:state → pool index},
    "headline": runs of templates}, checked against the calculator (None: not rebuilt, Python answers)."""
    ask, fields, rebuild = _DATED[command]
    bases: dict[str, list] = {}
    headlines: list[int] = []
    for n in range(1, ANSWERS_MAX + 1):
        row = rows[n - 1]
        key = f"{pool(row['basis'])}:{_dated_state(window['applies'], row['applies'])}"
        for i, d in enumerate(samples if n <= 50 or n == ANSWERS_MAX else samples[:1]):
            want = {k: x for k, x in ask(slug, n, pct, edital_date=d.isoformat()).items() if k in fields}
            phrase = row.get("phrase") if want.get("positions_total") else None
            if i == 0:
                headlines.append(_headline(pool, want["headline"], want["reserved"], n, phrase,
                                           undated=row["reserved"]))
            bases.setdefault(key, want["basis"])
            headline = _fill_headline(pool.items, headlines[-1], want["reserved"], n, phrase or "",
                                      undated=row["reserved"])
            if rebuild(row, window, bases[key], headline, d) != want:
                return None
    return {"basis": {k: pool(b) for k, b in bases.items()}, "headline": _runs(headlines)}


def _split_positions(order: dict, sequence: list[int]) -> tuple[int, list[int]] | None:
    """(count, sequence) such that the positions are the first `count` of the sequence plus the positions
    placed by interpretation; None when they are not (then the row keeps its positions explicitly)."""
    interpreted = list(order.get("interpreted_positions", []))
    base = [p for p in order["positions"] if p not in interpreted]
    if order["positions_truncated"] or base[:len(sequence)] != sequence[:len(base)]:
        return None
    if sorted(base + interpreted) != list(order["positions"]):
        return None
    return len(base), (base if len(base) > len(sequence) else sequence)


def norm_answers(slug: str) -> dict:
    """One norm's precomputed answers: N = 1..ANSWERS_MAX at the default percentage, for an undated
    question and for an edital date inside each validity window. Checked here against the calculator:
    a window whose rebuilt answers differ from the calculator's is left out (then Python answers)."""
    pct = example_percent(slug)
    pool = _Pool()
    reserve_rows, order_rows, sequence = [], [], []
    for n in range(1, ANSWERS_MAX + 1):
        res, order = calculator.reserve(slug, n, pct), calculator.order(slug, n, pct)
        split = _split_positions(order, sequence)
        if split is None:
            count, explicit = -1, list(order["positions"])
        else:
            (count, sequence), explicit = split, None
        reserve_rows.append({k: res[k] for k in RESERVE_FIELDS})
        phrase = (positions_phrase(order["positions"], order["positions_total"],
                                   order["interpreted_positions"]) if order["positions_total"] else None)
        order_rows.append({**{k: order[k] for k in ORDER_FIELDS}, "count": count, "explicit": explicit,
                           "phrase": phrase, "positions": list(order["positions"])})
    module = calculator.NORMS[slug]
    windows = []
    for start, end in _validity_windows(module):
        samples = sorted({start, end, start + (end - start) // 2})
        text = format_date(start)
        v = calculator.rules.validity_on(module.registry, start)
        window = {"from": start.isoformat(), "to": end.isoformat(), "applies": v["applies"],
                  "warnings": [{**w, "message": w["message"].replace(text, DATE_MARK)}
                               for w in v["warnings"]]}
        reserve_part = _dated_part("reserva", slug, pct, pool, window, samples, reserve_rows)
        if reserve_part is not None:
            windows.append({"from": window["from"], "to": window["to"], "applies": window["applies"],
                            "warnings": _warnings(pool, window["warnings"]), **reserve_part,
                            "order": _dated_part("ordem", slug, pct, pool, window, samples, order_rows)})

    def column(rows, key):
        if key == "headline":
            return _runs([_headline(pool, r["headline"], r["reserved"], n, r.get("phrase"))
                          for n, r in enumerate(rows, start=1)])
        return _runs([_value(pool, key, r[key], (r["reserved"], n)) for n, r in enumerate(rows, start=1)])

    columns = {
        "reserva": {k: column(reserve_rows, k) for k in RESERVE_FIELDS},
        "ordem": {k: column(order_rows, k) for k in (*ORDER_FIELDS, "count", "explicit")},
    }
    for n, r in enumerate(reserve_rows, start=1):  # the templates give back the calculator's sentence
        if _fill_headline(pool.items, _headline(pool, r["headline"], r["reserved"], n), r["reserved"], n)\
                != r["headline"]:
            raise SystemExit(f"erro: frase de resposta de {slug} não reconstruída (N = {n})")
    for n, r in enumerate(order_rows, start=1):
        index = _headline(pool, r["headline"], r["reserved"], n, r["phrase"])
        if _fill_headline(pool.items, index, r["reserved"], n, r["phrase"]) != r["headline"]:
            raise SystemExit(f"erro: frase da ordem de {slug} não reconstruída (N = {n})")
    return {"percent": pct, "percent_is_example": pct is not None, "sequence": sequence, "columns": columns,
            "windows": windows, "pool": pool.items}


#: The folder, beside respostas.js, of one script per norm (``<slug>.js``): the page loads only the selected
#: norm's answers, so what a visitor downloads does not grow with the number of norms.
PER_NORM_DIR = "respostas"


def write_answers(ctx: Context, site_dir: Path | None = None) -> Path:
    """site_dir (default ctx.out)/assets/calculadora/respostas.js: ``self.cotasRespostas = {...}`` with the
    fields every norm shares and ``norms`` empty; each norm's answers in respostas/<slug>.js, which adds
    ``self.cotasRespostas.norms[<slug>]`` when the page loads it (shape in norm_answers; each column is
    run-length encoded indices into the norm's pool; ordem's positions are the first ``count`` items of
    ``sequence`` plus its interpreted_positions, or ``explicit`` when count is -1; headlines are templates,
    see _headline). Classic scripts, not JSON: they load from the unzipped folder opened from disk too."""
    folder = Path(site_dir or ctx.out) / "assets" / "calculadora"
    (folder / PER_NORM_DIR).mkdir(parents=True, exist_ok=True)
    header = "// Gerado por build.py (write_answers): respostas pré-calculadas da calculadora.\n"
    for slug in ctx.slugs:
        data = {**norm_answers(slug), "validity": table_validity(ctx, ctx.corpus.norm(slug)),
                "window": calculator.rules.validity_window(calculator.NORMS[slug].registry)}
        body = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        (folder / PER_NORM_DIR / f"{slug}.js").write_text(
            f"{header}self.cotasRespostas.norms[{json.dumps(slug)}] = {body};\n", encoding="utf-8")
    shared = {"generated": ctx.today, "max_vacancies": ANSWERS_MAX, "date_mark": DATE_MARK,
              "dates": list(ANSWERS_DATES), "norms": {}}
    out = folder / "respostas.js"
    body = json.dumps(shared, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    out.write_text(f"{header}self.cotasRespostas = {body};\n", encoding="utf-8")
    return out


def read_answers(site_dir: Path) -> dict:
    """The data of respostas.js with every norm's file merged in, as the page holds it after loading them
    all (for tests and the bench)."""
    folder = Path(site_dir) / "assets" / "calculadora"

    def body(path: Path) -> dict:
        text = path.read_text(encoding="utf-8")
        return json.loads(text.split(" = ", 1)[1].rstrip().rstrip(";"))

    data = body(folder / "respostas.js")
    for path in sorted((folder / PER_NORM_DIR).glob("*.js")):
        data["norms"][path.stem] = body(path)
    return data
