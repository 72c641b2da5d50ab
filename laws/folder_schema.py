"""The keys of a norm folder's files, described once.

meta.toml and anotacoes.toml: every key, its type, whether it is required, what it means and an example.
``laws check`` takes from here which keys exist (a misspelt key is refused, not silently ignored), which are
required and what type each holds; the guide's tables of those keys (docs/incluir-norma.md, through
docs/gerado/_chaves_meta.md and _chaves_anotacoes.md) are written from here. The facts meta.toml takes from
norma.toml (laws.registry_facts.RESTATED) are not keys of meta.toml.

norma.toml is described in calculator/norms/schema.py: the calculator loads it in the browser too, so its
description lives with the loader, and laws check takes it from there.
"""

from __future__ import annotations

# One description of a key for every file of a norm folder (calculator/norms/schema.py, norma.toml's), and
# the types as the guide and the messages name them. A key of each [[signatories]] is "signatories.name".
from calculator.norms.vocabulary import DATE, IDS, INTEGER, TABLE, TABLES, TEXT, TEXTS, Key

#: meta.toml's own type: a provision id of texto.txt.
ID = "id de dispositivo"


KEYS = (
    Key("kind", TEXT, True, "a espécie da norma", '"lei", "lei.complementar", "decreto"'),
    Key("number", TEXT, True, "o número, como impresso", '"3.765"'),
    Key("date", DATE, True, "a data da norma (a da assinatura)", '"2014-06-16"'),
    Key("epigrafe", TEXT, True, "cópia literal da linha da epígrafe",
        '"LEI Nº 3765, DE 16 DE JUNHO DE 2014"'),
    Key("ementa", TEXT, True, "cópia literal da ementa", '"Dispõe sobre reserva de vagas …"'),
    Key("disclaimer", TEXT, False, "cópia literal do aviso da fonte, a última linha do texto, quando há",
        '"Este texto não substitui o original …"'),
    Key("signatories", TABLES, False,
        "as assinaturas, uma [[signatories]] por assinatura, na ordem do texto"),
    Key("signatories.name", TEXT, False, "a linha do nome, como no texto (name ou office, ou os dois)",
        '"MAURICIO HUMBERTO FORNARI MOROMIZATO"'),
    Key("signatories.office", TEXT, False, "a linha do cargo, como no texto", '"Prefeito Municipal"'),
    Key("signatories.provision", ID, True, "o id da assinatura no texto", '"assinatura1"'),
    Key("legislative_process", TABLE, False, "a tramitação, quando o texto a traz"),
    Key("legislative_process.autografo", TEXT, False, "o número do autógrafo", '"22/14"'),
    Key("legislative_process.projeto_de_lei", TEXT, False, "o número do projeto de lei", '"26/14"'),
    Key("legislative_process.mensagem", TEXT, False, "o número da mensagem", '"19/14"'),
    Key("legislative_process.provision", ID, True, "de onde vem", '"nota1"'),
    Key("registration", TABLE, False, "o registro ao pé da norma, quando há"),
    Key("registration.text", TEXT, True, "cópia literal da linha do registro"),
    Key("registration.date", DATE, True, "a data do registro", '"2014-06-16"'),
    Key("registration.provision", ID, True, "de onde vem", '"registro1"'),
    Key("publication", TABLE, False, "a publicação oficial, quando o texto a traz (diário, edição, seção)"),
    Key("publication.source", TEXT, True, "o veículo", '"Imprensa Oficial - Lins"'),
    Key("publication.date", DATE, True, "a data de publicação", '"2024-02-08"'),
    Key("publication.entity", TEXT, False, "quem publica"),
    Key("publication.volume", TEXT, False, "o volume ou ano"),
    Key("publication.edition", INTEGER, False, "o número da edição"),
    Key("publication.section", TEXT, False, "a seção"),
    Key("publication.subsection", TEXT, False, "a subseção"),
    Key("publication.provision", ID, True, "de onde vem", '"cabecalho2"'),
    Key("entry_into_force", TABLE, True, "a entrada em vigor (a data fica em norma.toml, validity.start)"),
    Key("entry_into_force.rule", TEXT, True, "o que o texto diz", '"na data de sua publicação"'),
    Key("entry_into_force.provision", ID, True, "o dispositivo", '"art15"'),
    Key("term", TABLE, False, "o prazo de vigência, quando o texto o fixa (os anos ficam em norma.toml)"),
    Key("term.rule", TEXT, True, "o que o texto diz", '"vigorará por dez anos"'),
    Key("term.provision", ID, True, "o dispositivo", '"art13"'),
    Key("term.extension", TABLE, False, "uma prorrogação do prazo (os anos e a data ficam em norma.toml)"),
    Key("term.extension.rule", TEXT, True, "o que a fonte diz da prorrogação"),
    Key("term.extension.by", TEXT, False, "a norma que prorrogou", '"Lei nº 2.189/2022"'),
    Key("term.extension.provision", ID, True, "de onde vem", '"art5_cpt_nota1"'),
    Key("transition", TABLE, False, "a regra de transição, quando há (o dispositivo fica em norma.toml)"),
    Key("transition.rule", TEXT, True, "o que o texto diz",
        '"não se aplica aos concursos cujos editais já tiverem sido publicados"'),
    Key("cites", TABLES, False, "as normas que o texto cita, uma [[cites]] por norma: dá a esfera quando o "
        "texto não a diz"),
    Key("cites.kind", TEXT, True, "a espécie", '"lei"'),
    Key("cites.number", TEXT, True, "o número", '"8.213"'),
    Key("cites.year", INTEGER, True, "o ano", "1991"),
    Key("cites.date", DATE, False, "a data, quando conhecida", '"1991-07-24"'),
    Key("cites.scope", TEXT, True, "a esfera: federal, estadual ou municipal", '"federal"'),
    Key("cites.urn", TEXT, False, "a URN LexML, quando conhecida"),
    Key("cites.label", TEXT, True, "o nome mostrado", '"Lei Federal nº 8.213/1991"'),
    Key("cites.url", TEXT, False, "o texto oficial (só um link: nada é carregado dele)"),
    Key("cites.provisions", IDS, False, "os dispositivos citados da outra norma", '["art93"]'),
    Key("cites.cited_in", IDS, True, "onde o texto a cita", '["art7_cpt"]'),
    Key("text_file", TABLE, True, "o texto fixado"),
    Key("text_file.path", TEXT, True, "o arquivo do texto", '"texto.txt"'),
    Key("text_file.sha256", TEXT, True, "a soma SHA-256 do texto (laws check diz qual escrever)"),
    Key("text_file.source", TEXT, True, "de onde veio o texto"),
    Key("text_file.seed", TEXT, False, "o nome do arquivo recebido (normas do corpus)"),
)

BY_PATH = {k.path: k for k in KEYS}

#: The keys of one annotation, [<provision id>] in anotacoes.toml.
ANNOTATION_KEYS = (
    Key("texto", TEXT, True, "a anotação, em Markdown sem HTML (entre três aspas, em várias linhas)",
        '"""**Reserva mínima de 25%** …"""'),
    Key("regra", TEXT, False, "a função da calculadora que aplica o dispositivo, mostrada ao lado dele",
        '"calculator.rules.default.DefaultRules.concurso_reserved_seats"'),
    Key("nao_implementado", TEXT, False, "por que a calculadora não aplica o dispositivo (o que falta)"),
)


def header(path: str) -> str:
    """A meta.toml table as TOML writes it: "[[signatories]]" for an array of tables, "[term]" otherwise."""
    return f"[[{path}]]" if path in BY_PATH and BY_PATH[path].type == TABLES else f"[{path}]"


def children(parent: str) -> list[Key]:
    """The keys of the table ``parent`` ("" for the top level)."""
    return [k for k in KEYS if k.parent == parent]


def type_problem(key: Key, value: object) -> str | None:
    """What is wrong with value as key's type (pt-BR), or None."""
    from laws.check.folder import iso_date

    ok = {
        TEXT: isinstance(value, str) and bool(value),
        ID: isinstance(value, str) and bool(value),
        DATE: isinstance(value, str) and iso_date(value) is not None,
        INTEGER: isinstance(value, int) and not isinstance(value, bool),
        TEXTS: isinstance(value, list) and all(isinstance(x, str) for x in value),
        IDS: isinstance(value, list) and all(isinstance(x, str) for x in value),
        TABLE: isinstance(value, dict),
        TABLES: isinstance(value, list) and all(isinstance(x, dict) for x in value),
    }[key.type]
    return None if ok else f"deve ser {key.type}"
