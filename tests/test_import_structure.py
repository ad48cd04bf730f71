"""The code's structure holds: no import cycles (between files, and between the parts of each
package), the layers contract names every part of the model, the renderer builds no widgets.

Imports are read with ``ast`` from the sources, late ones inside functions included (they run);
imports under ``if TYPE_CHECKING:`` are left out (they name types and never run).
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("model", "editor")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((REPO / pkg).rglob("*.py"))}


def imported_names(path: Path, name: str, known: frozenset[str] | dict = frozenset()) -> set[str]:
    """Every module name an import statement of the file names (type-checking blocks left out);
    ``known``: the project's modules, to tell ``from package import module`` from a name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                skip.update(id(n) for n in ast.walk(sub))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[: len(package) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            # ``from package import module`` imports the module; ``from module import name`` the module
            out.update(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (a name resolves to the longest module it starts with)."""
    mods = modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        deps = set()
        for target in imported_names(path, name, mods):
            while target and target not in mods:
                target = target.rpartition(".")[0]
            if target and target != name:
                deps.add(target)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def package_graphs(graph: dict[str, set[str]]) -> dict[str, dict[str, set[str]]]:
    """For every package: the graph among its direct parts (a sub-package stands for all its modules)."""
    mods = modules()
    packages = [m for m, p in mods.items() if p.name == "__init__.py"]
    out: dict[str, dict[str, set[str]]] = {}
    for pkg in packages:
        def part(m: str, pkg: str = pkg) -> str | None:
            if not m.startswith(pkg + "."):
                return None
            return pkg + "." + m[len(pkg) + 1:].split(".")[0]
        g: dict[str, set[str]] = {}
        for m, deps in graph.items():
            a = part(m)
            if a is None:
                continue
            g.setdefault(a, set())
            for d in deps:
                b = part(d)
                if b is not None and b != a:
                    g[a].add(b)
        out[pkg] = g
    return out


def test_the_cycle_finder_finds_a_late_import_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    late = "def f():\n    from model.grid import Coord\n"
    path = REPO / "tests" / ".import_structure_probe.py"
    path.write_text(late, encoding="utf-8")
    try:
        assert "model.grid" in imported_names(path, "tests.probe")
    finally:
        path.unlink()


def test_no_import_cycle_between_files():
    assert cycles(import_graph()) == []


def test_no_import_cycle_between_the_parts_of_any_package():
    found = {pkg: c for pkg, g in package_graphs(import_graph()).items() if (c := cycles(g))}
    assert found == {}


def test_the_layers_contract_names_every_part_of_the_model():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers" and c["layers"][0].startswith("model."))
    listed = {name.strip() for layer in layers["layers"] for name in layer.split("|")}
    parts = {f"model.{p.stem}" for p in (REPO / "model").glob("*.py") if p.stem != "__init__"}
    parts |= {f"model.{p.parent.name}" for p in (REPO / "model").glob("*/__init__.py")}
    assert listed == parts


def test_the_renderer_imports_no_widgets():
    graph_names = {name: imported_names(path, name) for name, path in modules().items() if name.startswith("editor.render")}
    widgets = {name for name, names in graph_names.items() if any(n.startswith("PySide6.QtWidgets") for n in names)}
    assert widgets == set()
