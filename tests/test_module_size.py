"""No module of the model or the editor grows past 700 lines: one that does is split by what its
parts do (see docs/architecture.md), never into arbitrary halves."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("model", "editor")
MAX_LINES = 700


def line_count(path: Path) -> int:
    """Lines as an editor shows them (a last line without a newline counts too)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def too_long(root: Path = REPO, limit: int = MAX_LINES) -> list[str]:
    """``path: N lines`` of every .py file under model/ and editor/ over ``limit`` lines."""
    out = []
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            n = line_count(path)
            if n > limit:
                out.append(f"{path.relative_to(root).as_posix()}: {n} lines (at most {limit})")
    return out


def test_no_module_in_model_or_editor_is_over_700_lines():
    assert too_long() == []


def test_the_check_names_a_long_module_and_its_count(tmp_path: Path):
    (tmp_path / "model" / "io").mkdir(parents=True)
    (tmp_path / "editor").mkdir()
    (tmp_path / "model" / "io" / "long.py").write_text("x = 1\n" * 701, encoding="utf-8")
    (tmp_path / "model" / "short.py").write_text("x = 1\n" * 700, encoding="utf-8")
    (tmp_path / "editor" / "unended.py").write_text("x = 1\n" * 700 + "y = 2", encoding="utf-8")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "elsewhere.py").write_text("x = 1\n" * 900, encoding="utf-8")
    assert too_long(tmp_path) == [
        "model/io/long.py: 701 lines (at most 700)",
        "editor/unended.py: 701 lines (at most 700)",
    ]
