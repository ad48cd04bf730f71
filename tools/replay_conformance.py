"""The replay conformance: recorded 18xx.games games, position by position, the engine against us.

Usage::

    .venv/bin/python tools/replay_conformance.py [--engine DIR] [--title T ...] [--cache DIR | --no-cache]
                                                 [--out docs/conformance.md] [--diffs FILE]
                                                 [--check-baseline | --update-baseline]

For every recorded game of the chosen titles in the engine checkout's ``public/fixtures/``
(``T18XX_DIR``, default ``../shared/upstream/18xx-2025-01``):

1. ``tools/replay_engine.rb dump`` replays the game with the engine and dumps, before every
   recorded lay, the position and the engine's legal set for the acting company (see that file).
   Its answers are cached per game (the key is the script, the game file and the engine folder),
   under ``--cache`` (default ``$TMPDIR/trackwright-replay``).
2. Our side replays the same raw actions with :mod:`model.io.import_18xx_game` (undo and redo
   followed the same way), and at each of those positions compares:

   * **the position** (the game import): every laid tile and its rotation, every station token
     (company and city), the phase's name, the acting company, the hexes laid this turn and the
     private companies' owners;
   * **the legal set** (the rule set): ``legal_moves`` for the acting company's ordinary lays
     (``MoveContext`` kinds ``lay`` and ``upgrade``, ``abilities`` off: the set the engine's track
     step offers), with the company's cash taken from the engine (the import leaves it unset but
     for 1848 and the 1846 family, whose cash it follows and which is compared on its own), against
     the engine's set; tiles
     are compared by the track they lay (rotations that lay the same track are one row), and the
     recorded lay's verdict on both sides. Both sides are timed (the engine's ``legal_ms``
     against our ``legal_moves``).

   A position is compared only when the step that takes the lay is the engine's common track
   step, or overrides it only where :data:`REVIEWED` says the override does not change the set;
   the others are counted as not compared, with the override named. Lays made through a private
   company's ability (a SpecialTrack step) are counted apart, on both sides (our lays through a
   private's ability are not in our set).
3. The tables go into ``docs/conformance.md`` (the section between the replay markers), every
   difference into ``--diffs`` grouped by cause, and the figures per title into
   ``tools/replay-baseline.json``: ``--check-baseline`` exits 1 when a title compares fewer
   positions equal than the baseline says. Exit 2: no engine or no ruby.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

DEFAULT_ENGINE = "../shared/upstream/18xx-2025-01"
SCRIPT = ROOT / "tools" / "replay_engine.rb"
BASELINE = ROOT / "tools" / "replay-baseline.json"
RUNS = 1
"""Our legal set is timed once per position, as the engine's is: the first call (what one position
leaves in the rule set's caches for the next is kept, as the engine's game keeps its own; a second
call on the same position would find its own answers cached, so a best of several is not fair)."""
SPEED_TARGET = 10.0
"""The legal set of one position this many times faster than the engine's, judged on the median
of the per-position ratios (half the positions at least this much faster)."""
DOC = ROOT / "docs" / "conformance.md"
BEGIN, END = "<!-- replay: written by tools/replay_conformance.py -->", "<!-- /replay -->"

TITLES = ("1830", "1844", "1846", "1846 2p Variant", "1848", "1877 Stockholm Tramways", "1882", "1888", "1889", "18AL",
          "18Chesapeake", "18EU", "18 Los Angeles", "18MS", "18Texas", "18TN")
"""The titles whose recorded games are replayed by default: those that play with the engine's
common track step (their fixtures' lays are taken by Engine::Step::Track, or by a title's step
whose overrides are all in REVIEWED)."""

REVIEWED = {
    "Engine::Game::G1846::Step::TrackAndToken#lay_tile_action":
        "calls the common one, then removes the Lake Shore Line icon",
    "Engine::Game::G1846::Step::TrackAndToken#process_lay_tile":
        "calls the common one, then places a token on an upgrade (1846's reserved token)",
    "Engine::Game::G1846::Step::TrackAndToken#buying_power":
        "the title's buying power for track; the oracle asks the step itself",
    "Engine::Game::G18MS::LayTileWithChattanoogaCheck#lay_tile":
        "calls the common one, then pays the Chattanooga bonus",
    "Engine::Game::G1882::Step::Track#lay_tile":
        "calls the common one, then pays the NWR bonus",
    "Engine::Game::G18EU::Step::Track#process_lay_tile":
        "adds a mountain cost to the new tile for its next upgrade, then calls the common one",
}
"""Overrides of the common track step that do not change which lays are legal (read in the
engine's code), with the reason; a position whose step overrides anything else is not compared."""


class SetupError(RuntimeError):
    pass


def engine_dir(arg: str | None) -> Path:
    path = Path(arg or os.environ.get("T18XX_DIR") or DEFAULT_ENGINE)
    if not path.is_absolute():
        path = (ROOT / path).resolve()
    if not (path / "lib" / "engine.rb").is_file():
        raise SetupError(f"no 18xx.games engine at {path} (set T18XX_DIR or --engine)")
    return path


# --- the engine's side ----------------------------------------------------------------------------
def cache_key(game: Path, engine: Path) -> str:
    """The script, the engine checkout's name and the game's bytes (not the checkout's path: a
    clone of the repository elsewhere finds the answers of the same engine)."""
    h = hashlib.sha256()
    h.update(SCRIPT.read_bytes())
    h.update(engine.name.encode())
    h.update(game.relative_to(engine).as_posix().encode() if game.is_relative_to(engine) else game.name.encode())
    h.update(game.read_bytes())
    return h.hexdigest()[:24]


def engine_dumps(games: list[Path], engine: Path, cache: Path | None) -> dict[Path, dict]:
    """The engine's dump of each game (from the cache, or by running tools/replay_engine.rb)."""
    out: dict[Path, dict] = {}
    todo = []
    for g in games:
        hit = cache / f"{cache_key(g, engine)}.json" if cache else None
        if hit is not None and hit.is_file():
            out[g] = json.loads(hit.read_text(encoding="utf-8"))
        else:
            todo.append(g)
    if not todo:
        return out
    exe = shutil.which("ruby")
    if exe is None:
        raise SetupError("ruby is not installed (Debian: apt-get install -y ruby)")
    env = {**os.environ, "T18XX_DIR": str(engine), "ENGINE_LOG_LEVEL": "4"}
    print(f"replay: the engine replays {len(todo)} games", file=sys.stderr)
    # one engine process for every game; each answer is kept as it comes (a long run that stops
    # halfway keeps what it did)
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen([exe, str(SCRIPT), "dump", *map(str, todo)], stdout=subprocess.PIPE, stderr=err,
                                text=True, env=env)
        assert proc.stdout is not None
        for line in proc.stdout:
            if not line.strip():
                continue
            doc = json.loads(line)
            g = Path(doc["file"])
            out[g] = doc
            if cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                (cache / f"{cache_key(g, engine)}.json").write_text(json.dumps(doc), encoding="utf-8")
        if proc.wait() != 0:
            err.seek(0)
            raise SetupError(f"replay_engine.rb failed: {err.read().strip()[-800:]}")
    missing = [g for g in todo if g not in out]
    if missing:
        raise SetupError(f"replay_engine.rb gave no answer for {missing[0]}")
    return out


# --- our side -------------------------------------------------------------------------------------
def canon(scenario, tile: str, rotation: int) -> int:
    """The smallest rotation of ``tile`` that lays the same track as ``rotation``."""
    tdef = scenario.tile(tile)
    if tdef is None:
        return rotation
    sides = scenario.board.grid.sides
    shape = tdef._shape(rotation, sides)  # what distinct_rotations compares: the track, nodes by kind
    return next(r for r in range(sides) if tdef._shape(r, sides) == shape)


def canon_set(scenario, rows) -> set[tuple[str, str, int]]:
    return {(h, t, canon(scenario, t, r)) for h, t, r in rows}


def our_board(scenario) -> dict[str, tuple]:
    """Hex -> (tile, rotation, tokens); a tile the engine makes in code on a hex keeps the engine's
    name there, which ours writes before a ``+`` (``X78+H19``: 1844's tunnel on H19, laid at 0)."""
    out = {}
    for label, cell in scenario.board.cells.items():
        tokens = sorted((t.company, t.city) for t in cell.tokens)
        if cell.tile is None and not tokens:
            continue
        out[label] = (cell.tile.tile.split("+", 1)[0] if cell.tile else None, cell.tile.rotation if cell.tile else 0, tokens)
    return out


def engine_board(pos: dict) -> dict[str, tuple]:
    out = {}
    for label, (tile, rot, tokens) in pos["board"].items():
        toks = sorted((c, i) for c, _kind, i in tokens if c is not None)
        if tile == "blank" and not toks:
            tile = None  # a map's `empty:` hex: Hex.new(empty: true) keeps its default Tile.for('blank'), not preprinted
        if tile is None and not toks:
            continue
        out[label] = (tile, rot if tile else 0, toks)
    return out


@dataclass
class TitleResult:
    title: str
    games: int = 0
    positions: int = 0
    compared: int = 0
    not_compared: Counter = field(default_factory=Counter)
    special: int = 0
    special_legal: int = 0
    board_equal: int = 0
    phase_equal: int = 0
    active_equal: int = 0
    laid_equal: int = 0
    owners_equal: int = 0
    prices_judged: int = 0
    prices_equal: int = 0
    cash_judged: int = 0
    cash_equal: int = 0
    lay_legal_engine: int = 0
    lay_legal_ours: int = 0
    identical: int = 0
    engine_ms: list[float] = field(default_factory=list)
    ours_ms: list[float] = field(default_factory=list)
    first_game: list[bool] = field(default_factory=list)
    """Per timed position: whether it is in the first game of its title in this run (a later
    game's import finds the earlier game's equal tile supply, and with it what was derived from
    the tiles: ``import_18xx_game.base_scenario``)."""
    import_errors: list[str] = field(default_factory=list)
    engine_errors: list[str] = field(default_factory=list)
    game_overrides: set[str] = field(default_factory=set)
    position_diffs: Counter = field(default_factory=Counter)
    diffs: list[dict] = field(default_factory=list)

    def ratio(self) -> float | None:
        return sum(self.engine_ms) / sum(self.ours_ms) if self.ours_ms and sum(self.ours_ms) else None


def timed_pairs(results: list[TitleResult]) -> list[tuple[float, float]]:
    """(the engine's ms, ours) of every timed position."""
    return [(e, o) for r in results for e, o in zip(r.engine_ms, r.ours_ms, strict=True) if o > 0]


def speed(results: list[TitleResult]) -> tuple[float, float, float, float] | None:
    """(the engine's median ms a position, ours, the median of the per-position ratios, the share
    of positions at :data:`SPEED_TARGET` or more), None when nothing was timed."""
    pairs = timed_pairs(results)
    if not pairs:
        return None
    ratios = [e / o for e, o in pairs]
    return (statistics.median(e for e, _ in pairs), statistics.median(o for _, o in pairs), statistics.median(ratios),
            sum(x >= SPEED_TARGET for x in ratios) / len(ratios))


QUICK_MS = 2.0
"""The engine's time under which a position counts as quick for it (:func:`speed_bands`)."""


def speed_bands(results: list[TitleResult]) -> list[tuple[str, int, float, float, float]]:
    """The timed positions in two bands by the engine's own time (under :data:`QUICK_MS`, and
    the others): per band (name, positions, the engine's median ms, ours, the median ratio)."""
    pairs = timed_pairs(results)
    out = []
    for name, band in ((f"under {QUICK_MS:g} ms", [p for p in pairs if p[0] < QUICK_MS]),
                       (f"{QUICK_MS:g} ms or more", [p for p in pairs if p[0] >= QUICK_MS])):
        if band:
            out.append((name, len(band), statistics.median(e for e, _ in band), statistics.median(o for _, o in band),
                        statistics.median(e / o for e, o in band)))
    return out


def game_bands(results: list[TitleResult]) -> list[tuple[str, int, float]]:
    """The timed positions of the first game of each title and of the later games (which find
    the earlier games' tiles): per band (name, positions, the median ratio)."""
    rows = [(e / o, first) for r in results for e, o, first in zip(r.engine_ms, r.ours_ms, r.first_game, strict=True) if o > 0]
    out = []
    for name, want in (("in the first game of their title", True), ("in the later games", False)):
        band = [x for x, first in rows if first is want]
        if band:
            out.append((name, len(band), statistics.median(band)))
    return out


def speed_line(results: list[TitleResult]) -> str:
    """The per-position speed and its target, in one sentence (met or not, or not measured), and
    the same by the engine's own time (:func:`speed_bands`)."""
    got = speed(results)
    if got is None:
        return f"Per position: nothing timed; the target ({SPEED_TARGET:g}x) is not judged."
    e, o, ratio, share = got
    verdict = "met" if ratio >= SPEED_TARGET else "**not met**"
    bands = ", ".join(f"the {n:,} it takes {name} (its median {be:.1f} ms, ours {bo:.2f} ms) at {br:.1f}x"
                      for name, n, be, bo, br in speed_bands(results))
    games = ", ".join(f"the {n:,} {name} at {br:.1f}x" for name, n, br in game_bands(results))
    return (f"Per position: the engine's median {e:.1f} ms, ours {o:.2f} ms; the median of the per-position ratios "
            f"{ratio:.1f}x, {share:.0%} of the positions at {SPEED_TARGET:g}x or more. By the engine's own time: "
            f"{bands}. By game: {games}. Target: {SPEED_TARGET:g}x (the median ratio): {verdict}.")


def compared_reason(pos: dict) -> str | None:
    """None when the position is compared, else why not."""
    step = pos.get("step") or {}
    if pos.get("note"):
        return pos["note"]
    if pos.get("error"):
        return "the engine failed: " + pos["error"][:80]
    left = [o for o in step.get("overrides", []) if o not in REVIEWED]
    if left:
        return "a title's own step: " + ", ".join(sorted(left))
    return None


def with_cash(scenario, company: str, cash: int):
    companies = [c.model_copy(update={"treasury": cash}) if c.id == company else c for c in scenario.companies]
    return scenario.model_copy(update={"companies": companies})


def lays_context(entity: str):
    """What is asked of ``legal_moves``: the set the engine's track step offers (a company's
    ordinary lays: no station, no lay through a private's ability)."""
    from model.rules import MoveContext

    return MoveContext(actor=entity, kinds=frozenset({"lay", "upgrade"}), abilities=False)


def our_prices(replay) -> dict[str, int | None] | None:
    """The share prices the import follows (the 1846 family's market, 1848's), None where it
    follows none: every open corporation with a price, None for one whose price it lost."""
    market = getattr(replay.setup, "market", None)
    return None if market is None else market.prices()


def judge_position(res: TitleResult, game: str, pos: dict, scenario, rules, timed: bool, players: dict,
                   prices: dict | None = None) -> None:
    from model.rules.eighteen_xx import TrackMove

    entity = pos["entity"]["id"]
    res.compared += 1
    ours_board, eng_board = our_board(scenario), engine_board(pos)
    board_diff = []
    for label in sorted(set(ours_board) | set(eng_board)):
        if ours_board.get(label) != eng_board.get(label):
            board_diff.append(f"{label}: engine {eng_board.get(label)} ours {ours_board.get(label)}")
    res.board_equal += not board_diff
    phase_ok = scenario.state.game_phase == pos["phase"]["name"]
    res.phase_equal += phase_ok
    active_ok = scenario.state.active == entity
    res.active_equal += active_ok
    laid_ok = [e.cell for e in scenario.state.laid if e.private is None] == [h for h, _ in pos["laid"]] or \
        [e.cell for e in scenario.state.laid] == [h for h, _ in pos["laid"]]
    res.laid_equal += laid_ok
    eng_owners = {pid: players.get(owner, owner) for pid, owner, closed in pos["privates"] if not closed}
    our_owners = {p.id: p.owner for p in scenario.state.privates if not p.used}
    owners_ok = all(eng_owners.get(k) == our_owners.get(k) for k in set(eng_owners) | set(our_owners))
    res.owners_equal += owners_ok
    prices_ok = True
    if prices is not None and "prices" in pos:
        res.prices_judged += 1
        eng_prices = pos["prices"]
        prices_ok = prices == eng_prices
        res.prices_equal += prices_ok
    ours_company = scenario.company(entity)
    cash_ok = True
    if ours_company is not None and ours_company.treasury is not None:
        res.cash_judged += 1
        cash_ok = ours_company.treasury == pos["entity"]["cash"]
        res.cash_equal += cash_ok
    detail: dict[str, str] = {}
    if board_diff:
        detail["board"] = "; ".join(board_diff[:4]) + (f"; … {len(board_diff) - 4} more" if len(board_diff) > 4 else "")
    if not phase_ok:
        detail["phase"] = f"engine {pos['phase']['name']} ours {scenario.state.game_phase}"
    if not active_ok:
        detail["acting company"] = f"engine {entity} ours {scenario.state.active}"
    if not laid_ok:
        detail["laid this turn"] = f"engine {pos['laid']} ours {[(e.cell, e.tile, e.private) for e in scenario.state.laid]}"
    if not owners_ok:
        diff = {k: (eng_owners.get(k), our_owners.get(k)) for k in sorted(set(eng_owners) | set(our_owners))
                if eng_owners.get(k) != our_owners.get(k)}
        detail["private owners"] = "; ".join(f"{k}: engine {e} ours {o}" for k, (e, o) in diff.items())
    if not prices_ok:
        diff = {k: (eng_prices.get(k), prices.get(k)) for k in sorted(set(eng_prices) | set(prices))
                if eng_prices.get(k) != prices.get(k)}
        detail["share prices"] = "; ".join(f"{k}: engine {e} ours {o}" for k, (e, o) in diff.items())
    if not cash_ok:
        detail["cash"] = f"{entity}: engine {pos['entity']['cash']} ours {ours_company.treasury}"
    kinds = list(detail)
    for k in kinds:
        res.position_diffs[k] += 1

    s = with_cash(scenario, entity, pos["entity"]["buying_power"])
    ours_ms = float("inf")
    for _ in range(RUNS):
        t0 = time.perf_counter()
        moves = rules.legal_moves(s.model_copy(), lays_context(entity))
        ours_ms = min(ours_ms, (time.perf_counter() - t0) * 1000)
    if timed:
        res.ours_ms.append(ours_ms)
        res.engine_ms.append(pos["legal_ms"])
        res.first_game.append(res.games == 1)
    # the engine's set is its track step's (lays_context asked for that set: a lay through a
    # private's ability is a SpecialTrack step's, counted apart)
    ours = canon_set(s, [(m.cell, m.tile, m.rotation) for m in moves])
    eng = canon_set(s, [tuple(x) for x in pos["legal"]])
    lay = tuple(pos["lay"])
    lay_c = (lay[0], lay[1], canon(s, lay[1], lay[2]))
    res.lay_legal_engine += bool(pos.get("lay_legal"))
    res.lay_legal_ours += lay_c in ours
    same = ours == eng
    res.identical += same
    if same and not kinds:
        return
    refused = {(h, t, canon(s, t, r)): why for h, t, r, why in pos.get("refused", [])}
    phase_tiles = set(pos["phase"]["tiles"])
    blocked = dict(pos.get("blocked", []))
    available = set(pos.get("available", []))
    rows = []
    for h, t, r in sorted(eng - ours):
        kind = "upgrade" if (s.board.cell_at_label(h).tile is not None) else "lay"
        try:
            v = rules.explain(s, TrackMove(kind, h, t, r, actor=entity))
            why = f"ours refuse: {v.rule}" + ("" if v.legal else f" ({v.message[:140]})")
            if v.legal:
                why = "ours: legal by explain but not listed by legal_moves"
        except Exception as exc:  # noqa: BLE001 - a crash is a diagnosis too
            why = f"ours: explain failed: {type(exc).__name__}: {str(exc)[:100]}"
        rows.append({"row": [h, t, r], "side": "engine only", "why": why})
    for h, t, r in sorted(ours - eng):
        tdef = s.tile(t)
        if (h, t, r) in refused:
            why = f"engine refuses: {refused[(h, t, r)]}"
        elif tdef is not None and tdef.color not in phase_tiles:
            why = f"engine: colour {tdef.color} not in phase {pos['phase']['name']} ({' '.join(sorted(phase_tiles))})"
        elif t not in pos.get("tiles_left", {}):
            why = "engine: no copy of the tile in its supply (or not in the game's tiles)"
        elif h in blocked:
            why = f"engine: {h} is blocked by the private {blocked[h]}"
        elif h not in available:
            why = "engine: the hex is not available to the company (available_hex: not reached, or no lay of its colour left)"
        else:
            why = "engine: the track step does not offer this tile here at this rotation (upgradeable_tiles)"
        rows.append({"row": [h, t, r], "side": "ours only", "why": why})
    res.diffs.append({"game": game, "action": pos["action"], "entity": entity, "phase": pos["phase"]["name"],
                      "lay": list(pos["lay"]), "lay_engine": bool(pos.get("lay_legal")), "lay_ours": lay_c in ours,
                      "position": kinds, "detail": detail, "rows": rows})


def judge_game(res: TitleResult, path: Path, dump: dict, timed: bool) -> None:
    from model.io.game_log import GameLogError, effective_actions, find_engine, read_game
    from model.io.import_18xx_game import GameReplay, base_scenario, share_parts
    from model.rules import get_rule_set

    res.games += 1
    res.game_overrides |= set(dump.get("game_overrides", []))
    if "fatal" in dump:
        res.engine_errors.append(f"{path.name}: {dump['fatal'][:120]}")
        return
    for e in dump.get("errors", []):
        res.engine_errors.append(f"{path.name} action {e.get('action')}: {e.get('note', '')[:120]}")
    try:
        log = read_game(path.read_text(encoding="utf-8"), str(path))
        base, title, _warnings = base_scenario(log, find_engine(path))
    except GameLogError as exc:
        res.import_errors.append(str(exc)[:200])
        res.positions += len(dump["positions"])
        res.not_compared["our import failed"] += len(dump["positions"])
        return
    rules = get_rule_set(base.rules.id)
    by_index = {p["index"]: p for p in dump["positions"]}
    special = {p["index"]: p for p in dump.get("special", [])}
    res.special += len(special)
    res.special_legal += sum(1 for p in special.values() if not p.get("live_error"))
    replay = GameReplay(base, title, log)
    broken = None
    for index, action in enumerate(log.actions):
        if action["type"] in ("undo", "redo"):
            before = replay.scenario
            replay = GameReplay(base, title, log)
            try:
                for a in effective_actions(log.actions[: index + 1]):
                    replay.apply(a)
                broken = None
            except GameLogError as exc:
                broken = str(exc)
            # the game replayed again shows its unchanged hexes by the objects it had (as the
            # editor's Game panel does from move to move: GameSession.at)
            replay.scenario = share_parts(replay.scenario, before)
            continue
        pos = by_index.get(index)
        if pos is not None:
            res.positions += 1
            reason = compared_reason(pos)
            if broken is not None:
                reason = "our import failed: " + broken[:100]
                if len(res.import_errors) < 5:
                    res.import_errors.append(broken[:200])
            if reason is not None:
                res.not_compared[reason] += 1
            else:
                replay.before(action)
                scenario = replay.result(pos["entity"]["id"])
                judge_position(res, path.name, pos, scenario, rules, timed, log.players, our_prices(replay))
        if broken is None:
            try:
                replay.apply(action)
            except GameLogError as exc:
                broken = str(exc)


# --- report -----------------------------------------------------------------------------------------
def pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.0f}%)" if d else "0/0"


def judged(n: int, d: int) -> str:
    """A share of what was compared; "not judged" when nothing was."""
    return pct(n, d) if d else "not judged"


def markdown(results: list[TitleResult], engine: Path) -> str:
    lines = [
        BEGIN,
        "## Replay: recorded games, position by position",
        "",
        "Written by `tools/replay_conformance.py` (part of `make conformance`); the engine's side is computed by",
        f"`tools/replay_engine.rb` on the recorded games in `{engine.name}/public/fixtures/`. Every raw action is",
        "replayed in order, `undo` and `redo` followed as the site follows them (an undone lay is still a",
        "position someone saw); at every position before a recorded lay by a company, the engine's board,",
        "phase and acting company are compared with our game import (`import --from 18xx-games-game`), and",
        "the engine's legal set for the acting company (what its track step offers and `process_lay_tile`",
        "accepts) with the `18xx` rule set's `legal_moves`, the company's cash taken from the engine (the",
        "import leaves it unset but for 1848 and the 1846 family, where it is compared on its own). Rotations",
        "that lay the same track count as one row.",
        "",
        "### The position (the game import)",
        "",
        "Share prices: the price of every open corporation, compared where the import follows the title's",
        "share market (the 1846 family, `model/io/title_1846_market.py`); a price the import does not",
        "follow is a difference; titles whose market the import does not follow are not judged.",
        "Cash: the acting company's cash, compared where the import follows the corporations' cash",
        "(1848's economy, `model/io/title_1848.py`; the 1846 family's, `model/io/title_1846_cash.py`);",
        "elsewhere, or where the import leaves it unset, not judged.",
        "",
        "| title | games | positions | compared | board | phase | acting company | laid this turn | private owners | share prices | cash |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        c = r.compared
        lines.append(f"| {r.title} | {r.games} | {r.positions} | {c} | {pct(r.board_equal, c)} | {pct(r.phase_equal, c)} | "
                     f"{pct(r.active_equal, c)} | {pct(r.laid_equal, c)} | {pct(r.owners_equal, c)} | "
                     f"{judged(r.prices_equal, r.prices_judged)} | {judged(r.cash_equal, r.cash_judged)} |")
    tot = lambda attr: sum(getattr(r, attr) for r in results)  # noqa: E731
    c = tot("compared")
    lines.append(f"| **all** | {tot('games')} | {tot('positions')} | {c} | {pct(tot('board_equal'), c)} | {pct(tot('phase_equal'), c)} | "
                 f"{pct(tot('active_equal'), c)} | {pct(tot('laid_equal'), c)} | {pct(tot('owners_equal'), c)} | "
                 f"{judged(tot('prices_equal'), tot('prices_judged'))} | {judged(tot('cash_equal'), tot('cash_judged'))} |")
    lines += [
        "",
        "### The legal set (the rule set)",
        "",
        "Engine ms and ours: the total time of computing every compared position's legal set, each side",
        "in its own process on the same machine in the same run (ours: `legal_moves` on the imported",
        "position, asked for the company's ordinary lays, `kinds` lay and upgrade without the lays through",
        "a private's ability; the engine's: its track step's offers and the checks of `process_lay_tile`),",
        "each timed once per position, the first call, with what earlier positions left in each side's",
        "caches. The tool's own copy of every game's engine dump is frozen out of Python's collector",
        "(`gc.freeze`) before the timing, as the engine's process holds one game. The games are replayed",
        "title by title, each imported as the editor imports it: a game after another of its title takes",
        "that game's equal tile supply (`base_scenario`), so the line gives the first game of each title",
        "apart. The speed target is judged per position, on the median of the per-position ratios (the",
        "line under the table); `--strict` makes the run fail when it is missed.",
        "",
        "| title | compared | recorded lay legal (engine) | recorded lay legal (ours) | identical legal sets | special lays | engine ms | ours ms | ratio |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        c = r.compared
        ratio = r.ratio()
        lines.append(f"| {r.title} | {c} | {pct(r.lay_legal_engine, c)} | {pct(r.lay_legal_ours, c)} | {pct(r.identical, c)} | "
                     f"{r.special} | {sum(r.engine_ms):.0f} | {sum(r.ours_ms):.0f} | {f'{ratio:.1f}x' if ratio else '-'} |")
    e_ms, o_ms = sum(sum(r.engine_ms) for r in results), sum(sum(r.ours_ms) for r in results)
    c = tot("compared")
    lines.append(f"| **all** | {c} | {pct(tot('lay_legal_engine'), c)} | {pct(tot('lay_legal_ours'), c)} | {pct(tot('identical'), c)} | "
                 f"{tot('special')} | {e_ms:.0f} | {o_ms:.0f} | {f'{e_ms / o_ms:.1f}x' if o_ms else '-'} |")
    lines += ["", speed_line(results)]
    lines += ["", "### Not compared, and why", "",
              "Positions whose lay is taken by a title's own step (an override of the common track step that",
              "changes the set; the overrides read and found not to are listed in `REVIEWED` in the tool), lays",
              "made through a private company's ability (a SpecialTrack step, counted apart above), and",
              "positions where a side failed.", ""]
    for r in results:
        parts = [f"{n} {why}" for why, n in r.not_compared.most_common()]
        if r.special:
            parts.append(f"{r.special} lays through a private's ability (the engine accepted {r.special_legal})")
        if parts:
            lines.append(f"* {r.title}: " + "; ".join(parts))
        if r.game_overrides:
            lines.append(f"  * the title's game class computes: {', '.join(f'`{o}`' for o in sorted(r.game_overrides))}")
        for e in r.engine_errors[:3]:
            lines.append(f"  * engine: {e}")
        for e in r.import_errors[:3]:
            lines.append(f"  * ours: {e}")
    causes = Counter()
    for r in results:
        for d in r.diffs:
            for row in d["rows"]:
                causes[why_group(row["why"])] += 1
    if causes:
        lines += ["", "### Differences by cause (rows of the legal sets)", "",
                  "| cause | rows |", "| --- | ---: |"]
        for why, n in causes.most_common(25):
            lines.append(f"| {why.replace('|', chr(92) + '|')} | {n} |")
    lines.append(END)
    return "\n".join(lines) + "\n"


def why_group(why: str) -> str:
    """A difference's cause without the position's particulars (numbers, hexes)."""
    import re

    text = re.sub(r"\([^)]*\)", "", why)
    text = re.sub(r"\b[A-Z]{1,2}\d{1,2}\b", "HEX", text)
    text = re.sub(r"(?<![\w.])\d+(?![\w.])", "N", text)
    return " ".join(text.split())[:160]


def write_doc(results: list[TitleResult], engine: Path, out: Path) -> None:
    section = markdown(results, engine)
    text = out.read_text(encoding="utf-8") if out.is_file() else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        text = head.rstrip("\n") + "\n\n" + section + ("\n" + tail if tail else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    out.write_text(text, encoding="utf-8")


def write_diffs(results: list[TitleResult], out: Path, rows: int = 8) -> None:
    lines = ["# Replay differences: the engine's legal set against ours",
             "",
             "Written by `tools/replay_conformance.py --diffs` (every difference of the last run, grouped by",
             "cause: the rule our explain names for a lay only the engine allows, the engine's refusal for a lay",
             "only we allow). Rows are HEX TILE ROTATION; rotations that lay the same track are one row.",
             ""]
    groups: dict[str, list[tuple[str, dict, dict]]] = defaultdict(list)
    position_groups: dict[str, list[str]] = defaultdict(list)
    for r in results:
        for d in r.diffs:
            for row in d["rows"]:
                groups[f"{row['side']}: {why_group(row['why'])}"].append((r.title, d, row))
            for k in d["position"]:
                position_groups[k].append(f"{r.title} {d['game']} action {d['action']} ({d['entity']}): {d['detail'][k]}")
    lines.append("## Causes, most rows first")
    lines.append("")
    for cause, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        titles = Counter(t for t, _, _ in items)
        lines.append(f"### {cause} — {len(items)} rows ({', '.join(f'{t} {n}' for t, n in titles.most_common())})")
        lines.append("")
        for title, d, row in items[:rows]:
            h, t, rot = row["row"]
            lines.append(f"- {title} {d['game']} action {d['action']} {d['entity']} phase {d['phase']}: {h} {t} {rot} — {row['why']}")
        if len(items) > rows:
            lines.append(f"- … {len(items) - rows} more")
        lines.append("")
    refused = [(r.title, d) for r in results for d in r.diffs if d["lay_engine"] and not d["lay_ours"]]
    if refused:
        lines += ["## Recorded lays the engine took and we refuse", ""]
        lines += [f"- {t} {d['game']} action {d['action']} {d['entity']}: {' '.join(map(str, d['lay']))}"
                  + (f" (our import differs: {', '.join(d['position'])})" if d["position"] else "") for t, d in refused]
        lines.append("")
    if position_groups:
        lines += ["## Positions where our import differs from the engine's", ""]
        for k, items in sorted(position_groups.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"### {k} — {len(items)} positions")
            lines.append("")
            lines += [f"- {x}" for x in items[:max(10, rows)]]
            lines.append("")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def figures(r: TitleResult) -> dict:
    return {"positions": r.positions, "compared": r.compared, "identical": r.identical, "lay_legal_ours": r.lay_legal_ours,
            "board_equal": r.board_equal, "phase_equal": r.phase_equal, "active_equal": r.active_equal,
            "laid_equal": r.laid_equal, "owners_equal": r.owners_equal, "prices_equal": r.prices_equal,
            "cash_equal": r.cash_equal}


def check_baseline(results: list[TitleResult], path: Path) -> list[str]:
    if not path.is_file():
        return []
    base = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for r in results:
        old = base.get(r.title)
        if not old:
            continue
        now = figures(r)
        for k in ("identical", "lay_legal_ours", "board_equal", "phase_equal", "active_equal", "laid_equal", "owners_equal",
                  "prices_equal", "cash_equal"):
            if now[k] < old.get(k, 0):
                out.append(f"{r.title}: {k} fell from {old[k]} to {now[k]}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", help=f"the 18xx.games checkout (default $T18XX_DIR or {DEFAULT_ENGINE})")
    p.add_argument("--title", action="append", help="only these titles (repeatable; default: the common-track-step titles)")
    p.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "trackwright-replay"), help="where the engine's dumps are kept")
    p.add_argument("--no-cache", action="store_true", help="always run the engine")
    p.add_argument("--out", default=str(DOC), help="the markdown report (default docs/conformance.md; '-' for none)")
    p.add_argument("--diffs", default=None, help="write every difference, grouped by cause, to this markdown file")
    p.add_argument("--diff-rows", type=int, default=8, help="rows listed per cause in --diffs (the rest counted)")
    p.add_argument("--baseline", default=str(BASELINE))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--check-baseline", action="store_true", help="exit 1 if a title does worse than the baseline")
    g.add_argument("--update-baseline", action="store_true", help="rewrite the baseline with today's figures")
    p.add_argument("--strict", action="store_true", help=f"exit 1 also when the per-position speed target ({SPEED_TARGET:g}x) is missed")
    args = p.parse_args(argv)
    try:
        engine = engine_dir(args.engine)
        fixtures = engine / "public" / "fixtures"
        titles = args.title or list(TITLES)
        games = {t: sorted((fixtures / t).glob("*.json")) for t in titles}
        dumps = engine_dumps([g for gs in games.values() for g in gs], engine, None if args.no_cache else Path(args.cache))
    except SetupError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    results = []
    gc.collect()
    gc.freeze()  # the dumps held for every game are the tool's, not Trackwright's: no collection walks them
    for t in titles:
        res = TitleResult(t)
        for g in games[t]:
            judge_game(res, g, dumps[g], timed=True)
        results.append(res)
        ratio = res.ratio()
        print(f"{t:<18} positions {res.positions:4d} compared {res.compared:4d} board {res.board_equal:4d} phase {res.phase_equal:4d} "
              f"acting {res.active_equal:4d} lay legal {res.lay_legal_ours:4d}/{res.lay_legal_engine:4d} identical {res.identical:4d} "
              f"engine {sum(res.engine_ms):7.0f} ms ours {sum(res.ours_ms):6.0f} ms ({f'{ratio:.1f}x' if ratio else '-'})")
    print(speed_line(results).replace("**", ""))
    if args.out != "-":
        write_doc(results, engine, Path(args.out))
    if args.diffs:
        write_diffs(results, Path(args.diffs), args.diff_rows)
    if args.update_baseline:
        # Titles not in this run keep their figures (a run of one --title rewrites that title only).
        path = Path(args.baseline)
        base = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        base.update({r.title: figures(r) for r in results})
        path.write_text(json.dumps(dict(sorted(base.items())), indent=2) + "\n", encoding="utf-8")
    if args.check_baseline:
        lost = check_baseline(results, Path(args.baseline))
        for line in lost:
            print(f"replay: regression: {line}", file=sys.stderr)
        if lost:
            return 1
    if args.strict:
        got = speed(results)
        if got is None or got[2] < SPEED_TARGET:
            print(f"replay: the per-position speed target ({SPEED_TARGET:g}x) is missed", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
