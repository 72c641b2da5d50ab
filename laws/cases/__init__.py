"""casos.toml: a norm folder's readable expected cases, and their run through the calculator.

Like OpenFisca's YAML tests beside each variable, Catala's test scopes and Blawx's fact scenarios kept with
the rule document, each norm folder holds, beside its text, cases written from the text that a lawyer can
read and check: the question (``entrada``: reserva or ordem, the vacancies, the edital's date…), what the
answer must say (``esperado``) and why (``razao``, naming the provision). The format is documented in
laws/README.md and docs/incluir-norma.md; :data:`CASE_KEYS`, :data:`INPUT_KEYS` and :data:`EXPECT_KEYS`
describe every key once.

    cases, problems = read(Path("laws/ubatuba"))          # problems: [(line, message in pt-BR)]
    problems = verify(Path("laws/ubatuba"), cases)        # each case through calculator.api.handle

The folder is untrusted data: the file is bounded in size, read with tomllib only (nothing in it runs),
every key checked (an unknown key or a wrong type is a message naming the line), and every text from it is
quoted in messages with control characters made visible. The calculator is asked through its one stable
entry point (calculator.api.handle) in a process of its own, so that it reads the norm from the folder
being checked, as the folder is now on disk, and never a copy it read earlier.
"""

from __future__ import annotations

from laws.cases.keys import (
    APPLIES,
    BOOLEAN,
    CASE_KEYS,
    CODE_FORM,
    COMMANDS,
    CORPUS_MINIMUM,
    DATE,
    EXPECT_KEYS,
    FILENAME,
    ID_FORM,
    IDS,
    INPUT_KEYS,
    INTEGER,
    INTEGERS,
    MAX_BYTES,
    MAX_CASES,
    MAX_ITEMS,
    MAX_TEXT,
    MAX_VACANCIES,
    PERCENT,
    TABLE,
    TEXT,
    TEXTS,
    TIMEOUT,
    UNKNOWN,
    Case,
    Key,
)
from laws.cases.reader import case_lines, parse, read, shown
from laws.cases.runner import ask_folder, ask_here, compare, verify

__all__ = ["APPLIES", "BOOLEAN", "CASE_KEYS", "CODE_FORM", "COMMANDS", "CORPUS_MINIMUM", "Case", "DATE",
           "EXPECT_KEYS",
           "FILENAME", "IDS", "ID_FORM", "INPUT_KEYS", "INTEGER", "INTEGERS", "Key", "MAX_BYTES",
           "MAX_CASES", "MAX_ITEMS", "MAX_TEXT", "MAX_VACANCIES", "PERCENT", "TABLE", "TEXT", "TEXTS",
           "TIMEOUT", "UNKNOWN", "ask_folder", "ask_here", "case_lines", "compare", "parse", "read",
           "shown", "verify"]
