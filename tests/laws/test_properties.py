"""Property test: any text written in the seeds' styles parses back to the ids it was built from."""

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.labels import int_to_roman
from laws.parser import parse

words = st.text(alphabet="abcdefghij ãéçõ,;.0123456789%", min_size=1, max_size=30).map(
    lambda s: "x" + s.rstrip())
incisos = st.lists(words, max_size=4)
paragraphs = st.one_of(
    st.lists(st.tuples(words, incisos), max_size=3),  # numbered paragraphs
    st.tuples(words, incisos).map(lambda p: ("único", p)),  # a parágrafo único
)
articles = st.lists(st.tuples(words, incisos, paragraphs), min_size=1, max_size=12)


def ordinal(n):
    return f"{n}º" if n < 10 else str(n)


@settings(max_examples=150, deadline=None)
@given(articles=articles, sep=st.sampled_from(["\n", "\n\n"]), dash=st.sampled_from(["", " -"]),
       sole=st.sampled_from(["Parágrafo Único.", "Parágrafo único -"]), trailing_newline=st.booleans(),
       header=st.booleans(), note=st.booleans())
def test_generated_texts_parse_to_expected_ids(articles, sep, dash, sole, trailing_newline, header, note):
    lines = ["IMPRENSA OFICIAL", "Publicado em 1 de janeiro de 2024"] if header else []
    lines += ["LEI Nº 1, DE 1 DE JANEIRO DE 2024", "Dispõe sobre x.", "O PREFEITO decreta:"]
    expected = [f"cabecalho{i}" for i in (1, 2) if header] + ["epigrafe", "ementa", "preambulo"]
    # the citation labels, written as a reader cites what was generated (not derived from the ids)
    labels = [f"cabeçalho, linha {i}" for i in (1, 2) if header] + ["epígrafe", "ementa", "preâmbulo"]

    def add_incisos(parent, label, items):
        for k, text in enumerate(items, 1):
            lines.append(f"{int_to_roman(k)} - {text}")
            expected.append(f"{parent}_inc{k}")
            labels.append(f"{label}, inciso {int_to_roman(k)}")

    for n, (caput, caput_incisos, pars) in enumerate(articles, 1):
        art = f"art. {ordinal(n)}"
        expected += [f"art{n}", f"art{n}_cpt"]
        labels += [art, f"{art}, caput"]
        lines.append(f"Art. {ordinal(n)}{dash} {caput}")
        if note and n == 1:
            lines[-1] += " (Redação dada pela Lei nº 2, de 3 de março de 2025)"
            expected.append("art1_cpt_nota1")
            labels.append("art. 1º, caput, nota")
        add_incisos(f"art{n}_cpt", art, caput_incisos)  # an inciso of the caput is cited without "caput"
        if pars and pars[0] == "único":
            text, items = pars[1]
            lines.append(f"{sole} {text}")
            expected.append(f"art{n}_par1u")
            labels.append(f"{art}, parágrafo único")
            add_incisos(f"art{n}_par1u", f"{art}, parágrafo único", items)
        else:
            for k, (text, items) in enumerate(pars, 1):
                lines.append(f"§ {ordinal(k)}{dash} {text}")
                expected.append(f"art{n}_par{k}")
                labels.append(f"{art}, § {ordinal(k)}")
                add_incisos(f"art{n}_par{k}", f"{art}, § {ordinal(k)}", items)
    lines += ["Cidade, 1 de janeiro de 2024.", "FULANO DE TAL", "Prefeito",
              "Este texto não substitui o original."]
    expected += ["fecho", "assinatura1", "aviso"]
    labels += ["fecho", "assinatura 1", "aviso"]
    text = sep.join(lines) + ("\n" if trailing_newline else "")

    top = parse(text)
    nodes = [p for t in top for p in t.walk()]
    assert "".join(p.text + p.tail for p in nodes) == text
    assert [p.id for p in nodes] == expected
    assert [p.label for p in nodes] == labels
