"""The calculator package's shape: no import cycle (lazy imports included), small simulator modules, and no
norm named in the simulator's generic code (what differs is the registry's or a norm module's hook)."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from calculator import NORMS

ROOT = Path(__file__).resolve().parent.parent
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
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
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
        for name in (module.SLUG, module.NORM.place.split("/")[0].lower(), module.CITATION.lower()):
            assert not [w for w in words if name in w], (path.name, name)


# --- the stages and the norms' declared exceptions (calculator/README.md, "As etapas de uma resposta") ---
STAGES = ("applicability", "reserve", "order", "nominations", "compliance", "headline")
HOOK_MODULES = sorted({m.NORM.hooks for m in NORMS.values() if m.NORM.hooks})


def test_each_stage_is_a_module_named_after_it_and_the_public_answers_come_from_them():
    import calculator
    from calculator.stages import order, reserve

    assert sorted(p.stem for p in (PACKAGE / "stages").glob("*.py") if p.stem != "__init__") == sorted(STAGES)
    assert calculator.reserve is reserve.reserve and calculator.order is order.order


def test_the_shared_arithmetic_has_one_home():
    """Rounding, counts and position searches are defined in calculator/arithmetic.py only, and imported from
    there (not through another module)."""
    from calculator import arithmetic

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


@pytest.mark.parametrize("hooks", HOOK_MODULES)
def test_a_norms_module_declares_exceptions_only(hooks):
    """A norm's module holds one class, Rules(StandardRules), and whatever it defines overrides a stage's
    default (or is a private helper, or the method an applicability exception names): no pass-through
    function, no constant re-exported from the registry."""
    import importlib

    from calculator.standard import StandardRules

    module = importlib.import_module(hooks)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    assert [n.name for n in tree.body if isinstance(n, ast.FunctionDef)] == []
    assert [n.name for n in tree.body if isinstance(n, ast.ClassDef)] == ["Rules"]
    rules = module.Rules
    assert issubclass(rules, StandardRules)
    named = set(rules.APPLICABILITY_EXCEPTIONS.values())
    own = {name for name, value in vars(rules).items() if callable(value) and not name.startswith("_")}
    assert own, hooks
    for name in own:
        assert hasattr(StandardRules, name) or name in named, (hooks, name)


def test_no_stage_looks_for_an_exception_by_name():
    """The exceptions are methods and attributes with a default (calculator/standard.py), never found with
    getattr: a misspelt override would otherwise be silently ignored."""
    from calculator.standard import StandardRules

    exceptions = {name for name in vars(StandardRules) if not name.startswith("_")}
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                assert node.args[1].value not in exceptions, (name, node.args[1].value)


def test_asking_for_one_norm_imports_no_other_norms_rules():
    """The norms' modules are imported when a question names the norm, not when the package loads."""
    import subprocess
    import sys

    code = ("import sys, calculator; before = sorted(m for m in sys.modules if m in " + repr(HOOK_MODULES)
            + "); calculator.reserve('quissama', 7); after = sorted(m for m in sys.modules if m in "
            + repr(HOOK_MODULES) + "); print(before, after)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] ['calculator.quissama']"
