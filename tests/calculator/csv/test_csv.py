"""The classification-list reader: formats people really have, and one clear error for bad input."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.csv.candidates import read_candidates
from calculator.errors import InputError

HEADER = "inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao"


def rows(table):
    return [(c.inscricao, c.rank, c.cotista, c.pcd, c.genero, c.situacao, c.hetero) for c in table.candidates]


def error_of(data: bytes) -> str:
    with pytest.raises(InputError) as info:
        read_candidates(data)
    assert info.value.field == "csv"
    msg = info.value.message
    assert "\n" not in msg and msg.strip() == msg and msg
    return msg


def test_semicolon_utf8_bom_accented_headers_and_values():
    text = (
        "\ufeffInscrição;Nome;Classificação;Cotista;PcD;Gênero;Situação;Heteroidentificação;Observação\n"
        "A-10;Ana Souza;2;Sim;não;F;;confirmada;qualquer coisa\n"
        "A-11;Bruno Lima;1;N;NAO;m;Desistente;;\n"
        "A-12;Carla Dias;3;s;S;f;inapto;Não confirmada;\n"
    )
    t = read_candidates(text.encode("utf-8"))
    assert t.delimiter == ";" and t.encoding == "utf-8-sig" and t.ranked_by == "classificacao"
    assert t.ignored_columns == ("Observação",)
    assert rows(t) == [
        ("A-11", 1, False, False, "M", "desistente", ""),
        ("A-10", 2, True, False, "F", "", "confirmada"),
        ("A-12", 3, True, True, "F", "inapto", "nao_confirmada"),
    ]
    assert t.candidates[1].nome == "Ana Souza" and t.candidates[1].line == 2
    assert not hasattr(t.candidates[1], "extra")  # ignored columns: reported by name, values not kept


def test_windows_1252_comma_separated_and_quoted():
    text = 'INSCRICAO,Nome,CLASSIFICACAO,cotista\r\n7,"Sá, João",1,não\r\n8,Inês,2,sim\r\n'
    t = read_candidates(text.encode("windows-1252"))
    assert t.encoding == "windows-1252" and t.delimiter == ","
    assert [(c.inscricao, c.nome, c.cotista) for c in t.candidates] == [
        ("7", "Sá, João", False), ("8", "Inês", True)]


def test_optional_columns_default_and_blank_lines_skipped():
    t = read_candidates(b"classificacao;inscricao\n\n2;x\n1;y\n;\n")
    assert rows(t) == [("y", 1, False, False, None, "", ""), ("x", 2, False, False, None, "", "")]


def test_rank_with_ordinal_sign():
    t = read_candidates("inscricao;classificacao\na;1º\nb;2°\n".encode())
    assert [c.rank for c in t.candidates] == [1, 2]


def test_rank_by_score_ties_keep_line_order():
    text = "inscricao;nota\n1;7,5\n2;9\n3;7,50\n4;8\n"
    t = read_candidates(text.encode())
    assert t.ranked_by == "nota"
    assert [(c.inscricao, c.rank) for c in t.candidates] == [("2", 1), ("4", 2), ("1", 3), ("3", 4)]
    assert t.ties == [("1", "3")]


def test_score_with_comma_separator_quoted_decimal_comma():
    t = read_candidates(b'inscricao,nota\n1,"8,25"\n2,"8,3"\n')
    assert [c.inscricao for c in t.candidates] == ["2", "1"] and t.score_format == "virgula"
    # one file, two decimal separators: refused, never read cell by cell
    assert re.match(r"^Linha 3, coluna 2 \(“nota”\): a nota “8.3” usa ponto .* linha 2 \(“8,25”\) usa "
                    r"vírgula", error_of(b'inscricao,nota\n1,"8,25"\n2,8.3\n'))


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        (b"", r"^Linha 1: o arquivo está vazio"),
        (b"  \r\n \n", r"^Linha 1: o arquivo está vazio"),
        (b"nome;classificacao\nx;1\n", r"^Linha 1: falta a coluna obrigatória “inscricao”"),
        (b"inscricao;nome\n1;x\n", r"^Linha 1: falta a coluna obrigatória “classificacao”"),
        (b"inscricao;classificacao\n", r"^Linha 2: .*nenhum candidato"),
        (b"inscricao;classificacao;Inscri\xc3\xa7\xc3\xa3o\n1;1;2\n", r"^Linha 1, coluna 3 .*mais de uma "
                                                                       "vez"),
        (b"inscricao;classificacao\n1;1\n1;2\n", r"^Linha 3, coluna 1 \(“inscricao”\): .*repete a da linha "
                                                  "2"),
        (b"inscricao;classificacao\n1;1\n\n2;1\n", r"^Linha 4, coluna 2 \(“classificacao”\): .*1 repete a "
                                                    "da linha 2"),
        (b"inscricao;classificacao\n1;um\n", r"^Linha 2, coluna 2 \(“classificacao”\): .*“um” não é um "
                                              "número"),
        (b"inscricao;classificacao\n1;0\n", r"^Linha 2, coluna 2 .*não é um número inteiro positivo"),
        (b"inscricao;classificacao\n1;-3\n", r"^Linha 2, coluna 2 .*não é um número inteiro positivo"),
        (b"inscricao;classificacao\n1;\n", r"^Linha 2, coluna 2 .*classificação vazia"),
        (b"inscricao;classificacao\n;1\n", r"^Linha 2, coluna 1 .*inscrição está vazia"),
        (b"inscricao;nota\n1;nove\n", r"^Linha 2, coluna 2 \(“nota”\): nota “nove” não é um número"),
        (b"inscricao;classificacao;cotista\n1;1;talvez\n", r"^Linha 2, coluna 3 \(“cotista”\): .*“talvez”"),
        (b"inscricao;classificacao;PCD\n1;1;x\n", r"^Linha 2, coluna 3 \(“PCD”\)"),
        (b"inscricao;classificacao;genero\n1;1;X\n", r"^Linha 2, coluna 3 .*use F ou M"),
        (b"inscricao;classificacao;situacao\n1;1;aprovado\n", r"^Linha 2, coluna 3 .*desistente, inapto"),
        (b"inscricao;classificacao;heteroidentificacao\n1;1;sim\n", r"^Linha 2, coluna 3 .*confirmada"),
        (b"inscricao;classificacao\n1;1\n2;2;3\n", r"^Linha 3, coluna 3: .*mais colunas"),
        (b'inscricao;classificacao\n1;"1\n', r"^Linha 2: CSV malformado"),
        (b"inscricao;classificacao\n1;1\n2;\x81\x8d\n", r"^Linha 3, coluna 2: .*nem Windows-1252"),
        (b"\xef\xbb\xbfinscricao;classificacao\n1;\xe9\n", r"^Linha 2, coluna 2: .*UTF-8"),
        (b"\xff\xfei\x00n\x00", r"^Linha 1: .*UTF-16"),
        (b"inscricao;classificacao\n1;1\x00\n", r"^Linha 2: .*caractere nulo"),
    ],
)
def test_bad_input_names_line_and_column(data, pattern):
    assert re.search(pattern, error_of(data)), error_of(data)


def test_error_messages_show_unprintable_values_safely():
    msg = error_of(b"inscricao;classificacao;cotista\n1;1;\"a\x07b\nc\"\n")
    assert "\x07" not in msg and "\n" not in msg


def test_long_values_are_truncated_in_messages():
    msg = error_of(("inscricao;classificacao\n1;" + "9x" * 500 + "\n").encode())
    assert len(msg) < 200


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_fuzz_bytes_only_input_error(data):
    try:
        read_candidates(data)
    except InputError as exc:
        assert exc.message and "\n" not in exc.message


_cell = st.text(alphabet=st.sampled_from(list("0123456789;,\"\n\r ab-sSnNãçFMº\ufeff\t")), max_size=6)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([HEADER, HEADER.replace(";", ","), "inscricao;nota;cotista", "Inscrição,Classificação"]),
    st.lists(st.lists(_cell, max_size=9), max_size=6),
    st.sampled_from(["utf-8", "utf-8-sig", "windows-1252"]),
)
def test_fuzz_csv_like_text_only_input_error(header, body, encoding):
    text = header + "\n" + "\n".join(";".join(r) for r in body)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    try:
        table = read_candidates(data)
    except InputError as exc:
        assert exc.message and "\n" not in exc.message
    else:
        ranks = [c.rank for c in table.candidates]
        assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
        assert len({c.inscricao for c in table.candidates}) == len(ranks)


def test_tab_separated():
    t = read_candidates("Inscrição\tClassificação\tCotista\n1\t2\tsim\n2\t1\tnão\n".encode())
    assert t.delimiter == "\t" and [c.inscricao for c in t.candidates] == ["2", "1"]


@pytest.mark.parametrize("insc", ["Nº de Inscrição", "N.º de inscrição", "numero de inscricao",
                                  "Número da Inscrição", "Inscrição nº"])
@pytest.mark.parametrize("rank", ["Classificação Final", "classificação final", "Colocação"])
def test_common_header_aliases(insc, rank):
    t = read_candidates(f"{insc};Nome;{rank}\nX1;Ana;2\nX2;Bia;1\n".encode())
    assert [(c.inscricao, c.rank) for c in t.candidates] == [("X2", 1), ("X1", 2)]
    assert t.ranked_by == "classificacao" and t.ignored_columns == ()


def test_unknown_norm_is_echoed_short():
    from calculator.rules import rules_for

    with pytest.raises(InputError) as info:
        rules_for("x" * 500)
    # the name asked for is echoed clipped (the list of norms the message offers grows with the corpus)
    assert info.value.field == "norma" and "x" * 41 not in info.value.message and "…" in info.value.message


# --- scores: one format per file, said, never guessed per cell ----------------------------------
@pytest.mark.parametrize(("cells", "fmt", "order"), [
    (["1.234", "999", "1.234,0"], "virgula", ["A", "C", "B"]),  # pt-BR: 1234, 999, 1234 (tie: line order)
    (["1,234.5", "999", "1.5"], "ponto", ["A", "B", "C"]),      # en: 1234.5, 999, 1.5
    (["1,234", "78.5", "9"], "ponto", ["A", "B", "C"]),         # "78.5" decides: "1,234" is 1234
    (["8,5", "10", "8,25"], "virgula", ["B", "A", "C"]),
    (["80", "9", "100"], "inteiro", ["C", "A", "B"]),
    (["1.234.567", "2", "3"], "virgula", ["A", "C", "B"]),
    (["1,50", "1,5", "2"], "virgula", ["C", "A", "B"]),         # 1,50 = 1,5: a tie, in line order
    # spaces group thousands, and only thousands (plain, no-break, narrow no-break)
    (["1 234,5", "999", "1\u00a0000"], "virgula", ["A", "C", "B"]),
    (["12 345 678", "2", "1\u202f000.5"], "ponto", ["A", "C", "B"]),
])
def test_scores_read_in_one_format_for_the_whole_file(cells, fmt, order):
    data = "inscricao;nota\n" + "".join(f"{k};{v}\n" for k, v in zip("ABC", cells, strict=True))
    t = read_candidates(data.encode())
    assert t.score_format == fmt
    assert [c.inscricao for c in t.candidates] == order


@pytest.mark.parametrize(("cells", "pattern"), [
    (["1.234", "999"], r"^Linha 2, coluna 2 \(“nota”\): a nota “1.234” pode ser lida com ponto separando "
                       r"milhares ou como separador decimal, e nenhuma outra nota do arquivo decide"),
    (["1,234", "2"], r"^Linha 2, .*“1,234” pode ser lida com vírgula separando milhares"),
    (["1.234,0", "1,234.5"], r"^Linha 3, .*“1,234.5” usa ponto como separador decimal, mas a da linha 2 "
                             r"\(“1.234,0”\) usa vírgula; use um só formato"),
    (["1,234.5", "8,5"], r"^Linha 3, .*“8,5” usa vírgula .* linha 2 \(“1,234.5”\) usa ponto"),
    (["1.23.4", "2"], r"^Linha 2, coluna 2 \(“nota”\): nota “1.23.4” não é um número"),
    (["12,34,5", "2"], r"^Linha 2, .*nota “12,34,5” não é um número"),
    # a space anywhere but between groups of three digits is not deleted: "8 5" is not 85
    (["8 5", "9"], r"^Linha 2, coluna 2 \(“nota”\): nota “8 5” não é um número"),
    (["1 2", "9"], r"^Linha 2, .*nota “1 2” não é um número"),
    (["1 23", "9"], r"^Linha 2, .*nota “1 23” não é um número"),
    (["1234 567", "9"], r"^Linha 2, .*nota “1234 567” não é um número"),
    (["1 234,5 6", "9"], r"^Linha 2, .*nota “1 234,5 6” não é um número"),
])
def test_ambiguous_or_mixed_scores_are_refused(cells, pattern):
    data = "inscricao;nota\n" + "".join(f"{k};{v}\n" for k, v in zip("AB", cells, strict=True))
    assert re.match(pattern, error_of(data.encode())), error_of(data.encode())


def test_issue_repro_scores_with_thousands_separators():
    # 1.234 and 1.234,0 are the same score in one pt-BR file; 999 is below both
    t = read_candidates(b"inscricao;nome;nota\nA;Ana;1.234\nB;Bia;999\nC;Cid;1.234,0\n")
    assert [c.inscricao for c in t.candidates] == ["A", "C", "B"] and t.ties == [("A", "C")]


# --- encodings, BOMs and what strip() used to swallow --------------------------------------------
def test_utf16_with_crlf_is_named_in_bytes_and_in_text_form():
    text = "inscricao;classificacao\r\n1;1\r\n"
    for data in (text.encode("utf-16"), text.encode("utf-16-le"), text.encode("utf-16-be")):
        assert "UTF-16" in error_of(data), data[:6]
    # the page may send the file as text read as Windows-1252 ("ÿþ" + NULs): same message
    as_text = text.encode("utf-16").decode("windows-1252")
    assert error_of(as_text.encode("utf-8")) == error_of(text.encode("utf-16"))


def test_double_bom_is_not_a_missing_column():
    t = read_candidates("\ufeff\ufeffinscricao;classificacao\n1;1\n".encode())
    assert [c.inscricao for c in t.candidates] == ["1"]
    assert error_of("\ufeff\ufeff\n".encode()).startswith("Linha 1: o arquivo está vazio")


@pytest.mark.parametrize("cell", ["3\x1c", "3\x1d", "3\x85", "\x1e3"])
def test_rank_with_separator_control_characters_is_refused(cell):
    data = f"inscricao;classificacao\n1;{cell}\n".encode()
    assert re.match(r"^Linha 2, coluna 2 \(“classificacao”\): classificação .* não é um número inteiro",
                    error_of(data))


def test_huge_rank_is_called_too_large():
    msg = error_of(b"inscricao;classificacao\n1;1000000000\n")
    assert "grande demais" in msg and "999.999.999" in msg and "não é um número inteiro" not in msg


def test_input_over_the_limit_is_refused_before_parsing():
    from calculator.csv.text import MAX_CSV_BYTES, MAX_CSV_LABEL

    msg = error_of(b"inscricao;classificacao\n" + b"1;1\n" * (MAX_CSV_BYTES // 4))
    assert MAX_CSV_LABEL in msg and "limite" in msg
