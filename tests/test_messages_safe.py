"""What the command line prints is safe and short: control characters from a file are escaped,
long messages and cell lists are cut with the count of what was left out, duplicates reported."""

from __future__ import annotations

import io
import json

from editor.cli import main
from model.io import dumps
from model.io.messages import MESSAGE_LIMIT, SafeStream, cut, escape_controls, readable
from model.newboard import new_scenario


def test_escape_sequences_in_a_map_file_never_reach_the_terminal(tmp_path, capsys):
    src = tmp_path / "map.rb"
    src.write_text('LAYOUT = :flat\nHEXES = { white: { ["\\e[2J\\e]0;pwned\\a\u202eA1"] => \'\' } }\n', encoding="utf-8")
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\a" not in err and "\u202e" not in err
    assert "[2J" in err and "pwned" in err and err.count("\n") == 1


def test_escape_sequences_in_a_scenario_key_are_escaped_by_check(tmp_path, capsys):
    doc = json.loads(dumps(new_scenario("catalan", 4, 4)))
    doc.setdefault("meta", {})["\x1b[31mred"] = 1
    path = tmp_path / "b.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\u001b[31mred" in err


def test_a_message_listing_a_million_entries_is_cut_with_its_count():
    message = "cells " + ", ".join(f"A{i}" for i in range(10**6))
    shown = readable(message)
    assert len(shown) < MESSAGE_LIMIT + 80
    assert "more characters" in shown and "about 999,8" in shown and "more items" in shown
    assert cut("short") == "short" and escape_controls("a\tb\n") == "a\tb\n"


def test_a_long_line_on_stderr_is_cut_and_stdout_keeps_json_valid():
    err, out = io.StringIO(), io.StringIO()
    SafeStream(err, MESSAGE_LIMIT).write("board " + "A1 " * 5000 + "\x1b\n")
    assert len(err.getvalue()) < MESSAGE_LIMIT + 100 and "more characters" in err.getvalue()
    SafeStream(out).write(json.dumps({"k": "a\x9bb" * 400}, ensure_ascii=False))
    assert json.loads(out.getvalue()) == {"k": "a\x9bb" * 400}


def test_duplicate_edge_features_are_reported_in_one_line(tmp_path, capsys):
    doc = json.loads(dumps(new_scenario("18xx", 6, 5)))
    doc["board"]["edges"] = [{"cell": "B2", "edge": 1, "kind": "river", "cost": 10}] * 20000 + \
        [{"cell": "C3", "edge": 2, "kind": "impassable"}, {"cell": "C3", "edge": 2, "kind": "impassable"}]
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    main(["check", str(path)])
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "core.duplicate-edge-feature" in line]
    assert len(lines) == 1 and "20,000 duplicate edge feature(s)" in lines[0] and "×20000" in lines[0] and "×2" in lines[0]
    assert len(lines[0]) < 400
    doc["board"]["edges"] = doc["board"]["edges"][-1:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    main(["check", str(path)])
    assert "core.duplicate-edge-feature" not in capsys.readouterr().out


def test_nested_too_deeply_names_line_and_column(tmp_path, capsys):
    from model.io import LoadError, loads
    from model.io.import_18xx_maker import ImportError18xxMaker, import_18xx_maker

    text = '{\n  "format": "trackwright-scenario",\n  "x": ' + "[" * 100_000 + "]" * 100_000 + "\n}\n"
    try:
        loads(text, "deep.json")
    except LoadError as exc:
        assert exc.where == "3:507" and "100,001 levels" in exc.message
    else:
        raise AssertionError("loaded")
    try:
        import_18xx_maker('{"info": {"title": "x"},\n "map": ' + "{\"a\": " * 50_000 + "1" + "}" * 50_000 + "}", "g.json")
    except ImportError18xxMaker as exc:
        assert "2:" in str(exc) and "50,001 levels" in str(exc)
    else:
        raise AssertionError("imported")
