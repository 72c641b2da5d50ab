"""`python -m laws`: export prints valid JSON and exits 0; bad input gives a pt-BR message and exit 2."""

import json
import subprocess
import sys

import pytest

from laws import NORM_SLUGS
from tests.support import ROOT, run_cli


def run(*args):
    return run_cli("laws", *args, text=True)


def test_export_prints_json():
    proc = run("export")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    data = json.loads(proc.stdout)
    assert [n["slug"] for n in data["norms"]] == list(NORM_SLUGS)
    ubatuba = data["norms"][0]
    assert ubatuba["urn"] == "urn:lex:br;sao.paulo;ubatuba:municipal:lei:2014-06-16;3765"
    text = (ROOT / "laws" / "ubatuba" / "texto.txt").read_bytes().decode("utf-8")

    def walk(nodes):
        for n in nodes:
            yield n
            yield from walk(n["children"])

    assert "".join(n["text"] + n["tail"] for n in walk(ubatuba["provisions"])) == text


def test_show_provision():
    proc = run("show", "ubatuba:art2_par3")
    assert proc.returncode == 0
    assert proc.stdout.startswith("Lei nº 3.765/2014, art. 2º, § 3º\n§ 3º Se da aplicação")


def test_show_lists_ids():
    proc = run("show", "lins")
    assert proc.returncode == 0
    assert "art6_cpt_inc4" in proc.stdout and "art. 6º, inciso IV" in proc.stdout


@pytest.mark.parametrize("args", [(), ("exportar",), ("show", "santos:art1"), ("show", "ubatuba:art99"),
                                  ("export", "extra")])
def test_bad_input(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("erro: ") and "Traceback" not in proc.stderr


@pytest.mark.parametrize("args", [("export",), ("show", "ubatuba")])
def test_closed_pipe_exits_quietly(args):
    # `python -m laws export | head -c 10`: the reader goes away; no BrokenPipeError traceback.
    proc = subprocess.Popen([sys.executable, "-m", "laws", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert len(proc.stdout.read(10)) == 10
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8")
    proc.wait(timeout=60)
    assert err == ""
    assert proc.returncode == 0
