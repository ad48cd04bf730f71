"""Merge ids of the commands that merge (QUndoCommand.id): one per kind of stroke."""

PAINT_STROKE = 1001
ERASE_STROKE = 1002
