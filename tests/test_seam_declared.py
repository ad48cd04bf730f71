"""The editor and the model ask a rule set through its declared hooks, never by probing it:
no ``getattr`` / ``hasattr`` on a rule set (or its class) anywhere in model/ or editor/."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULE_SET_NAME = re.compile(r"rule_?set|\brules\b|\bRuleSet\b|\bEighteenXX\b|\bCatalan\w*\b|\bIndia\w*\b", re.IGNORECASE)


def probes(source: str) -> list[tuple[int, str]]:
    """(line, text) of every getattr/hasattr call whose object is named like a rule set."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            if node.args:
                target = ast.unparse(node.args[0])
                if RULE_SET_NAME.search(target) or target in ("cls", "type(self)"):
                    out.append((node.lineno, ast.unparse(node)))
    return out


def test_no_getattr_or_hasattr_on_a_rule_set_in_model_or_editor():
    found = []
    for folder in ("model", "editor"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for line, text in probes(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(REPO)}:{line}: {text}")
    assert found == []


def test_the_scan_sees_a_probe():
    """The check can fail: each way of probing a rule set is found."""
    sample = (
        "x = getattr(rules, 'phases', None)\n"
        "y = hasattr(scenario.rule_set, 'features')\n"
        "z = getattr(type(rules), 'check')\n"
        "w = getattr(cell, 'label', None)\n"
    )
    assert [line for line, _ in probes(sample)] == [1, 2, 3]
