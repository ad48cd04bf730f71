"""A puzzle's turn structure: the one a new puzzle starts with (the rule set's, see
:meth:`model.rules.RuleSet.puzzle_phases`) and its text form ``name[:drawn][:required][:xN]``."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from model.puzzle_spec import PhaseStep
from model.rules import get_rule_set
from model.scenario import Scenario


def default_phases(scenario: Scenario) -> list[PhaseStep]:
    """The turn structure used when the scenario has no puzzle yet: the rule set's
    (:meth:`RuleSet.puzzle_phases`), else one phase of up to three moves."""
    try:
        own = get_rule_set(scenario.rules.id).puzzle_phases(scenario)
    except KeyError:  # an unknown rule set: the generic structure
        own = None
    return list(own) if own is not None else [PhaseStep(name=scenario.state.game_phase or "I", max_moves=3)]


def parse_phases(text: str, old: list[PhaseStep] | None = None) -> list[PhaseStep]:
    """Phase steps written ``name[:drawn][:required][:xN]``, comma-separated (as in the editor).
    A step named as one of ``old`` keeps that step's move kinds, which the text does not write.

    Raises ValueError naming the bad step.
    """
    previous = {p.name: p for p in (old or [])}
    out = []
    for chunk in [c.strip() for c in text.split(",") if c.strip()]:
        name, *flags = [f.strip() for f in chunk.split(":")]
        data: dict[str, Any] = {"name": name}
        for f in flags:
            if f == "drawn":
                data["tile_from"] = "drawn"
            elif f == "required":
                data["required"] = True
            elif len(f) > 1 and f[0] == "x" and f[1:].isdigit():
                data["max_moves"] = int(f[1:])
            else:
                raise ValueError(f"{chunk[:40]!r}: unknown flag {f[:20]!r} (use drawn, required or xN)")
        if name in previous and previous[name].kinds is not None:
            data["kinds"] = previous[name].kinds
        try:
            out.append(PhaseStep.model_validate(data))
        except ValidationError as exc:
            raise ValueError(f"{chunk[:40]!r}: {exc.errors(include_url=False)[0]['msg']}") from None
    if not out:
        raise ValueError("at least one phase step is needed, e.g. 'optional'")
    return out
