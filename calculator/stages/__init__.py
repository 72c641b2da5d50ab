"""The stages every answer is computed by, in this order, each a module named after it.

0. inputs: the question's inputs checked (vacancies, percentage, dates, options, nominations).
1. applicability: does the norm govern this question (norm, vínculo, date)?  Later stages run only when it
   does not say "no".
2. reserve: how many seats, with the readings the count rests on.
3. order: which nominations go to the reserved list.
4. nominations (beyond the vacancies, calculator/stages/nominations.py; who is nominated,
   calculator/simulator/) or compliance (whether an edital announces what the norm requires,
   calculator/stages/compliance.py).
5. headline: one composer writes every tool's sentence from the stages (reserva, ordem, simular, edital
   and parametros, whose answer is stages/parameters.py).

Each stage's default rule is calculator/rules/default.py over the norm's registry; a norm's own rule is a
declared exception in its rules class (calculator/README.md, "As etapas de uma resposta").  Nothing is
imported here: each stage is imported where it is used (the page's first answer loads only what it needs).
"""

__all__ = ["applicability", "compliance", "headline", "inputs", "nominations", "order", "parameters",
           "reserve"]
