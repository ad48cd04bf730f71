"""Dock panels of the editor: tile palette, properties, players/companies, issues."""
