"""Load and save scenario files.

Loading never crashes and never writes: every failure is a :class:`LoadError` naming the file
and the place (line and column for broken JSON, the field path for schema errors). Saving is
atomic: write a temporary file in the same folder, flush, fsync, keep the old file as
``<name>.bak`` and rename the new one into place.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

import pydantic_core
from pydantic import ValidationError

from model import collector
from model.board import CELL_LAYOUT
from model.io.atomic import OutputRefused, write_atomic
from model.io.messages import clip_long_words, shorten, shorten_repr
from model.io.migrate import MigrationError, migrate
from model.scenario import FORMAT, VERSION, Scenario

# The largest file load reads and save writes (the two agree: save refuses to write more). A
# 1000x1000 board with terrain and a tile on every cell takes about 130 MB.
MAX_BYTES = 256 * 1024 * 1024


class LoadError(Exception):
    """A scenario file that cannot be read; ``str()`` names the file and the place."""

    def __init__(self, file: str, where: str, message: str) -> None:
        # a hostile file's keys and values can be millions of characters: echo about 80 of each
        where = ".".join(shorten(part) for part in where.split(".")) if len(where) > 80 else where
        message = clip_long_words(message)
        self.file, self.where, self.message = file, where, message
        place = f":{where}" if where else ""
        super().__init__(f"{file}{place}: {message}")


class SaveError(Exception):
    """A scenario that could not be written; the previous file is untouched."""


def _field_path(loc: tuple[Any, ...]) -> str:
    # Dotted throughout, list positions counted from 0 (``board.edges.0.edge``), the same form
    # the model-level checks in Scenario._structure use. pydantic adds the tag of a discriminated
    # union (e.g. 'square' in ``board.grid.square.width``); it is kept, it helps.
    return ".".join(str(p) for p in loc)


_JSON_AT = re.compile(r"^(.*) at line (\d+) column (\d+)$")


def _describe_validation(exc: ValidationError) -> tuple[str, str]:
    err = exc.errors(include_url=False)[0]
    if err.get("type") == "json_invalid":  # pydantic's own parser refuses what json.loads took
        detail = str(err.get("ctx", {}).get("error", err.get("msg", "")))
        m = _JSON_AT.match(detail)
        if m:
            hint = " (a \\u escape of half a surrogate pair?)" if "escape" in m.group(1) else ""
            return f"{m.group(2)}:{m.group(3)}", f"broken JSON: {m.group(1)}{hint}"
        return "", f"broken JSON: {detail}"
    path = _field_path(tuple(err.get("loc", ())))
    msg = err.get("msg", "invalid")
    if err.get("type") == "extra_forbidden":
        msg = "unknown field (not part of the format)"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    more = len(exc.errors()) - 1
    if more > 0:
        msg += f" (and {more} more problem{'s' if more > 1 else ''})"
    return path, msg


def loads(text: str | bytes, file: str = "<string>") -> Scenario:
    """Parse, migrate and validate a scenario from JSON text."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark (some Windows editors) is fine
        except UnicodeDecodeError as exc:
            raise LoadError(file, f"byte {exc.start}", "not UTF-8 text (is this a scenario file?)") from None
    if not text.strip():
        raise LoadError(file, "", "the file is empty")
    try:
        doc = json.loads(text, object_pairs_hook=_SharedObjects(), parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise LoadError(file, f"{exc.lineno}:{exc.colno}", f"broken JSON: {exc.msg}") from None
    except _JsonProblem as exc:
        raise LoadError(file, _place_of(text, exc), f"broken JSON: {exc}") from None
    except RecursionError:
        raise LoadError(file, "", "broken JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise LoadError(file, "", f"broken JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise LoadError(file, "", f"expected a JSON object at the top, found {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise LoadError(file, "format", f"expected {FORMAT!r}, found {shorten_repr(doc.get('format'))} (not a Trackwright scenario)")
    migrated = doc.get("version") != VERSION
    try:
        doc = migrate(doc)
    except MigrationError as exc:
        path, _, msg = str(exc).partition(": ")
        raise LoadError(file, path, msg) from None
    layout = _share_equal_cells(doc)
    if not migrated and layout is None:
        del doc  # the parsed tree is not needed while pydantic builds the models
        return _validate(text, file, None)
    if migrated:
        # pydantic reads the migrated object as text: first let its parser read the user's own
        # text, so that what it refuses (half a surrogate pair, nesting beyond its limit) is
        # located in the user's file, not in ours
        _pydantic_parses(text, file)
    try:
        reduced = json.dumps(doc)
    except (RecursionError, ValueError):
        raise LoadError(file, "", "broken JSON: nested too deeply") from None
    del doc
    context = {CELL_LAYOUT: layout} if layout is not None else None
    try:
        return _validate(reduced, file, context)
    except LoadError as exc:
        if migrated or not exc.message.startswith("broken JSON"):
            raise
    # what pydantic's parser refuses in the reduced text is in the user's text too: read that
    # one as it is, so that the error is located in the user's file
    del reduced
    return _validate(text, file, None)


# Boards with at least this many described cells are validated one distinct cell at a time.
SHARE_CELLS_FROM = 256


def _share_equal_cells(doc: dict[str, Any]) -> tuple[list[str], list[int], dict[int, str]] | None:
    """Keep one cell of each distinct content in ``doc`` and return how to put the board back.

    A filled board repeats a few dozen cell contents (a tile at a rotation on a terrain)
    hundreds of thousands of times; pydantic then builds each distinct cell once, and the
    labels share it (see ``Board._expand_shared_cells``). Returns ``(labels, keys, first)`` or
    None when there is too little to share.
    """
    board = doc.get("board")
    cells = board.get("cells") if isinstance(board, dict) else None
    if not isinstance(cells, dict) or len(cells) < SHARE_CELLS_FROM:
        return None
    # the parser returned equal cells as one shared object (see _SharedObjects): its identity
    # is the key of its content
    index: dict[int, int] = {}
    keys: list[int] = []
    first: dict[int, str] = {}
    for label, raw in cells.items():
        key = index.setdefault(id(raw), len(index))
        keys.append(key)
        if key == len(first):
            first[key] = label
    if len(first) * 2 > len(cells):
        return None  # mostly distinct cells: nothing to gain
    labels = list(cells)
    board["cells"] = {label: cells[label] for label in first.values()}
    return labels, keys, first


def _validate(text: str, file: str, context: dict[str, Any] | None) -> Scenario:
    """Validate JSON text as a Scenario; every failure is a LoadError."""
    # Strict JSON validation: "4" is not a number and true is not 1. Collection pauses while
    # pydantic builds ten thousand small objects (a 100x100 board of distinct cells: 0.1 s
    # instead of 0.28 s).
    try:
        with collector.paused():
            return Scenario.model_validate_json(text, strict=True, context=context)
    except ValidationError as exc:
        path, msg = _describe_validation(exc)
        if not path and ": " in msg and not msg.startswith("broken JSON"):
            # model-level checks put the field path at the start of their message
            path, _, msg = msg.partition(": ")
        raise LoadError(file, path, msg) from None
    except RecursionError:
        raise LoadError(file, "", "nested too deeply") from None


def _pydantic_parses(text: str, file: str) -> None:
    """Raise the LoadError pydantic's JSON parser would give for ``text`` (line:column in it)."""
    try:
        pydantic_core.from_json(text)
    except ValueError as exc:
        m = _JSON_AT.match(str(exc))
        if m is None:
            raise LoadError(file, "", f"broken JSON: {exc}") from None
        hint = " (a \\u escape of half a surrogate pair?)" if "escape" in m.group(1) else ""
        raise LoadError(file, f"{m.group(2)}:{m.group(3)}", f"broken JSON: {m.group(1)}{hint}") from None


def _finite_float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):  # 1e400: Python reads it as infinity, which no JSON file can hold
        raise _JsonProblem(f"the number {shorten(literal)} is too large (the limit is about 1.8e308)", literal)
    return value


class _JsonProblem(ValueError):
    """Valid JSON syntax that the format still refuses (NaN, a key given twice)."""

    def __init__(self, message: str, needle: str) -> None:
        super().__init__(message)
        self.needle = needle


class _SharedObjects:
    """The parser's object hook: refuses a key given twice, and returns one dict for equal ones.

    Equal small objects (``{"tile": "curve", "rotation": 2}``, and the cells holding them) come
    back as one shared dict, so the parsed tree of a filled board is small; the tree is only
    read, never changed in place. Values are compared with their types (``1``, ``1.0`` and
    ``true`` differ); an object holding a list is never shared.
    """

    MAX_PAIRS = 6
    MAX_DISTINCT = 100_000  # past this many distinct objects, stop remembering new ones

    def __init__(self) -> None:
        self.memo: dict[tuple, dict[str, Any]] = {}

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = _unique_keys(pairs)
        if len(pairs) > self.MAX_PAIRS:
            return obj
        key = []
        for k, v in pairs:
            t = type(v)
            if t is dict:
                key.append((k, t, id(v)))  # an equal dict is the same (shared) object
            elif t is list:
                return obj
            else:
                key.append((k, t, repr(v) if t is float else v))  # repr: -0.0 is not 0.0
        key_t = tuple(key)
        found = self.memo.get(key_t)
        if found is not None:
            return found
        if len(self.memo) < self.MAX_DISTINCT:
            self.memo[key_t] = obj
        return obj


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _JsonProblem(f"the key {shorten_repr(key)} appears twice in one object", json.dumps(key))
            seen.add(key)
    return obj


def _reject_constant(name: str) -> Any:
    raise _JsonProblem(f"{name} is not a JSON number", name)


def _place_of(text: str, problem: _JsonProblem) -> str:
    """line:column of a refused token, found by a slower second parse that tracks positions."""
    starts: list[int] = []

    def parse_object(s_and_end, *args):  # the pure-Python scanner's hook for every object
        starts.append(s_and_end[1])
        obj, end = json.decoder.JSONObject(s_and_end, *args)
        starts.pop()
        return obj, end

    decoder = json.JSONDecoder(object_pairs_hook=_unique_keys, parse_constant=_reject_constant, parse_float=_finite_float)
    decoder.parse_object = parse_object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except _JsonProblem:
        pass
    except (ValueError, RecursionError):
        return ""
    origin = starts[-1] if starts else 0
    # the refused token is the first occurrence after the innermost open object's start
    # (for a key given twice: the second occurrence)
    pos = text.find(problem.needle, origin)
    if problem.needle.startswith('"'):
        pos = text.find(problem.needle, pos + 1) if pos >= 0 else -1
    if pos < 0:
        return ""
    line = text.count("\n", 0, pos) + 1
    return f"{line}:{pos - (text.rfind(chr(10), 0, pos) + 1) + 1}"


def load(path: str | os.PathLike[str]) -> Scenario:
    """Read a scenario file. Raises LoadError (never anything else) when it cannot."""
    p = Path(path)
    name = str(path)
    try:
        st = p.stat()
        if stat.S_ISDIR(st.st_mode):
            raise LoadError(name, "", "is a folder, not a scenario file")
        if not stat.S_ISREG(st.st_mode):  # reading /dev/zero or a pipe would never end
            raise LoadError(name, "", "is not a regular file (a device, pipe or socket?)")
        size = st.st_size
        if size > MAX_BYTES:
            raise LoadError(name, "", f"is {size} bytes; scenario files are limited to {MAX_BYTES} bytes")
        data = p.read_bytes()
        try:
            text = data.decode("utf-8-sig")  # here, so that the bytes are gone while the text is read
        except UnicodeDecodeError as exc:
            raise LoadError(name, f"byte {exc.start}", "not UTF-8 text (is this a scenario file?)") from None
        del data
    except LoadError:
        raise
    except FileNotFoundError:
        raise LoadError(name, "", "no such file") from None
    except PermissionError:
        raise LoadError(name, "", "permission denied (the file cannot be read)") from None
    except OSError as exc:
        raise LoadError(name, "", f"cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. a NUL character in the name
        raise LoadError(name, "", f"cannot be read: {exc}") from None
    return loads(text, name)


def to_data(scenario: Scenario) -> dict[str, Any]:
    """The canonical JSON object of a scenario: defaults left out, fields in model order."""
    data = scenario.model_dump(mode="json", exclude_defaults=True, by_alias=True, exclude={"board": {"cells"}})
    data["format"], data["version"] = scenario.format, scenario.version
    board = data["board"]
    # the grid's kind is the union's tag: always written, first
    board["grid"] = {"kind": scenario.board.grid.kind, **board["grid"]}
    if scenario.board.cells:
        # each distinct Cell object is dumped once (a loaded filled board shares them)
        dumped: dict[int, dict[str, Any]] = {}
        cells = {}
        for label, cell in scenario.board.cells.items():
            d = dumped.get(id(cell))
            if d is None:
                d = dumped[id(cell)] = cell.model_dump(mode="json", exclude_defaults=True, by_alias=True)
            cells[label] = d
        data["board"] = {k: (cells if k == "cells" else board[k]) for k in type(scenario.board).model_fields if k in board or k == "cells"}
    return data


def dumps(scenario: Scenario) -> str:
    """Canonical JSON text: stable key order and formatting, identical bytes for equal scenarios."""
    data = to_data(scenario)
    ordered = {"format": data.pop("format"), "version": data.pop("version")}
    ordered.update(data)
    return json.dumps(ordered, indent=1, ensure_ascii=False, separators=(",", ": "), allow_nan=False) + "\n"


def save(scenario: Scenario, path: str | os.PathLike[str], backup: bool = True) -> None:
    """Write atomically; the previous file (if any) is kept as ``<name>.bak``."""
    p = Path(path)
    try:
        text = dumps(scenario).encode("utf-8")
    except ValueError as exc:  # NaN or infinity set in memory: no JSON file can hold it
        if isinstance(exc, UnicodeEncodeError):  # only an unpaired surrogate ("\ud800") can cause it
            raise SaveError(f"{p}: cannot be written: a text field holds an unpaired surrogate {exc.object[exc.start:exc.end]!r}") from None
        where = _non_finite_path(to_data(scenario)) or "a number field"
        raise SaveError(f"{p}: cannot be written: {where} is not a finite number (NaN or infinity)") from None
    if len(text) > MAX_BYTES:
        raise SaveError(
            f"{p}: cannot be written: the scenario takes {len(text)} bytes; scenario files are limited to "
            f"{MAX_BYTES} bytes, so it could not be opened again. Nothing was written."
        )
    try:
        write_atomic(p, text, backup=backup)
    except OutputRefused as exc:
        raise SaveError(str(exc)) from None
    except OSError as exc:
        raise SaveError(f"{p}: cannot be written: {exc.strerror or exc}") from None


def _non_finite_path(node: Any, prefix: str = "") -> str | None:
    """The field path of the first NaN or infinite number in a JSON tree."""
    if isinstance(node, float) and not math.isfinite(node):
        return prefix or "the root"
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        found = _non_finite_path(value, f"{prefix}.{key}" if prefix else str(key))
        if found:
            return found
    return None


def schema_json() -> str:
    """The JSON Schema of the scenario format, as published in resources/schema/."""
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://trackwright.invalid/schema/scenario-1.json"
    return json.dumps(schema, indent=1, sort_keys=True) + "\n"
