"""The seam is declared and its table is true: every hook ``RuleSet`` declares has a default and a
docstring, and docs/architecture.md's seam table lists exactly the hooks ``RuleSet`` declares."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from model.rules import RuleSet

REPO = Path(__file__).resolve().parents[1]
ARCHITECTURE = REPO / "docs" / "architecture.md"
SEAM_HEADING = "### The rule-set interface: the seam"


def declared_hooks() -> set[str]:
    """The public names ``RuleSet``'s own class body defines (facts and questions)."""
    return {n for n in vars(RuleSet) if not n.startswith("_")}


def table_hooks(text: str) -> set[str]:
    """The hook names in the first column of the seam table (the first table after the heading):
    every backticked name, without its arguments (``check(s) -> list[Issue]`` is ``check``)."""
    section = text.split(SEAM_HEADING, 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break  # the end of the first table
    assert len(rows) > 2, "the seam table is missing"
    header, rule, *body = rows
    assert header.split("|")[1].strip() == "hook" and set(rule) <= set("|- "), (header, rule)
    names: set[str] = set()
    for row in body:
        first = row.split("|")[1]
        cells = re.findall(r"`([^`]+)`", first)
        assert cells, f"a row of the seam table names no hook: {row}"
        for cell in cells:
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", cell)
            assert m, f"{cell!r} in the seam table is not a hook name"
            names.add(m.group(0))
    return names


def attribute_docstrings() -> dict[str, str]:
    """The docstring written under each class attribute of ``RuleSet`` in its source."""
    tree = ast.parse(inspect.getsource(RuleSet))
    body = tree.body[0].body
    out = {}
    for stmt, nxt in zip(body, body[1:], strict=False):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant) and isinstance(nxt.value.value, str):
                out[stmt.target.id] = nxt.value.value
    return out


def test_the_table_lists_every_hook_rule_set_declares_and_no_other():
    listed = table_hooks(ARCHITECTURE.read_text(encoding="utf-8"))
    declared = declared_hooks()
    assert declared - listed == set(), f"declared on RuleSet but missing from the seam table in {ARCHITECTURE.name}"
    assert listed - declared == set(), f"in the seam table of {ARCHITECTURE.name} but not declared on RuleSet"


def test_every_hook_has_a_default_and_a_docstring():
    docs = attribute_docstrings()
    base = RuleSet()
    for name in sorted(declared_hooks()):
        value = vars(RuleSet)[name]
        if callable(value):
            assert (value.__doc__ or "").strip(), f"RuleSet.{name} has no docstring"
        else:
            assert docs.get(name, "").strip(), f"RuleSet.{name} has no docstring"
            assert hasattr(base, name)  # a class attribute: its value is the default


def test_the_table_parser_sees_a_hook_that_is_missing():
    """The check can fail: a table without a row for a declared hook, or with a row for no hook."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `turn_phases(s)`"))
    assert "turn_phases" not in table_hooks(text.replace(row + "\n", ""))
    extra = text.replace(row, row + "\n| `no_such_hook(s)` | nothing | none |")
    assert table_hooks(extra) - declared_hooks() == {"no_such_hook"}
