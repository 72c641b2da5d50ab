"""Lins/SP — Decreto nº 13.760, de 8 de fevereiro de 2024 (read this beside laws/lins/texto.txt).

The decree regulates Lei nº 7.739/2023, which sets the percentage and is NOT in the corpus: the user gives
the percentage.  The decree is silent on rounding and on call order: both are labelled interpretations in
its registry (half-up rounding and cumulative proportionality, as the other two norms and federal practice
do), and its reserve, call order and validity are the default rules (calculator/rules/default.py) over
laws/lins/norma.toml (the notes on its text that hold whatever the input included: ``norm_warnings``).  Its
one exception is what it says of a simulation (the two precedence rules for a PcD candidate on the list of
negros; the gap between the female seats and the reserve).
"""

from __future__ import annotations

from calculator.answer import warning
from calculator.rules.default import DefaultRules


class LinsRules(DefaultRules):
    """Lins's exceptions; the rest is the default over its registry."""

    def simulation_warnings(self, view) -> list[dict]:
        """The two precedence rules for a PcD candidate on the list of negros (art. 6º, § 2º × art. 4º,
        parágrafo único), and the gap for a candidate on the female list and the reserve."""
        out = []
        conflicts = view.conflicts
        names = ", ".join(x.candidate for x in conflicts[:5]) + ("…" if len(conflicts) > 5 else "")
        if any("pcd" in x.lists and "reserva" in x.lists for x in conflicts):
            rule = view.options.precedence
            alt = "art4_par1u" if rule == "art6_par2" else "art6_par2"
            out.append(warning(
                "lins_precedencia_conflito", "conflito",
                view.agree("Candidato classificado", [x.candidate for x in conflicts]).capitalize()
                + " ao mesmo tempo nas listas de pessoas com deficiência e "
                f"de pessoas negras ({names}). O art. 6º, § 2º, manda nomear pela lista de negros; o "
                "art. 4º, parágrafo único, manda nomear pela lista em que estiver melhor "
                "classificado. Regra usada: "
                + ("art. 6º, § 2º" if rule == "art6_par2" else "art. 4º, parágrafo único")
                + "; a outra regra está disponível como opção (\"" + alt.replace("_", "-") + "\").",
                ["lins:art6_par2", "lins:art4_par1u"]))
        both = [x.candidate for x in conflicts if "feminina" in x.lists and "reserva" in x.lists]
        if both:
            racial_first = (" pela reserva racial, liberando a vaga feminina para a seguinte da lista "
                            "feminina")
            female_first = (" pela vaga feminina (art. 6º, § 3º, por analogia), liberando a vaga racial "
                            "para o seguinte da lista de pessoas negras")
            racial = view.options.female_precedence == "reserva"
            # the decree has no rule for this pair, and each reading hands a different seat to the next
            # candidate: a conflict between two analogies, shown with the other reading
            out.append(warning(
                "lins_feminina_reserva_lacuna", "conflito",
                ("Candidata classificada" if len(both) == 1 else "Candidatas classificadas")
                + " ao mesmo tempo nas vagas femininas e na reserva racial ("
                + ", ".join(both[:5]) + ("…" if len(both) > 5 else "") + "): o "
                "decreto só regula PcD × negros (art. 6º, § 2º) e PcD × feminina (art. 6º, § 3º). A "
                "simulação "
                + ("a nomeou" if len(both) == 1 else "as nomeou")
                + (racial_first if racial else female_first)
                + " (interpretação). Outra leitura, disponível como opção (precedência feminina \""
                + ("feminina" if racial else "reserva") + "\"): "
                + ("nomeá-la" if len(both) == 1 else "nomeá-las")
                + (female_first if racial else racial_first) + ".",
                ["lins:art6_par2", "lins:art6_par3"]))
        return out
