"""assets/calculadora/respostas.js: the answers the calculator page gives before Python is ready (or without
WebAssembly), precomputed by the calculator itself and checked against it here: the page's own decoder
(docs/assets/calculadora/src/calculadora/tables.js, run in Node by tools/decode_answers.mjs) reads the tables
this module encodes, and its answers must be the calculator's (norm_answers). The decoding is written once,
in JavaScript; tests/node/test_answers_decoder.py asks it more questions than the build does.

A classic script (not JSON fetched by the page) so it also loads from the unzipped folder opened from disk
(file://), where fetch() and module scripts are refused."""

from __future__ import annotations

import datetime
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import calculator
from calculator.ptbr import format_date, format_int
from calculator.stages.headline import positions_phrase
from sitebuild import share_pages
from sitebuild.context import ROOT, TABLE_MAX, Context, example_percent
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


def _dated_state(window_applies, row_applies) -> int:
    """How an edital date changes the undated answer, the key of a window's ``basis`` (the page computes it
    the same way, tables.js): 0 the norm applies to it (the undated answer's count, now unconditional); 1
    it does not (the reserve is not computed: no reserved seat, only the date's warnings); 2 the corpus
    cannot tell (applies null, the count kept).  An undated answer that is "no" whatever the date stays
    "no" in 0 and 2 (calculator/stages/reserve.py: applicability first)."""
    if window_applies is False:
        return 1
    if window_applies is None and row_applies is not False:
        return 2
    return 0


#: command → (the calculator's function, the fields of its answer the tables carry)
_ASKED = {
    "reserva": (calculator.reserve, RESERVE_FIELDS),
    "ordem": (calculator.order, (*ORDER_FIELDS, "positions")),
}


@dataclass
class _Check:
    """One request the published tables must answer as the calculator does: ``want``, the calculator's
    answer (the fields the tables carry); ``part``, None for an undated row, else (window index, command)."""

    request: dict
    want: dict
    part: tuple[int, str] | None = None


def _request(command: str, slug: str, n: int, pct, date: datetime.date | None = None) -> dict:
    """The page's request for this question (what readForm gives: strings, no empty field)."""
    return {"command": command, "norma": slug, "vagas": str(n), **({"percentual": pct} if pct else {}),
            **({"data_edital": date.isoformat()} if date else {})}


def _dated_part(command: str, slug: str, pct, pool: _Pool, window: dict, samples, rows: list[dict],
                checks: list[_Check], where: tuple[int, str]) -> dict:
    """The dated answers of one command in one validity window: {"basis": {row basis:state → pool index},
    "headline": runs of templates}; the calculator's answers for the sampled dates go to ``checks``."""
    ask, fields = _ASKED[command]
    bases: dict[str, list] = {}
    headlines: list[int] = []
    for n in range(1, ANSWERS_MAX + 1):
        row = rows[n - 1]
        key = f"{pool(row['basis'])}:{_dated_state(window['applies'], row['applies'])}"
        for i, d in enumerate(samples if n <= 50 or n == ANSWERS_MAX else samples[:1]):
            want = {k: x for k, x in ask(slug, n, pct, edital_date=d.isoformat()).items() if k in fields}
            if i == 0:
                phrase = row.get("phrase") if want.get("positions_total") else None
                headlines.append(_headline(pool, want["headline"], want["reserved"], n, phrase,
                                           undated=row["reserved"]))
            bases.setdefault(key, want["basis"])
            checks.append(_Check(_request(command, slug, n, pct, d), want, where))
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


def _encode(slug: str) -> tuple[dict, list[_Check]]:
    """One norm's tables (the shape: write_answers), and what they must answer: every N undated, and the
    sampled dates of each validity window."""
    pct = example_percent(slug)
    pool = _Pool()
    reserve_rows, order_rows, sequence = [], [], []
    checks: list[_Check] = []
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
        checks.append(_Check(_request("reserva", slug, n, pct), reserve_rows[-1]))
        checks.append(_Check(_request("ordem", slug, n, pct),
                             {k: order[k] for k in _ASKED["ordem"][1]}))
    module = calculator.NORMS[slug]
    windows = []
    for start, end in _validity_windows(module):
        samples = sorted({start, end, start + (end - start) // 2})
        text = format_date(start)
        v = calculator.rules.validity_on(module.registry, start)
        window = {"from": start.isoformat(), "to": end.isoformat(), "applies": v["applies"],
                  "warnings": [{**w, "message": w["message"].replace(text, DATE_MARK)}
                               for w in v["warnings"]]}
        index = len(windows)
        reserve_part = _dated_part("reserva", slug, pct, pool, window, samples, reserve_rows, checks,
                                   (index, "reserva"))
        windows.append({"from": window["from"], "to": window["to"], "applies": window["applies"],
                        "warnings": _warnings(pool, window["warnings"]), **reserve_part,
                        "order": _dated_part("ordem", slug, pct, pool, window, samples, order_rows, checks,
                                             (index, "ordem"))})

    def column(rows, key):
        if key == "headline":
            return _runs([_headline(pool, r["headline"], r["reserved"], n, r.get("phrase"))
                          for n, r in enumerate(rows, start=1)])
        return _runs([_value(pool, key, r[key], (r["reserved"], n)) for n, r in enumerate(rows, start=1)])

    columns = {
        "reserva": {k: column(reserve_rows, k) for k in RESERVE_FIELDS},
        "ordem": {k: column(order_rows, k) for k in (*ORDER_FIELDS, "count", "explicit")},
    }
    return ({"percent": pct, "percent_is_example": pct is not None, "sequence": sequence, "columns": columns,
             "windows": windows, "pool": pool.items}, checks)


#: The page's decoder of these tables, run in Node (the module calculadora.js is joined from).
DECODER = ROOT / "tools" / "decode_answers.mjs"


def decode_answers(answers: dict, requests: list[dict]) -> list[dict | None]:
    """The page's answer to each request from ``answers`` (what respostas.js and the norms' files hold
    together): calculadora.js's own decoder (tableResult) run in Node; None where the tables do not cover
    the request."""
    stdin = json.dumps({"answers": answers, "requests": requests})
    proc = subprocess.run(["node", str(DECODER)], input=stdin, capture_output=True, text=True, timeout=900,
                          check=False, cwd=ROOT)
    if proc.returncode != 0:
        raise SystemExit(f"erro: o decodificador das respostas pré-calculadas ({DECODER.name}) falhou no "
                         f"Node:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def _shared(norms: dict) -> dict:
    """What respostas.js holds (write_answers adds the build's date), with ``norms``."""
    return {"max_vacancies": ANSWERS_MAX, "date_mark": DATE_MARK, "dates": list(ANSWERS_DATES),
            "norms": norms}


def _reproduced(slug: str, data: dict, checks: list[_Check], got: list[dict | None]) -> dict:
    """``data`` as the page may publish it, ``got`` being the page's answers to ``checks``: a dated part
    (a window's reserve, or its order) the page would answer otherwise than the calculator is left out (then
    Python answers those questions; without the window's reserve, the whole window); an undated answer
    that differs stops the build."""
    wrong: set[tuple[int, str]] = set()
    for check, answer in zip(checks, got, strict=True):
        same = answer is not None and all(answer.get(k) == v for k, v in check.want.items())
        if same:
            continue
        if check.part is None:
            field = next((k for k, v in check.want.items() if answer is None or answer.get(k) != v), "")
            raise SystemExit(f"erro: a resposta pré-calculada de {slug} para {check.request['command']} com "
                             f"{check.request['vagas']} vagas não é a da calculadora "
                             f"(campo {field or 'todos'})")
        wrong.add(check.part)
    windows = []
    for index, window in enumerate(data["windows"]):
        if (index, "reserva") in wrong:
            continue
        windows.append({**window, "order": None} if (index, "ordem") in wrong else window)
    return {**data, "windows": windows}


def norm_answers(slug: str) -> dict:
    """One norm's precomputed answers: N = 1..ANSWERS_MAX at the default percentage, for an undated
    question and for an edital date inside each validity window. Checked here with the page's own decoder
    (decode_answers) against the calculator: a dated part the page would answer otherwise is left out (then
    Python answers), and an undated answer that differs stops the build (_reproduced)."""
    data, checks = _encode(slug)
    got = decode_answers(_shared({slug: data}), [c.request for c in checks])
    return _reproduced(slug, data, checks, got)


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
    # where the page finds the build's page of an answer it shares (sitebuild/share_pages.py)
    share = {"dir": share_pages.SHARE_DIR, "max": TABLE_MAX}
    shared = {"generated": ctx.today, "share": share, **_shared({})}
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
