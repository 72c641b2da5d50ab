"""The command line, ``python -m calculator`` (``cotas``): ``main`` (the parser, errors in pt-BR),
``commands`` (each subcommand's arguments, run and text), ``help`` (help texts written from the registries),
``render`` (the text of `reserva`, `ordem`, `parametros`), ``edital_text`` and ``simulation_text`` (the
tools' text), ``terminal`` (writing safely to any terminal), ``jsonstream`` (``--json`` in pieces) and
``pdf_reader`` (an edital's PDF, with the optional pdfminer.six)."""

__all__ = ["commands", "edital_text", "help", "jsonstream", "main", "pdf_reader", "render", "simulation_text",
           "terminal"]
