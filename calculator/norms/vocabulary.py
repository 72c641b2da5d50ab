"""The vocabulary of norma.toml: the closed lists of values a key may take (the rules a percentage follows,
the counts of a reading, the validity cases, the warning kinds…), the types a value may have, each with its
check, and :class:`Key`, one key's description (calculator/norms/schema.py lists them all)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

#: How a reading counts the reserved nominations among the first n (calculator/rules/calls.py): "proportional"
#: rounds P/100 · n by the norm's own rounding ([percent] rounding_parameter), "whole_blocks" counts only
#: whole blocks.
COUNTS = ("proportional", "whole_blocks")
#: How the percentage is found (calculator/rules/percent.py).
PERCENT_RULES = ("minimum", "fixed", "tiered", "given")
#: Extension models.
EXTENSION_MODELS = ("continuous",)
#: What a parameter's value is ([[parameters]] unit): how it is read, shown and named by {placeholder}.
UNITS = ("percentual", "vagas", "anos", "data", "arredondamento", "lista", "sim_nao", "texto")
#: Validity cases (calculator/rules/validity.py picks one by the edital's date).
VALIDITY_CASES = ("before_law", "before", "in_force", "term", "gap", "extension", "after",
                  "after_alternative")
#: The four warning kinds.
WARNING_KINDS = ("conflito", "interpretacao", "premissa", "aviso")
#: Date tokens a parameter's start/end may use instead of repeating a date of [validity].
DATE_TOKENS = ("start", "term_end", "extension_start", "extension_end")
#: Simulator options a norm may declare as its own (calculator/simulator/options.py refuses them for the
#: others; their values, default and messages are in the same table, read by calculator/simulator/policy.py).
SIMULATION_OPTIONS = ("substituicao", "equidade_genero", "preenchimento", "vagas_femininas", "precedencia",
                      "precedencia_feminina")
#: Kinds of decision a simulation cites (the keys of [simulation.basis]).
BASIS_KINDS = ("ranking", "concurrent", "ampla_excludes", "ampla_excludes_other", "reserve",
               "reserve_only_optants", "call_order",
               "pcd", "precedence", "precedence_alt", "female", "replace_reserve", "replace_list",
               "revert_reserve", "revert_other", "eliminated", "fraud", "cappc", "absent", "not_confirmed",
               "hetero", "gender", "gender_revert", "lists")
#: The specific lists of a simulation; their default precedence: the norm's own reserve first.
DEFAULT_ORDER = ("reserva", "pcd", "feminina")
#: What a heteroidentification result does to the candidate.
EFFECTS = ("excluded", "ampla")

#: The types a key may hold, as the guide and the messages name them.
TEXT = "texto"
DATE = "data (AAAA-MM-DD)"
WHEN = "data (AAAA-MM-DD) ou " + ", ".join(DATE_TOKENS)
INTEGER = "inteiro"
BOOL = "true ou false"
APPLIES = 'true, false ou "unknown"'
NUMBER = 'número exato, como texto ("20", "51/2")'
VALUE = "texto, inteiro, true/false ou lista de textos"
IDS = "lista de ids"
KEYS = "lista de chaves de [warnings]"
TEXTS = "lista de textos"
LISTS = "lista de listas (" + ", ".join(DEFAULT_ORDER) + ")"
KINDS = "lista de tipos de decisão"
PAIRS = 'lista de pares [valor, rótulo]'
TABLE = "tabela"
TABLES = "lista de tabelas"


def _is_text(v: object) -> bool:
    return isinstance(v, str)


def _is_date(v: object) -> bool:
    try:
        date.fromisoformat(v)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return isinstance(v, str) and len(v) == 10


def _is_number(v: object) -> bool:
    try:
        Fraction(v)  # type: ignore[arg-type]
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return isinstance(v, str)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _texts(v: object) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


#: Each type name → whether a value has that type.
TYPE_CHECKS = {
    TEXT: _is_text, DATE: _is_date, WHEN: lambda v: v in DATE_TOKENS or _is_date(v), INTEGER: _is_int,
    BOOL: lambda v: isinstance(v, bool), APPLIES: lambda v: v is True or v is False or v == "unknown",
    NUMBER: _is_number,
    VALUE: lambda v: isinstance(v, str | bool) or _is_int(v) or _texts(v),
    IDS: _texts, KEYS: _texts, TEXTS: _texts, LISTS: _texts, KINDS: _texts,
    PAIRS: lambda v: isinstance(v, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in v),
    TABLE: lambda v: isinstance(v, dict),
    TABLES: lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
}


@dataclass(frozen=True)
class Key:
    path: str
    type: str
    required: bool
    meaning: str  # pt-BR, for the guide
    example: str = ""
    default: str = ""  # pt-BR: what holds when the key is left out ("" when required or nothing)
    choices: tuple[str, ...] = ()  # the values it may take (for "*": the names it may take)

    @property
    def parent(self) -> str:
        return parent_pattern(self.path)

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2].removesuffix("[]")



def parent_pattern(path: str) -> str:
    head, _, _last = path.rpartition(".")
    return head
