"""build.py --site-url: the address is checked (sitebuild/site_url.py) and a bad one refused in one line."""

from __future__ import annotations

import pytest

from build import parse_args
from sitebuild import mkdocs_run
from sitebuild.site_url import normalized


@pytest.mark.parametrize("given, kept", [
    ("https://www.prefeitura.sp.gov.br/cotas/", "https://www.prefeitura.sp.gov.br/cotas/"),
    ("https://www.prefeitura.sp.gov.br/cotas", "https://www.prefeitura.sp.gov.br/cotas/"),
    ("http://10.0.0.5:8080", "http://10.0.0.5:8080/"),
])
def test_a_good_address_ends_in_a_slash(given, kept):
    assert normalized(given) == kept
    assert parse_args(["--site-url", given]).site_url == kept


@pytest.mark.parametrize("bad", ["cotas.prefeitura.gov.br", "/cotas/", "ftp://x.gov.br/", "https://",
                                 "https://x.gov.br/?a=1", "https://x.gov.br/#c", "javascript:alert(1)",
                                 "https://x.gov.br/a b/", "https://user:senha@x.gov.br/"])
def test_a_bad_address_is_refused_with_one_portuguese_line(bad, capsys):
    with pytest.raises(SystemExit) as info:
        parse_args(["--site-url", bad])
    assert info.value.code == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and said.startswith("erro: --site-url inválido") and "https://" in said


def test_without_an_address_the_build_keeps_relative_addresses():
    assert parse_args([]).site_url is None


def test_the_address_reaches_mkdocs_in_a_copy_of_the_configuration(tmp_path):
    import yaml

    from tests.support import ROOT

    (tmp_path / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    config = mkdocs_run.norms_config(tmp_path, "https://x.gov.br/cotas/")
    assert config.name == mkdocs_run.NORMS_CONFIG
    assert yaml.safe_load(config.read_text(encoding="utf-8"))["site_url"] == "https://x.gov.br/cotas/"
