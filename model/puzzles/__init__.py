"""Puzzles: goals and resources stored in a scenario (``goal``), and the solver (``solver``).

Only ``model.puzzle_spec`` is imported here, because ``model.scenario`` imports it; import the
solver explicitly (``from model.puzzles.solver import solve``).
"""
