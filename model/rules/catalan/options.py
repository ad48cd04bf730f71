"""Options of the Catalan rule set: one per rule the excerpts leave open (``docs/rules-catalan.md`` §4 and §5, "option")."""

from __future__ import annotations

from model.rules import OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "switch_trunk_must_stay",
        True,
        "S-9 (A1): a switch in the middle of a track may be replaced by another switch only with the trunk on the "
        "same side; False applies only the continuity test (R1).",
    ),
    OptionSpec(
        "continuity_scope",
        "all_players",
        "A6: whose track a substitution must not cut: every player's ('all_players') or only the players whose "
        "VIA NOSTRA runs through the replaced tile ('owners_of_q').",
        ("all_players", "owners_of_q"),
    ),
    OptionSpec(
        "end_tile_must_stay_attached",
        True,
        "S-8 (A5): the new tile must keep a port on a side through which a train entered the replaced tile, so an "
        "end tile cannot be swapped for one facing away.",
    ),
    OptionSpec(
        "lost_turn_skips_optional",
        True,
        "A8: a player with no legal play in the mandatory phase loses the whole turn, optional phase included.",
    ),
    OptionSpec(
        "dead_end_mandatory_target",
        "own",
        "M8 (A10): a dead end drawn in the mandatory phase goes at one of the player's own open ends ('own') or at "
        "any player's open end ('any').",
        ("own", "any"),
    ),
    OptionSpec(
        "optional_actions_per_turn",
        1,
        "O4 (A11): how many placements or substitutions a player may make in one optional phase.",
    ),
    OptionSpec(
        "reject_noop_substitution",
        True,
        "A17: replacing a tile by an identical tile in the same orientation is not a move.",
    ),
    OptionSpec(
        "optional_open_ends",
        "any_player",
        "O1 (A11): in the optional phase a tile may extend any player's open end ('any_player') or only the "
        "player's own ('own').",
        ("any_player", "own"),
    ),
    OptionSpec(
        "dead_end_reversal",
        False,
        "§3.1: a train may reverse at a dead end's buffer stop; by default only turntables, cities and station "
        "platforms allow reversal.",
    ),
    OptionSpec(
        "blocked_definition",
        "no_turntable_placement",
        "M5 (A7): when a drawn turntable may replace a tile: when it cannot be placed at any of the player's open "
        "ends ('no_turntable_placement'), or only when the player has no open end at all ('no_open_end').",
        ("no_turntable_placement", "no_open_end"),
    ),
    OptionSpec(
        "m5_own_track_only",
        True,
        "M5: the tile a blocked player replaces with her drawn turntable must be part of her own VIA NOSTRA.",
    ),
    OptionSpec(
        "replaced_tiles",
        "supply",
        "§3.2: where a replaced tile goes: back to the supply ('supply'), or out of the game ('discard', which "
        "lowers the scenario's count of that tile by one). Never to the substituting player's hand.",
        ("supply", "discard"),
    ),
    OptionSpec(
        "win_check",
        True,
        "§4.7 (A12): report a player whose VIA NOSTRA reaches her destination (a city label or a station id) as "
        "the winner; ties go to the active player, then to the next in turn order.",
    ),
)
