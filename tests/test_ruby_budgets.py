"""Hostile map files: the evaluator's budgets turn each into exit 2 with one line naming the place.

Each reproducer is a few lines of Ruby that, read naively, doubles an array forty times, keys a
hash by arrays that share their parts sixty deep, or holds millions of tokens in an unused
constant. The command runs in a child process so its peak memory (``ru_maxrss``) and CPU time are
its own; the limits asked are 500 MB and 5 s of CPU, far above what the budgets allow.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from model.io.import_18xx_games import ImportError18xx, import_18xx_games
from model.io.ruby_eval import RubyProgram
from model.io.ruby_values import MAX_ELEMENTS, MAX_TOKENS, RubyLimit

ROOT = Path(__file__).resolve().parent.parent
HEAD = "LAYOUT = :flat\n"
ONE_HEX = "HEXES = { white: { ['A1'] => '' } }\n"


def doubling(n: int = 40) -> str:
    """``P1 = P0 + P0`` forty times: 2**40 elements if copied."""
    return HEAD + "P0 = [1, 2]\n" + "".join(f"P{i} = P{i - 1} + P{i - 1}\n" for i in range(1, n + 1)) + ONE_HEX + f"TILES = {{ '1' => P{n} }}\n"


def splat_doubling(n: int = 40) -> str:
    return HEAD + "P0 = ['A1']\n" + "".join(f"P{i} = [*P{i - 1}, *P{i - 1}]\n" for i in range(1, n + 1)) + f"HEXES = {{ white: {{ P{n} => '' }} }}\n"


def shared_keys(depth: int) -> str:
    """Nested arrays sharing their parts, used as a hash key (``rb-dag-array``)."""
    return HEAD + "A0 = ['A1']\n" + "".join(f"A{i} = [A{i - 1}, A{i - 1}]\n" for i in range(1, depth + 1)) + \
        f"HEXES = {{ white: {{ A{depth} => '' }} }}\n"


def string_doubling(n: int = 40) -> str:
    return HEAD + "S0 = 'city=revenue:10;'\n" + "".join(f"S{i} = S{i - 1} + S{i - 1}\n" for i in range(1, n + 1)) + \
        f"HEXES = {{ white: {{ ['A1'] => S{n} }} }}\n"


def unused_large_array(size: int = 3_800_000) -> str:
    """A file under the 4 MB limit whose one unused constant is a large array (was 1.66 GB)."""
    head = HEAD + ONE_HEX + "BIG = ["
    count = (size - len(head) - 2) // 2
    return head + ",".join(["1"] * count) + "]\n"


def quadratic_difference(n: int = 90_000) -> str:
    """``A - A`` compared every element with every other one."""
    return HEAD + "A = [" + ",".join(str(i) for i in range(n)) + "]\nB = A - A + A - A\n" + ONE_HEX + "TILES = { '1' => B }\n"


def chained_merges(n: int = 3000) -> str:
    return HEAD + "H0 = {" + ",".join(f"'k{i}' => {i}" for i in range(2000)) + "}\n" + \
        "".join(f"H{i} = H{i - 1}.merge('z' => 1)\n" for i in range(1, n)) + ONE_HEX + f"TILES = H{n - 1}\n"


HOSTILE = {
    "doubling": (doubling(), "elements built"),
    "splat-doubling": (splat_doubling(), "elements built"),
    "shared-keys-16": (shared_keys(16), "hex keys must be a list of coordinates"),
    "shared-keys-20": (shared_keys(20), "expands to"),
    "shared-keys-60": (shared_keys(60), "expands to"),
    "string-doubling": (string_doubling(), "string longer than"),
    "unused-large-array": (unused_large_array(), "tokens"),
    "quadratic-difference": (quadratic_difference(), "count [] must be a number"),  # evaluated, in linear time
    "chained-merges": (chained_merges(), "nested more than"),
    "hash-as-hex-key": (HEAD + "HEXES = { white: { {a: 1} => '' } }\n", "hex keys must be"),
    "nested-array-hex-key": (HEAD + "HEXES = { white: { [[1]] => '' } }\n", "hex keys must be"),
    "tile-keys-of-mixed-kinds": (HEAD + ONE_HEX + "TILES = { '1' => { 'count' => 1, 2 => 1, x: 3, 'color' => 'yellow', 'code' => '' } }\n",
                                 "are not supported"),
    "tile-names-of-mixed-kinds": (HEAD + ONE_HEX + "TILES = { '1' => 1, 2 => 1, [1] => 2 }\n", "must be a string"),
    "far-coordinate": (HEAD + "HEXES = { white: { %w[A1 A9997] => '' } }\n", "A9997: the board from A1 to A9997 would be 9997 rows high"),
    "far-letters": (HEAD + "HEXES = { white: { %w[A1 ZZZ1] => '' } }\n", "ZZZ1: the board from A1 to ZZZ1 would be 18278 columns wide"),
    "far-pointy": ("LAYOUT = :pointy\nHEXES = { white: { %w[A1 A9997] => '' } }\n", "would be 9997 columns wide"),
    "number-far-below": (HEAD + "HEXES = { white: { %w[A1 A-500] => '' } }\n", "A-500: numbers below -99"),
    "bad-escapes": (HEAD + 'HEXES = { white: { [\'A1\'] => "\\9\\u{FFFFFFFFFFFFFFFFFFFF}\\uD800" } }\n', "A1:"),
}


# The child reports its own peak (VmHWM belongs to the process image, so it starts afresh at exec;
# ru_maxrss would include the memory of the forking test process).
CHILD = """
import sys
from editor.cli import main
code = main(sys.argv[2:])
with open('/proc/self/status') as status, open(sys.argv[1], 'w') as out:
    out.write(next(line for line in status if line.startswith('VmHWM:')).split()[1])
sys.exit(code)
"""


def run_import(src: Path, out: Path) -> tuple[int, str, int, float]:
    """Exit status, stderr, peak memory in bytes and CPU seconds of ``trackwright import``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    peak_file = out.with_name("peak.txt")
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen([sys.executable, "-c", CHILD, str(peak_file), "import", str(src), "--from", "18xx-games", "-o", str(out)],
                             stdout=null, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        err = p.stderr.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, err, int(peak_file.read_text()) * 1024, usage.ru_utime + usage.ru_stime


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_map_is_exit_2_with_one_line_within_5_s_and_500_mb(tmp_path, name):
    text, words = HOSTILE[name]
    src = tmp_path / "map.rb"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.json"
    code, err, peak, cpu = run_import(src, out)
    lines = err.strip().splitlines()
    assert code == 2, err[-2000:]
    assert len(lines) == 1 and lines[0].startswith(f"trackwright: {src}:") and words in lines[0], err[-2000:]
    assert len(lines[0]) < 300
    assert not out.exists()
    assert peak < 500 * 2**20, f"{peak / 2**20:.0f} MB"
    assert cpu < 5, f"{cpu:.1f} s of CPU"


def test_the_large_unused_array_costs_under_50_bytes_a_byte(tmp_path):
    text = unused_large_array()
    src = tmp_path / "map.rb"
    src.write_text(text, encoding="utf-8")
    _, _, peak, _ = run_import(src, tmp_path / "out.json")
    assert peak < 50 * len(text), f"{peak / len(text):.0f} bytes per input byte"


def test_limits_name_the_line_and_the_construct():
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(doubling(), "d.rb")
    line = next(i + 1 for i, t in enumerate(doubling().splitlines()) if t.startswith("P19 ="))
    assert info.value.line is not None and info.value.line <= line + 2
    assert f"{MAX_ELEMENTS:,}" in info.value.message and "' + P" not in info.value.message and " + P" in info.value.message
    with pytest.raises(RubyLimit) as limit:
        RubyProgram(HEAD + "X = [" + "1," * (MAX_TOKENS // 2 + 10) + "]\n", "t.rb")
    assert limit.value.line == 2 and "tokens" in limit.value.message


def test_shared_parts_are_keyed_once_not_once_per_use():
    # depth 40 used as a key of an unused constant: 2**40 uses, 41 distinct parts
    src = "A0 = ['A1']\n" + "".join(f"A{i} = [A{i - 1}, A{i - 1}]\n" for i in range(1, 41)) + "H = { A40 => 1, A39 => 2, A40 => 3 }\n"
    prog = RubyProgram(src)
    h = prog.value("H").value
    assert [v.value for _, v in h.items] == [3, 2]  # the repeated key replaced the first, in place
    assert prog.budget.work < 2000


def test_a_value_built_within_budget_still_evaluates():
    src = "P0 = [1, 2]\n" + "".join(f"P{i} = P{i - 1} + P{i - 1}\n" for i in range(1, 15))
    prog = RubyProgram(src)
    assert len(prog.value("P14").plain()) == 2**15


def test_a_board_of_the_largest_extent_imports_and_one_more_row_is_refused():
    grid = import_18xx_games(HEAD + "HEXES = { white: { %w[A1 ALL1000] => '' } }\n", "m.rb").scenario.board.grid
    assert (grid.width, grid.height, len(grid.ordered_coords)) == (1000, 1000, 2)
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(HEAD + "HEXES = { white: { %w[A1] => '', %w[A1001] => 'city' } }\n", "m.rb")
    assert info.value.line == 2 and info.value.message.startswith("A1001: the board from A1 to A1001 would be 1001 rows high")
