"""Where the bundled data lives, for editable installs and for ``pip install .`` alike.

The wheel installs ``resources/`` and ``scenarios/`` inside the package ``model`` as
``model/_data/resources`` and ``model/_data/scenarios`` (see pyproject.toml); a source checkout
has them at the repository root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def _data_root() -> Path:
    here = Path(__file__).resolve().parent
    packaged = here / "_data"
    if (packaged / "resources").is_dir():
        return packaged
    return here.parent


def resources_dir() -> Path:
    return _data_root() / "resources"


def scenarios_dir() -> Path:
    return _data_root() / "scenarios"
