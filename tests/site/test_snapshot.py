"""Pyodide memory snapshot: made at build time, served precompressed, loaded by the worker,
with the plain load as fallback. Both paths are tested, in Node and in Debian's Chromium.

The built site is copied first (verified with its SHA256SUMS), so a concurrent build cannot change it
under the tests. The browser serves it from a sub-path (/cotas/) with the precompressed .gz files,
as nginx's gzip_static does (bench/server.py).
"""

from __future__ import annotations

import gzip
import json
import random
import shutil
import subprocess
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sitebuild import distribution, pyodide
from tests import pace
from tests.support import ROOT, sha256sum_check, verified_copy

SNAPSHOT_URL_PART = "assets/calculadora/calculator.snapshot.bin"
READY = '#calc-status[data-state="ready"]'



@pytest.fixture(scope="module")
def site(built_site, tmp_path_factory) -> Path:
    return verified_copy(tmp_path_factory.mktemp("dist") / "site")


def api(request: dict) -> str:
    from calculator.api import handle

    return handle(json.dumps(request, ensure_ascii=False))


def generated_requests(n: int = 150, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        norm = rng.choice(["ubatuba", "quissama", "lins"])
        req = {"command": rng.choice(["reserva", "ordem"]), "norma": norm, "vagas": str(rng.randint(0, 120))}
        if norm == "lins" or rng.random() < 0.2:
            req["percentual"] = rng.choice(["20", "30", "12,5", "abc"])
        if req["command"] == "reserva" and rng.random() < 0.3:
            req["data_edital"] = rng.choice(["2013-01-01", "2020-05-05", "2040-01-01"])
        out.append(json.dumps(req, ensure_ascii=False))
    csv = "inscricao;nome;classificacao;cotista\n" + "".join(
        f"{i};Candidato {i};{i};{'sim' if i % 3 == 0 else 'não'}\n" for i in range(1, 41)
    )
    for norm in ("ubatuba", "quissama"):
        out.append(
            json.dumps({"command": "simular", "norma": norm, "vagas": "10", "csv": csv}, ensure_ascii=False)
        )
    return out


# --------------------------------------------------------------------------- build side


def test_snapshot_is_built_and_precompressed(site: Path):
    snap = site / SNAPSHOT_URL_PART
    packed = (site / (SNAPSHOT_URL_PART + ".gz")).read_bytes()
    assert snap.stat().st_size > 1_000_000
    assert gzip.decompress(packed) == snap.read_bytes()
    assert len(packed) * 3 < snap.stat().st_size
    listed = (site / "SHA256SUMS").read_text(encoding="utf-8")
    assert f"  {SNAPSHOT_URL_PART}\n" in listed and f"  {SNAPSHOT_URL_PART}.gz\n" in listed


def test_snapshot_cache_reuses_identical_bytes(site: Path, tmp_path: Path):
    """start_snapshot makes a snapshot in Node, then serves the same bytes from its cache."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / pyodide.SNAPSHOT).unlink()
    first = pyodide.start_snapshot(copy, cache=tmp_path / "cache")()
    made = first.read_bytes()
    assert len(made) > 1_000_000
    first.unlink()
    again = pyodide.start_snapshot(copy, cache=tmp_path / "cache")()
    assert again.read_bytes() == made
    # a different calculator.zip is a different key: not served from the cache
    (copy / "assets/calculadora/calculator.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    with pytest.raises(SystemExit, match="instantâneo"):
        pyodide.start_snapshot(copy, cache=tmp_path / "cache")()


def test_snapshot_is_reproducible(site: Path, tmp_path: Path):
    """Two snapshots of the same site are byte-identical (fixed clock and entropy while it is made), so
    two builds of one commit give the same SHA256SUMS; and the shipped one is that same snapshot."""
    made = []
    for name in ("a.bin", "b.bin"):
        out = tmp_path / name
        subprocess.run(["node", str(ROOT / "tools" / "make_snapshot.mjs"), str(site), str(out)],
                       check=True, capture_output=True)
        made.append(out.read_bytes())
    assert made[0] == made[1]
    assert (site / SNAPSHOT_URL_PART).read_bytes() == made[0]


# --------------------------------------------------------------------------- Node: answers from the snapshot


def test_snapshot_answers_equal_cpython_in_node(site: Path):
    requests = generated_requests()
    proc = subprocess.run(
        ["node", str(ROOT / "tools" / "run_api_snapshot.mjs"), str(site)],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        timeout=pace.seconds(300),
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "preimported true" in proc.stderr  # state really came from the snapshot
    answers = json.loads(proc.stdout)
    expected = [api(json.loads(r)) for r in requests]
    diffs = [(r, a, e) for r, a, e in zip(requests, answers, expected, strict=True) if a != e]
    assert diffs == []
    assert any(json.loads(a)["ok"] for a in answers) and any(not json.loads(a)["ok"] for a in answers)


# --------------------------------------------------------------------------- Chromium: both paths


@pytest.fixture(scope="module")
def server(site):
    from bench.server import SiteServer

    with SiteServer(site, prefix="/cotas/", precompressed=True) as srv:
        yield srv


def open_calculator(browser, server, snapshot_route=None):
    """Load the calculator with a reserved-seat question in the URL; returns (page, context, log)."""
    ctx = browser.new_context()
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(server.url()))
    log = {"outside": [], "errors": [], "snapshot_status": []}

    def route(r):
        url = r.request.url
        if not url.startswith(origin):
            log["outside"].append(url)
            return r.abort()
        if SNAPSHOT_URL_PART in url and snapshot_route is not None:
            return snapshot_route(r)
        return r.continue_()

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.on("console", lambda m: log["errors"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: log["errors"].append(str(e)))
    page.on(
        "response",
        lambda resp: log["snapshot_status"].append(resp.status) if SNAPSHOT_URL_PART in resp.url else None,
    )
    # a question outside the precomputed answers (another percentage): Python starts, from the snapshot
    # when the page asks for it (?inicio_python=instantaneo; the default start is the plain one)
    page.goto(server.url("calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=10&percentual=25"
                         "&inicio_python=instantaneo#reserva"))
    page.wait_for_selector(READY, state="attached", timeout=pace.ms(120_000))
    page.wait_for_selector('#reserva-resultado[data-origem="python"]', state="attached", timeout=pace.ms(60_000))
    return page, ctx, log


def worker_boot(page) -> str:
    boots = [w.evaluate("() => self.pythonBoot || null") for w in page.workers]
    found = [b for b in boots if b]
    assert len(found) == 1, boots
    return found[0]


def check_answer(page):
    expected = json.loads(api({"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "25"}))[
        "result"]["reserved"]
    text = page.inner_text("#reserva-resultado")
    assert str(expected) in text


def test_browser_starts_from_the_snapshot(browser, server):
    page, ctx, log = open_calculator(browser, server)
    try:
        assert worker_boot(page) == "snapshot"
        assert log["snapshot_status"] == [200]
        check_answer(page)
        # the same worker still answers a new question computed in Python
        assert log["outside"] == [] and log["errors"] == []
    finally:
        ctx.close()


def test_browser_falls_back_when_the_snapshot_is_missing(browser, server):
    page, ctx, log = open_calculator(browser, server, snapshot_route=lambda r: r.fulfill(status=404, body=""))
    try:
        boot = worker_boot(page)
        assert boot.startswith("plain:") and "HTTP 404" in boot
        check_answer(page)
        assert log["outside"] == []
    finally:
        ctx.close()


def test_browser_falls_back_when_the_snapshot_is_corrupt(browser, server):
    garbage = random.Random(1).randbytes(1_000_000)
    page, ctx, log = open_calculator(
        browser,
        server,
        snapshot_route=lambda r: r.fulfill(status=200, body=garbage, content_type="application/octet-stream"),
    )
    try:
        boot = worker_boot(page)
        assert boot.startswith("plain:"), boot
        check_answer(page)
        assert log["outside"] == []
    finally:
        ctx.close()


def test_law_page_loads_no_pyodide_byte(browser, server):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        urls = []
        page.on("request", lambda r: urls.append(r.url))
        page.goto(server.url("gerado/ubatuba.html"), wait_until="networkidle")
        assert urls and not [u for u in urls if "pyodide" in u or "calculadora/" in u]
    finally:
        ctx.close()


# --------------------------------------------------------------------------- the zip of the real site


def test_zip_of_the_built_site_round_trips(site: Path, tmp_path: Path):
    out = distribution.make_zip(site, tmp_path / "dist", version="0.0.0-test")
    with zipfile.ZipFile(out) as zf:
        zf.extractall(tmp_path / "x")
    unpacked = tmp_path / "x" / "cotas-em-concursos-0.0.0-test"
    check = sha256sum_check(unpacked)
    assert check.returncode == 0, check.stdout[:2000]
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert sorted(p.relative_to(unpacked).as_posix() for p in unpacked.rglob("*") if p.is_file()) == files
