"""The JSON Schema: generated from the models, published in resources/schema/, printed by
`trackwright schema`. The published copy must equal the generated one (`make schema` updates it)."""

from __future__ import annotations

import json
from pathlib import Path

from editor.cli import main
from model.io import schema_json
from model.paths import resources_dir

PUBLISHED = Path(__file__).resolve().parent.parent / "resources" / "schema" / "scenario.schema.json"


def test_published_schema_is_up_to_date():
    assert PUBLISHED.is_file(), "resources/schema/scenario.schema.json is missing: run `make schema`"
    assert PUBLISHED.read_text(encoding="utf-8") == schema_json(), (
        "the published schema is stale: a model changed; run `make schema` and commit the result"
    )


def test_published_schema_is_found_through_resources_dir():
    assert (resources_dir() / "schema" / "scenario.schema.json").resolve() == PUBLISHED.resolve()


def test_schema_command_prints_it(capsys):
    assert main(["schema"]) == 0
    out = capsys.readouterr().out
    assert out == schema_json()
    schema = json.loads(out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "Scenario"
    assert schema["additionalProperties"] is False  # unknown fields are errors
    assert {"rules", "board"} <= set(schema["required"])
    assert schema["properties"]["format"]["const"] == "trackwright-scenario"


def test_schema_describes_both_grid_kinds_and_tiles():
    schema = json.loads(schema_json())
    defs = schema["$defs"]
    assert {"SquareGrid", "HexGrid", "Cell", "TileDef", "TilePath", "EdgeFeature", "LaidTile"} <= set(defs)
    assert defs["SquareGrid"]["properties"]["kind"]["const"] == "square"
    assert defs["HexGrid"]["properties"]["orientation"]["enum"] == ["flat", "pointy"]
    for name in ("Cell", "LaidTile", "Board"):
        assert defs[name]["additionalProperties"] is False
