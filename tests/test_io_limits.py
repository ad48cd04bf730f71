"""What save writes, load reads; hostile files get one short sentence, never a traceback.

Non-finite numbers and the size limit, a version-0 file at the parser's depth limit, echoed
values cut to about 80 characters (no raw pydantic text), and broken JSON in a version-0 file
located in the user's file.
"""

from __future__ import annotations

import json
import math

import pytest

from editor.cli import main
from model.io import LoadError, SaveError, dumps, files, load, loads, save
from model.newboard import new_scenario
from tests.test_io_migrate import version0_text


def small_doc() -> dict:
    return json.loads(dumps(new_scenario("catalan", 4, 4, title="Limits")))


# --- item 3: whatever save writes, load reads -----------------------------------------------------
@pytest.mark.parametrize("number", ["1e400", "-1e400", "1E+999"])
def test_a_number_too_large_for_a_float_is_refused_at_its_place(number):
    text = '{"format": "trackwright-scenario", "version": 1,\n "rules": {"id": "catalan", "options": {"limit": ' + number + "}},\n"
    text += ' "board": {"grid": {"kind": "square", "width": 3, "height": 3}}}'
    with pytest.raises(LoadError) as info:
        loads(text, "big.json")
    assert info.value.where == f"2:{text.splitlines()[1].index(number) + 1}"
    assert "too large" in info.value.message and number in info.value.message


def test_save_never_writes_a_number_that_load_refuses(tmp_path):
    s = new_scenario("catalan", 3, 3)
    s.rules.options["limit"] = math.inf  # set in memory (a plug-in, a script): not written
    path = tmp_path / "s.json"
    with pytest.raises(SaveError, match="rules.options.limit"):
        save(s, path)
    assert not path.exists()
    s.rules.options["limit"] = 1e308  # the largest finite ones round-trip
    save(s, path)
    assert load(path).rules.options["limit"] == 1e308


def test_the_size_limit_and_the_writer_agree(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    small = new_scenario("catalan", 3, 3)
    save(small, path)
    before = path.read_bytes()
    big = new_scenario("catalan", 30, 30, title="x" * 5000)
    monkeypatch.setattr(files, "MAX_BYTES", len(dumps(big).encode()) - 1)
    with pytest.raises(SaveError, match="limited to"):
        save(big, path)
    assert path.read_bytes() == before  # refused before anything was written
    monkeypatch.setattr(files, "MAX_BYTES", len(dumps(big).encode()))
    save(big, path)  # exactly at the limit: written, and read back
    assert load(path) == big


def test_export_to_json_refuses_what_load_would_refuse(tmp_path, monkeypatch, capsys):
    src = tmp_path / "s.json"
    s = new_scenario("catalan", 30, 30)
    src.write_text(json.dumps(json.loads(dumps(s))), encoding="utf-8")  # compact: smaller than canonical
    assert src.stat().st_size < len(dumps(s))
    monkeypatch.setattr(files, "MAX_BYTES", len(dumps(s)) - 1)  # loads, but its export would not
    out = tmp_path / "out.json"
    assert main(["export", str(src), "--to", "json", "-o", str(out)]) == 2
    assert "limited to" in capsys.readouterr().err and not out.exists()


def test_a_filled_board_of_the_largest_size_fits_the_limit():
    """A 1000x1000 board with a tile on every cell (79 MB) must be both saveable and loadable."""
    s = new_scenario("catalan", 1000, 4)
    from model.board import Cell, LaidTile

    grid = s.board.grid
    s.board.cells.update({grid.label(c): Cell(terrain="hill", cost=10, tile=LaidTile(tile="switch_right", rotation=3))
                          for c in grid.ordered_coords})
    per_row = len(dumps(s).encode()) / 4
    longest_labels = 2 * 1000  # rows 1000 are written with 4 digits, rows 1-4 with one: 3 more a cell
    assert per_row * 1000 + 3 * longest_labels * 1000 < files.MAX_BYTES


# --- item 5 and 8: version-0 files ---------------------------------------------------------------
def test_a_version0_file_at_the_parsers_depth_limit_is_a_load_error():
    base = json.loads(version0_text())
    deepest = None
    for n in range(900, 5000):
        try:
            json.loads("[" * n + "]" * n)
        except RecursionError:
            deepest = n
            break
    assert deepest is not None
    for n in range(deepest - 12, deepest + 1):  # "options" moves one level down in the migration
        text = json.dumps(base)[:-1] + ', "options": {"x": ' + "[" * n + "]" * n + "}}"
        with pytest.raises(LoadError) as info:
            loads(text, "deep.json")
        assert "nested too deeply" in info.value.message or "recursion" in info.value.message


def test_broken_json_in_a_version0_file_is_located_in_the_users_file():
    text = version0_text().replace('"title": "Old file"', '"title": "Old \\ud800 file"')
    line_no = next(i for i, line in enumerate(text.splitlines(), 1) if "ud800" in line)
    with pytest.raises(LoadError) as info:
        loads(text, "old.json")
    line = text.splitlines()[line_no - 1]
    # the same place as in a current file: just after the escape (see test_io_fuzz)
    assert info.value.where == f"{line_no}:{line.index(chr(92) + 'ud800') + 7}"
    assert "broken JSON" in info.value.message


# --- item 7: short messages, our own sentences ---------------------------------------------------
HUGE = "K" * 10_000_055


def _doc_with(change) -> str:
    doc = small_doc()
    change(doc)
    return json.dumps(doc)


HOSTILE = {
    "unknown-field": lambda: _doc_with(lambda d: d.__setitem__(HUGE, 1)),
    "duplicate-key": lambda: '{"format": "trackwright-scenario", "version": 1, "' + HUGE + '": 1, "' + HUGE + '": 2}',
    "format": lambda: _doc_with(lambda d: d.__setitem__("format", HUGE)),
    "version": lambda: _doc_with(lambda d: d.__setitem__("version", HUGE)),
    "cell-label": lambda: _doc_with(lambda d: d["board"].__setitem__("cells", {HUGE: {}})),
    "tile-id": lambda: _doc_with(lambda d: d["board"].__setitem__("cells", {"A1": {"tile": {"tile": HUGE}}})),
    "tile-set": lambda: _doc_with(lambda d: d["tiles"].__setitem__("set", HUGE)),
    "rules-id": lambda: _doc_with(lambda d: d["rules"].__setitem__("id", HUGE)),
    "terrain": lambda: _doc_with(lambda d: d["board"].__setitem__("cells", {"A1": {"terrain": HUGE}})),
    "huge-number-text": lambda: '{"format": "trackwright-scenario", "version": 1, "x": ' + "9" * 100_000 + "}",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_messages_echo_at_most_about_80_characters_of_a_value(tmp_path, capsys, name):
    path = tmp_path / f"{name}.json"
    path.write_text(HOSTILE[name](), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"trackwright: {path}")
    assert len(err) < len(str(path)) + 300, err[:400]
    assert "pydantic" not in err


def test_a_hex_tile_set_on_a_square_board_is_one_sentence(tmp_path, capsys):
    path = tmp_path / "sq.json"
    path.write_text(_doc_with(lambda d: d["tiles"].__setitem__("set", "18xx-standard")), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pydantic" not in err and "validation error" not in err
    assert f"{path}:tiles.set:" in err and "18xx-standard" in err and "4 sides" in err


def test_new_with_a_hex_board_too_tall_is_one_sentence(tmp_path, capsys):
    assert main(["new", "--rules", "18xx", "--size", "10x501", "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pydantic" not in err and "validation error" not in err
    assert "size 10x501" in err and "at most 500 rows" in err
    assert not (tmp_path / "x.json").exists()
    assert main(["new", "--rules", "18xx", "--size", "10x500", "-o", str(tmp_path / "x.json")]) == 0
    assert load(tmp_path / "x.json").board.grid.height == 1000


def test_info_and_check_cut_huge_names_too(tmp_path, capsys):
    """A file that loads may still hold huge texts; the summary and the rule messages cut them."""
    huge = "N" * 1_000_000
    doc = small_doc()
    doc["meta"] = {"title": huge, "author": huge}
    doc["rules"]["options"] = {"x": huge}
    doc["board"]["cells"] = {"B2": {"name": huge, "tile": {"tile": "curve", "rotation": 1}}}
    doc["players"] = [{"id": "P" * 5000, "name": huge}]
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for command in ("info", "check"):
        main([command, str(path)])
        out = capsys.readouterr()
        lines = (out.out + out.err).splitlines()
        assert lines and all(len(line) < len(str(path)) + 300 for line in lines), max(map(len, lines))
