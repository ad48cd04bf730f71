"""18xx-maker's own JSON Schemas (a copy in ``tests/data/18xx-maker-schemas``) as a Draft 7 validator.

``game.schema.json`` refers to ``tiles.defs.json`` by a relative reference resolved against its
``$id``; every schema file is registered under its ``$id`` and under its bare file name, so both
spellings resolve without any network access.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

SCHEMA_DIR = Path(__file__).parent / "data" / "18xx-maker-schemas"


@cache
def registry() -> Registry:
    """Every schema file under its ``$id`` and its file name."""
    pairs = []
    for path in sorted(SCHEMA_DIR.glob("*.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(contents, default_specification=DRAFT7)
        pairs += [(contents["$id"], resource), (path.name, resource)]
    return Registry().with_resources(pairs)


@cache
def validator(name: str = "game.schema.json") -> Draft7Validator:
    """A Draft 7 validator for one of the schemas (by file name), with the registry attached."""
    schema = registry().contents(name)
    Draft7Validator.check_schema(schema)
    return Draft7Validator(schema, registry=registry())


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The errors that explain ``error``: itself, or for a oneOf/anyOf the errors of the branch
    that came closest (its errors lie deepest in the data; then the fewest), each explained in turn."""
    if not error.context:
        return [error]
    branches: dict[object, list[ValidationError]] = {}
    for e in error.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)
    closest = max(branches.values(), key=lambda errs: (max(len(e.absolute_path) for e in errs), -len(errs)))
    return [leaf for e in closest for leaf in _leaves(e)]


def schema_errors(data: object, name: str = "game.schema.json") -> list[str]:
    """Every validation error as ``<JSON path>: <message>`` (empty when ``data`` is valid)."""
    errors = [leaf for top in validator(name).iter_errors(data) for leaf in _leaves(top)]
    return sorted(f"{e.json_path}: {e.message[:200]}" for e in errors)
