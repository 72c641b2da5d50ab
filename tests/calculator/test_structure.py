"""The calculator package's shape: no import cycle (lazy imports included), small simulator modules, and no
norm named in the simulator's generic code (what differs is the registry's or a norm module's hook)."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from calculator import NORMS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "calculator"
SIMULATOR = sorted((PACKAGE / "simulator").glob("*.py"))


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT).with_suffix("")
        out[".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)] = path
    return out


def _imported(tree: ast.AST) -> list[str]:
    """Every module name imported anywhere in the file: import statements at any depth, __import__("x")
    and importlib.import_module("x")."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)\
                and isinstance(node.args[0].value, str) and (
                    isinstance(node.func, ast.Name) and node.func.id == "__import__"
                    or isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"):
            names.append(node.args[0].value)
    return names


def import_graph() -> dict[str, set[str]]:
    """module → the calculator modules it imports (a module's own ancestor packages left out: importing a
    submodule always runs its package first, which is not a cycle)."""
    mods = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for name, path in mods.items():
        targets = {resolve(t) for t in _imported(ast.parse(path.read_text(encoding="utf-8")))}
        graph[name] = {t for t in targets if t and t != name and not name.startswith(t + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_calculator_has_no_import_cycle():
    graph = import_graph()
    assert "calculator.simulator.run" in graph and "calculator.api" in graph
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse('def f():\n    return __import__("calculator.simulator").x\n')
    assert _imported(tree) == ["calculator.simulator"]


@pytest.mark.parametrize("path", SIMULATOR, ids=lambda p: p.name)
def test_simulator_modules_are_small(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


def _code_strings(tree: ast.AST) -> list[str]:
    """String constants and names of the code, docstrings left out (they may give examples)."""
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
    return out


@pytest.mark.parametrize("path", SIMULATOR, ids=lambda p: p.name)
def test_simulator_code_names_no_norm(path):
    words = [w.lower() for w in _code_strings(ast.parse(path.read_text(encoding="utf-8")))]
    for module in NORMS.values():
        for name in (module.slug, module.registry.place.split("/")[0].lower(), module.citation.lower()):
            assert not [w for w in words if name in w], (path.name, name)


# --- the stages and the norms' declared exceptions (calculator/README.md, "As etapas de uma resposta") ---
STAGES = ("inputs", "applicability", "reserve", "order", "nominations", "compliance", "headline",
          "parameters")
RULE_MODULES = sorted({m.registry.rules_module for m in NORMS.values() if m.registry.rules_module})


def test_each_stage_is_a_module_named_after_it_and_the_public_answers_come_from_them():
    import calculator
    from calculator.stages import order, reserve

    assert sorted(p.stem for p in (PACKAGE / "stages").glob("*.py") if p.stem != "__init__") == sorted(STAGES)
    assert calculator.reserve is reserve.reserve and calculator.order is order.order


def test_the_old_near_synonym_modules_are_gone_and_no_basename_is_used_twice():
    """The packages say what they hold: no rules.py, engine.py, standard.py, common.py or core.py module, and
    no two modules of the calculator or of sitebuild/ with the same name (two headline.py, two options.py…),
    a package's __init__ aside."""
    for gone in ("rules.py", "engine.py", "standard.py", "common.py", "core.py", "registry.py", "params.py",
                 "fields.py", "public.py", "options.py", "text.py", "jsonout.py", "registry_checks.py"):
        assert not (PACKAGE / gone).exists(), gone
    names: dict[str, list[str]] = {}
    for root in (PACKAGE, ROOT / "sitebuild"):
        for path in root.rglob("*.py"):
            if path.name != "__init__.py" and "__pycache__" not in path.parts:
                names.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {n: p for n, p in names.items() if len(p) > 1} == {}


def test_the_shared_arithmetic_has_one_home():
    """Rounding, counts and position searches are defined in calculator/arithmetic.py only, and imported from
    there (not through another module); the roundings a registry may name are one table."""
    from calculator import arithmetic
    from calculator.norms import load

    defined = {n.name for n in ast.parse((PACKAGE / "arithmetic.py").read_text(encoding="utf-8")).body
               if isinstance(n, ast.FunctionDef)}
    assert {"round_half_up", "proportional_count", "whole_blocks_count", "positions_from_count",
            "place_unplaced"} <= defined
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if name != "calculator.arithmetic":
            assert not {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)} & defined, name
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module != "calculator.arithmetic":
                assert not {a.name for a in node.names} & defined, (name, node.module)
    assert arithmetic.round_half_up(Fraction(5, 2)) == 3
    assert load.ROUNDINGS is arithmetic.ROUNDINGS


def _overrides(cls) -> set[str]:
    return {name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}


@pytest.mark.parametrize("rules_module", RULE_MODULES)
def test_a_norms_module_declares_exceptions_only(rules_module):
    """A norm's module holds one class, <Norm>Rules(DefaultRules), and whatever it defines overrides an
    exception point of the default (or is a private helper): no pass-through function, no constant
    re-exported from the registry, and no whole stage re-implemented (the stages' own methods are never
    overridden: a norm declares one definition at a time)."""
    import importlib

    from calculator.rules import DefaultRules

    module = importlib.import_module(rules_module)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    assert [n.name for n in tree.body if isinstance(n, ast.FunctionDef)] == []
    slug = rules_module.rsplit(".", 1)[1]
    assert [n.name for n in tree.body if isinstance(n, ast.ClassDef)] == [f"{slug.capitalize()}Rules"]
    rules = getattr(module, f"{slug.capitalize()}Rules")
    assert issubclass(rules, DefaultRules)
    own = _overrides(rules)
    assert own, rules_module
    stages = {"reserved_seats", "concurso_reserved_seats", "message", "percent_step", "vacancies_gate",
              "norm_warnings", "unplaced_warning"}
    for name in own:
        assert hasattr(DefaultRules, name), (rules_module, name)
        assert name not in stages, (rules_module, name)
    if rules.NOMINATION_DATED:
        assert "nomination_applicability" in own


def test_no_stage_looks_for_an_exception_by_name():
    """The exceptions are methods and attributes with a default (calculator/rules/default.py), never found
    with getattr: a misspelt override would otherwise be silently ignored."""
    from calculator.rules import DefaultRules

    exceptions = {name for name in vars(DefaultRules) if not name.startswith("_")}
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                assert node.args[1].value not in exceptions, (name, node.args[1].value)


def test_no_message_is_patched_by_string_replacement():
    """A norm words its messages when it makes them: no ``.replace`` on a message in calculator/rules/."""
    for path in (PACKAGE / "rules").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert '["message"].replace(' not in source and "message.replace(" not in source, path.name


def test_asking_for_one_norm_imports_no_other_norms_rules():
    """The norms' modules are imported when a question names the norm, not when the package loads."""
    import subprocess
    import sys

    code = ("import sys, calculator; before = sorted(m for m in sys.modules if m in " + repr(RULE_MODULES)
            + "); calculator.reserve('quissama', 7); after = sorted(m for m in sys.modules if m in "
            + repr(RULE_MODULES) + "); print(before, after)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] ['calculator.rules.quissama']"


# --- sizes and boundaries -------------------------------------------------------------------------------
SMALL = [*PACKAGE.rglob("*.py"), *(ROOT / "laws").rglob("*.py"), *(ROOT / "sitebuild").rglob("*.py"),
         ROOT / "build.py"]
SMALL = sorted(p for p in SMALL if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", SMALL, ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_and_functions_are_small(path):
    """No module over 400 lines, no function over 80, in calculator/, laws/, sitebuild/ and build.py."""
    source = path.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400
    long = [(n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.end_lineno - n.lineno + 1 > 80]
    assert long == []


def _public(module_name: str) -> set[str]:
    import importlib

    return set(getattr(importlib.import_module(module_name), "__all__", ()))


def _imports_of(path: Path) -> list[tuple[str, list[str]]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
    return out


OUTSIDE = sorted(p for root in ("sitebuild", "laws", "tools", "bench") for p in (ROOT / root).rglob("*.py")
                 if "__pycache__" not in p.parts) + [ROOT / "build.py"]


def test_other_code_uses_the_calculators_public_names_only():
    """sitebuild/, laws/, tools/, bench/ and build.py reach the calculator through what each package's
    __init__ offers (``__all__``, its public submodules included) or a top-level module of the package, and
    never a private name."""
    mods = _modules()
    wrong = []
    for path in OUTSIDE:
        for module, names in _imports_of(path):
            if not module.startswith("calculator"):
                continue
            if any(n.startswith("_") for n in names):
                wrong.append((path.name, module, names))
            parts = module.split(".")
            if len(parts) <= 2 and (module in mods and not mods[module].name == "__init__.py"
                                    or len(parts) == 1):
                continue  # calculator itself, or a top-level module (api, answer, ptbr, labels…)
            package, _, sub = module.rpartition(".")
            if mods.get(module) and mods[module].name == "__init__.py":
                bad = [n for n in names if n not in _public(module) and f"{module}.{n}" not in mods]
                if bad:
                    wrong.append((path.name, module, bad))
            elif sub not in _public(package):
                wrong.append((path.name, module, "não é submódulo público de " + package))
    assert wrong == []


def test_no_private_name_crosses_modules_inside_the_calculator():
    wrong = []
    for name, path in _modules().items():
        for module, names in _imports_of(path):
            if module.startswith("calculator") and module != name:
                wrong += [(name, module, n) for n in names if n.startswith("_") and n != "__future__"]
    assert wrong == []


def test_the_readme_names_every_module_where_it_draws_the_packages():
    """calculator/README.md's drawing of the packages ("Os pacotes") and its stage and simulator tables name
    every module of the tree, so the drawing cannot fall behind a move."""
    text = (PACKAGE / "README.md").read_text(encoding="utf-8")
    start = text.index("## Os pacotes")
    described = text[start:text.index("### JSON", start)]
    for path in PACKAGE.rglob("*.py"):
        if path.name not in ("__init__.py", "__main__.py") and "__pycache__" not in path.parts:
            assert path.name in described, path.relative_to(ROOT)
