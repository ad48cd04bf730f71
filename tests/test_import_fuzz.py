"""Fuzzing the 18xx.games importer: a mutated map file imports or fails with ImportError18xx.

The bases are the map files in ``tests/data/both-ecosystems`` (1889 whole, windows of 1858's).
Each example stacks a few mutations: a Ruby fragment inserted, a span deleted, a line repeated or
moved, a line spliced from the other map, a number or string grown, and constants appended that
double, splat or nest what the map already holds. Anything but a scenario or an
``ImportError18xx`` with a one-line message is a failure. A scenario that imports must also save
(no character the file format cannot hold).

``make test`` runs the quick profile; ``make fuzz`` runs 50,000 examples (``HYPOTHESIS_PROFILE=fuzz``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from model.io import dumps
from model.io.import_18xx_games import ImportError18xx, import_18xx_games

DATA = Path(__file__).resolve().parent / "data" / "both-ecosystems"
BASES = [(DATA / "1889" / "map.rb").read_text(encoding="utf-8")]
_BIG = (DATA / "1858" / "map.rb").read_text(encoding="utf-8").splitlines(keepends=True)
FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
EXAMPLES = 50_000 if FUZZ else 60

FRAGMENTS = [
    "[", "]", "{", "}", "(", ")", ",", "=>", ": ", "*", "**", "+", "-", "*2", ".freeze", ".merge(", ".dup",
    "'", '"', "#{", "}", "\\", "\\u{1F600}", "\\uD800", "\\9", "\\x", "%w[", "%i[", "<<~X\n", "\nX\n",
    ":sym", "nil", "true", "1_000", "0x1F", "1e999", "9" * 40, "-0", "1.5", "{a: 1}", "[[1]]", "[{a: 1} => 2]",
    "'A1'", "'city=revenue:20;path=a:0,b:_0'", "'partition=a:1,b:4,type:province,length:0.5'", "'town=revenue:x'",
    "'offboard=revenue:yellow_30|brown_60;path=a:0,b:_0'", "'upgrade=cost:40,terrain:mountain|water'",
    "'border=edge:0,type:impassable;border=edge:0'", "'label=Z;label=Y'", "'path=a:0,b:0'", "'city=slots:99'",
    "\x1b[31m", "\x00", "\u202e", "é", "module X\n", "end\n", "def m\n", "HEXES", "TILES", "LAYOUT", "AXES",
    "LOCATION_NAMES", "Engine::Config::Tile::YELLOW", "require_relative 'tiles'\n", "# comment\n", "\n", " ",
]
AMPLIFIERS = [
    "P0 = TILES.to_a\nP1 = P0 + P0\nP2 = P1 + P1\nP3 = P2 + P2\n",
    "Q = [*HEXES, *HEXES, *HEXES]\n",
    "K0 = ['A1']\n" + "".join(f"K{i} = [K{i - 1}, K{i - 1}]\n" for i in range(1, 40)) + "KH = { K39 => 1 }\n",
    "HEXES2 = HEXES.merge(HEXES).merge(HEXES)\n",
    "N = " + "[" * 70 + "]" * 70 + "\n",
    "S0 = 'x'\n" + "".join(f"S{i} = S{i - 1} + S{i - 1}\n" for i in range(1, 30)),
    "TILES = { '1' => 1, 2 => 1, [1] => 1, { a: 1 } => 1 }\n",
    "HEXES = { white: { [[1]] => '', { a: 1 } => '', %w[A1 A1] => 'city' } }\n",
]


@st.composite
def mutated_maps(draw, rounds: int = 3) -> str:
    if draw(st.booleans()):
        text = BASES[0]
    else:
        start = draw(st.integers(0, len(_BIG) - 1))
        text = "".join(_BIG[start: start + draw(st.integers(1, 80))])
        if draw(st.booleans()):
            text = "LAYOUT = :flat\nHEXES = {\n" + text + "}\n"
    for _ in range(draw(st.integers(1, rounds))):
        op = draw(st.sampled_from(["insert", "delete", "repeat", "move", "splice", "grow", "amplify"]))
        pos = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:pos] + draw(st.sampled_from(FRAGMENTS)) + text[pos:]
        elif op == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 40)):]
        elif op in ("repeat", "move", "splice"):
            lines = text.splitlines(keepends=True) or [""]
            i = draw(st.integers(0, len(lines) - 1))
            line = draw(st.sampled_from(_BIG)) if op == "splice" else lines[i]
            if op == "move":
                del lines[i]
            lines.insert(draw(st.integers(0, len(lines))), line * (draw(st.integers(1, 50)) if op == "repeat" else 1))
            text = "".join(lines)
        elif op == "grow":
            text = text[:pos] + draw(st.sampled_from(["9", "x", "[1,", "{", "'a' => "])) * draw(st.integers(2, 5000)) + text[pos:]
        else:
            text = text + draw(st.sampled_from(AMPLIFIERS))
    return text


def import_or_refuse(text: str) -> None:
    try:
        result = import_18xx_games(text, "map.rb")
    except ImportError18xx as exc:
        message = str(exc)
        assert message.startswith("map.rb") and "\n" not in message and len(message) < 2000, message[:300]
        return
    dumps(result.scenario)


def test_the_bases_import():
    import_18xx_games(BASES[0], "map.rb")


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(mutated_maps())
@example("LAYOUT = :flat\nHEXES = { white: { {a: 1} => '' } }\n")
@example("LAYOUT = :flat\nHEXES = { white: { [[1]] => '' } }\n")
@example(BASES[0] + AMPLIFIERS[0] + AMPLIFIERS[2])
@example("LAYOUT = :flat\nHEXES = { white: { %w[A1 A9997] => '' } }\n")  # a board 9997 rows high
@example("LAYOUT = :flat\nHEXES = { white: { ['A1'] => 'upgrade=" + "9" * 40 + "cost:80,terrain:water' } }\n")
def test_mutated_map_files_import_or_are_refused(text):
    import_or_refuse(text)
