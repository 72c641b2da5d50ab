"""The command line, ``python -m calculator`` (``cotas``): ``main`` (the parser, errors in pt-BR),
``commands`` (each subcommand's arguments, run and text), ``help`` (help texts written from the registries),
``render`` (the text of `reserva`, `ordem`, `parametros`), ``edital_text`` and ``simulation_text`` (the
tools' text), ``terminal`` (writing safely to any terminal) and ``jsonstream`` (``--json`` in pieces)."""

__all__ = ["commands", "edital_text", "help", "jsonstream", "main", "render", "simulation_text", "terminal"]
