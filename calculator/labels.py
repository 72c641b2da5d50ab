"""Citation labels derived from provision ids: the one label grammar (the text parser's label_for,
calculator/norms/provisions.py, uses it too; the calculator runs alone, in Pyodide, so the grammar lives
here).

"art2_par3" → "art. 2º, § 3º"; "art1_par1u_inc1" → "art. 1º, parágrafo único, inciso I";
"art1_cpt" → "art. 1º, caput" (caput named only when it is the cited provision itself).
The norms' own citations come from their registries (calculator/norms/, standard library only).
"""

from __future__ import annotations

import re

from calculator import norms

_SINGLE = {"epigrafe": "epígrafe", "ementa": "ementa", "preambulo": "preâmbulo", "fecho": "fecho",
           "aviso": "aviso"}
_NUMBERED = {"cabecalho": "cabeçalho, linha {}", "nota": "nota {}", "assinatura": "assinatura {}",
             "registro": "registro e publicação, linha {}"}
_PART = re.compile(r"([a-z]+?)(1u|\d*)$")

class _Citations:
    """slug → "Lei nº 3.765/2014 (Ubatuba)": the registry's citation and the place's city, read when a
    norm is first named (importing this module reads no registry)."""

    def get(self, slug: object, default: object = None) -> object:
        if not norms.available(slug):
            return default
        registry = norms.registry_of(slug)
        return f"{registry.citation} ({registry.place.split('/')[0]})"

    def __getitem__(self, slug: str) -> str:
        value = self.get(slug)
        if value is None:
            raise KeyError(slug)
        return value

    def __contains__(self, slug: object) -> bool:
        return norms.available(slug)


NORM_CITATION = _Citations()


def _ordinal(n: int) -> str:
    return f"{n}º" if n < 10 else str(n)


def int_to_roman(n: int) -> str:
    out = ""
    for value, sym in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                       (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        count, n = divmod(n, value)
        out += sym * count
    return out


def label(pid: str, strict: bool = False) -> str:
    """Label of a provision id (without the norm); an id outside the grammar is returned as it is, or with
    ``strict`` refused (ValueError)."""
    if pid in _SINGLE:
        return _SINGLE[pid]
    parts = pid.split("_")
    out: list[str] = []
    for i, part in enumerate(parts):
        m = _PART.fullmatch(part)
        if not m:
            return _outside(pid, strict)
        kind, num_s = m.groups()
        num = int(num_s) if num_s.isdigit() else 0
        following = parts[i + 1] if i + 1 < len(parts) else None
        if kind == "art":
            out.append(f"art. {_ordinal(num)}")
        elif kind == "cpt":
            if following is None or following.startswith("nota"):
                out.append("caput")
        elif kind == "par" and num_s == "1u":
            out.append("parágrafo único")
        elif kind == "par":
            out.append(f"§ {_ordinal(num)}")
        elif kind == "inc":
            out.append(f"inciso {int_to_roman(num)}")
        elif kind == "ali":
            out.append(f"alínea {chr(ord('a') + num - 1)}")
        elif kind == "nota" and i > 0:
            out.append("nota")
        elif kind in _NUMBERED:
            out.append(_NUMBERED[kind].format(num))
        else:
            return _outside(pid, strict)
    return ", ".join(out)


def _outside(pid: str, strict: bool) -> str:
    if strict:
        raise ValueError(f"id inválido: {pid!r}")
    return pid


def cite(ref: str) -> str:
    """"ubatuba:art2_par3" → "Lei nº 3.765/2014 (Ubatuba), art. 2º, § 3º"."""
    norm, _, pid = ref.partition(":")
    return f"{NORM_CITATION.get(norm, norm)}, {label(pid)}"


_NOTE = re.compile(r"(?P<parent>.+?)_nota\d*$")


def display_label(pid: str) -> str:
    """Label shown to users.  A note printed inside a provision (Quissamã's "(Prazo prorrogado…)") was
    written by whoever compiled the source, not by the legislator: it is cited as such, never as a
    provision ("nota de compilação da fonte ao art. 5º, caput")."""
    m = _NOTE.fullmatch(pid)
    if m:
        return f"nota de compilação da fonte ao {label(m.group('parent'))}"
    return label(pid)


def short_labels(refs: list[str]) -> str:
    """Labels of refs joined for display: "art. 2º, § 3º; art. 1º, caput" (norm omitted)."""
    return "; ".join(display_label(r.partition(":")[2]) for r in refs)
