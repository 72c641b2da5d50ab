"""The parser of a norm's verbatim text (provision tree with LexML ids) lives in
calculator/norms/provisions.py: standard library only, so the report of an edital quotes the provisions
with it in the browser's Pyodide as on the command line. The corpus tools import it from here."""

from calculator.norms.provisions import (
    KINDS,
    Closing,
    ParseError,
    Provision,
    closing_of,
    label_for,
    parse,
    roman_to_int,
)

__all__ = ["KINDS", "Closing", "ParseError", "Provision", "closing_of", "label_for", "parse", "roman_to_int"]
