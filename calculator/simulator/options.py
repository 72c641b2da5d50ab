"""The simulation's options, checked: the counts of PcD and female seats, and the readings a norm offers.

Which options exist, their values, their default and their messages are the registries' (each norm's
``[simulation.options.<name>]``): a value other than the default is accepted only by a norm that declares
the option, and refused in the words of the norm that has it.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculator.csv.text import normalise
from calculator.errors import InputError, quoted
from calculator.simulator.policy import Policy, every
from calculator.stages.inputs import BLANKS

#: Options with one of a few values: (option, the answer's key in "options").
CHOICES = (("precedencia", "precedence"), ("substituicao", "replacement"),
           ("precedencia_feminina", "female_precedence"), ("preenchimento", "fill"))


@dataclass(frozen=True)
class Options:
    """The options of one simulation, checked (``choices``: option → value, every one of CHOICES)."""

    pcd_seats: int
    female_seats: int
    gender_equity: bool
    choices: dict[str, str]

    @property
    def precedence(self) -> str:
        return self.choices["precedencia"]

    @property
    def replacement(self) -> str:
        return self.choices["substituicao"]

    @property
    def female_precedence(self) -> str:
        return self.choices["precedencia_feminina"]

    @property
    def fill(self) -> str:
        return self.choices["preenchimento"]

    def to_dict(self) -> dict:
        return {"precedence": self.precedence, "replacement": self.replacement, "fill": self.fill,
                "gender_equity": self.gender_equity, "female_precedence": self.female_precedence}


def declaration(option: str) -> tuple[object, dict]:
    """(the registry Norm, its [simulation.options.<option>]) of the first norm declaring ``option``: the
    registries are read, no norm's rules are built."""
    for norm, pol in every():
        declared = pol.options.get(option)
        if declared is not None:
            return norm, declared
    return None, {}


def own_option(pol: Policy, option: str) -> None:
    """Refuse a non-default value of ``option`` unless the norm declares the option its own; the message is
    the one of the norm that has it."""
    if option in pol.options:
        return
    _owner, declared = declaration(option)
    raise InputError(declared.get("refusal", f"opção não aceita por esta norma: {option}"), option)


def choice(pol: Policy, option: str, value: object) -> str:
    """The value of a choice option (its default when empty), checked against the values declared."""
    _owner, declared = declaration(option)
    default = declared.get("default", "")
    if value is None or value == "":
        value = default
    if declared.get("dashes"):
        value = str(value).replace("-", "_")
    if not isinstance(value, str) or value not in declared.get("values", {default: {}}):
        unknown = declared.get("unknown", "valor desconhecido para " + option + ": {value}")
        raise InputError(unknown.format(value=quoted(value)), option)
    if value != default:
        own_option(pol, option)
    return value


def parse_count(value, field: str, label: str) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, bool):
        raise InputError(f"{label} deve ser um número inteiro (ex.: 2)", field)
    if isinstance(value, int):
        n = value
    elif isinstance(value, str) and value.strip(BLANKS).isdigit() and value.strip(BLANKS).isascii()\
            and len(value.strip(BLANKS)) < 10:
        n = int(value.strip(BLANKS))
    elif isinstance(value, str) and value.strip(BLANKS).startswith("-")\
            and value.strip(BLANKS)[1:].isdigit() and value.strip(BLANKS)[1:].isascii():
        if not value.strip(BLANKS)[1:].strip("0"):
            return 0
        raise InputError(f"{label} não pode ser negativo: {quoted(value.strip(BLANKS), 20)}", field)
    else:
        raise InputError(f"{label} deve ser um número inteiro (ex.: 2), não {quoted(value, 20)}", field)
    if n < 0:
        raise InputError(f"{label} não pode ser negativo: {n}", field)
    return n


def flag(value, field: str) -> bool:
    """A yes/no request field ("sim"/"não", true/false, 1/0)."""
    if value is None or value is False or value == "":
        return False
    if value is True:
        return True
    if isinstance(value, str) and normalise(value) in ("sim", "s", "true", "1"):
        return True
    if isinstance(value, str) and normalise(value) in ("nao", "n", "false", "0"):
        return False
    raise InputError(f"{field}: use sim ou não", field)


def parse(pol: Policy, pcd_seats, female_seats, gender_equity, values: dict) -> Options:
    """Check every option in a fixed order (the first bad one is the one reported)."""
    k_pcd = parse_count(pcd_seats, "vagas_pcd", "o número de vagas para pessoas com deficiência")
    k_fem = parse_count(female_seats, "vagas_femininas", "o número de vagas femininas")
    if k_fem:
        own_option(pol, "vagas_femininas")
    choices = {option: choice(pol, option, values.get(option)) for option, _key in CHOICES}
    if gender_equity:
        own_option(pol, "equidade_genero")
    return Options(k_pcd, k_fem, bool(gender_equity), choices)
