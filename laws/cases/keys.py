"""casos.toml's keys, each described once (the reader, laws check and the guide's table read them), and
:class:`Case`, one case as the file states it."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

FILENAME = "casos.toml"
#: Bounds on what a folder may ask of the check: the file's size, the number of cases, a text's length, a
#: list's length and the vacancies of a question (a case is read by a person: none needs more).
MAX_BYTES = 256 * 1024
MAX_CASES = 200
MAX_TEXT = 400
MAX_ITEMS = 100
MAX_VACANCIES = 100_000
#: Seconds for the calculator to answer all of a folder's cases.
TIMEOUT = 120

COMMANDS = ("reserva", "ordem")
#: A norm of the corpus (a folder in laws/) is published with at least this many cases, covering every
#: command: laws check refuses it otherwise (a draft folder elsewhere may have fewer, or none).
CORPUS_MINIMUM = 15
#: ``aplica`` = "indeterminado": the answer's ``applies`` is null (the corpus does not settle it, or the
#: edital's date was not given).
UNKNOWN = "indeterminado"

# The types as the guide and the messages name them.
TEXT = "texto"
INTEGER = "número inteiro"
DATE = "data (AAAA-MM-DD)"
BOOLEAN = "true ou false"
TABLE = "tabela"
INTEGERS = "lista de números inteiros"
IDS = "lista de ids de dispositivo"
TEXTS = "lista de textos"
PERCENT = 'texto ("25,5") ou número inteiro'
APPLIES = f'true, false ou "{UNKNOWN}"'


@dataclass(frozen=True)
class Key:
    """One key of casos.toml: its type, whether it is required, what it means and an example; ``field`` is
    the calculator's request field it becomes; ``only`` the command it belongs to."""
    name: str
    type: str
    required: bool
    description: str
    example: str = ""
    field: str | None = None
    only: str | None = None


#: The keys of one case, [[casos]].
CASE_KEYS = (
    Key("nome", TEXT, True, "um nome curto, único no arquivo", '"13 vagas: 2,6 arredonda para 3"'),
    Key("razao", TEXT, True, "por quê, em uma linha, citando ou nomeando o dispositivo",
        '"art. 2º, § 3º: decimal igual ou maior que 0,5 sobe (20% de 13 = 2,6)"'),
    Key("entrada", TABLE, True, "a pergunta feita à calculadora (tabela abaixo)",
        '{ comando = "reserva", vagas = 13 }'),
    Key("esperado", TABLE, True, "o que a resposta deve dizer (tabela abaixo; ao menos uma chave)",
        "{ reservadas = 3 }"),
    Key("interpretacao", BOOLEAN, False, "true quando o texto não fixa a resposta e o caso confere a leitura "
        "que a calculadora adota (e rotula como interpretação)", "true"),
)
#: The keys of ``entrada``: the calculator's question.
INPUT_KEYS = (
    Key("comando", TEXT, True, f"{' ou '.join(COMMANDS)} (quantas vagas; quais nomeações)", '"reserva"',
        "command"),
    Key("vagas", INTEGER, True, f"as vagas oferecidas (de 1 a {MAX_VACANCIES:_})".replace("_", "."), "13",
        "vagas"),
    Key("percentual", PERCENT, False, "o percentual do edital, quando a norma deixa informá-lo", '"25,5"',
        "percentual"),
    Key("data_edital", DATE, False, "a data de publicação do edital (sem aspas)", "2020-01-01",
        "data_edital"),
    Key("data_nomeacao", DATE, False, "a data da nomeação (vínculos datados pela nomeação)", "2020-01-01",
        "data_nomeacao"),
    Key("vinculo", TEXT, False, "o vínculo (os de [scopes.names] em norma.toml)", '"emprego"', "vinculo"),
    Key("leitura", TEXT, False, "a leitura da ordem de nomeação (as de [readings] em norma.toml)", '"quinta"',
        "leitura", "ordem"),
    Key("nomeacoes", INTEGER, False, "nomeações além das vagas (cadastro de reserva)", "20", "nomeacoes",
        "ordem"),
)
#: The keys of ``esperado``: what the answer must say.
EXPECT_KEYS = (
    Key("reservadas", INTEGER, False, "o número de vagas reservadas", "3"),
    Key("posicoes", INTEGERS, False, "as nomeações que vão para a lista reservada, em ordem", "[3, 8, 13]",
        only="ordem"),
    Key("aplica", APPLIES, False, f'se a reserva se aplica ("{UNKNOWN}": a resposta diz que não é possível '
        "determinar, ou a data do edital não foi informada)", "false"),
    Key("exige_reserva", BOOLEAN, False, "se a norma exige reserva para estas vagas (false: abaixo do seu "
        "mínimo de vagas, ou a norma não se aplica; \"aplica\" continua a dizer só se a norma rege o edital)",
        "false"),
    Key("manchete", TEXT, False, "um trecho que a frase principal da resposta deve conter",
        '"abaixo do mínimo de 20%"'),
    Key("base", IDS, False, "dispositivos que a resposta deve citar (ids de texto.txt, sem o nome da norma)",
        '["art2_par3"]'),
    Key("avisos", TEXTS, False, "códigos de aviso que a resposta deve trazer",
        '["ubatuba_ordem_interpretacao"]'),
    Key("recusa", TEXT, False, "a calculadora recusa a entrada com uma mensagem que contém este trecho "
        "(sozinha: uma recusa não tem reserva nem posições)", '"o edital pode reservar mais, não menos"'),
)
_TABLES = {"entrada": {k.name: k for k in INPUT_KEYS}, "esperado": {k.name: k for k in EXPECT_KEYS}}
_CASE = {k.name: k for k in CASE_KEYS}
#: The id forms the parser gives (LexML style), as laws check accepts them in the other files.
ID_FORM = re.compile(r"(art\d+(_cpt|_par1u|_par\d+)?(_inc\d+(_ali\d+)?)?(_nota\d+)?"
                     r"|cabecalho\d+|nota\d+|assinatura\d+|registro\d+|epigrafe|ementa|preambulo|fecho|aviso)")
CODE_FORM = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Case:
    """One case as the file states it, checked: ``inputs`` and ``expected`` keep the file's keys and order."""
    name: str
    reason: str
    line: int | None
    inputs: dict
    expected: dict
    interpretation: bool = False

    def request(self, slug: str) -> dict:
        """The calculator's request (calculator.api): fields as typed by a user."""
        spec = _TABLES["entrada"]
        out: dict = {"norma": slug}
        for key, value in self.inputs.items():
            out[spec[key].field] = value.isoformat() if isinstance(value, datetime.date) else \
                value if key == "comando" else str(value)
        return out
