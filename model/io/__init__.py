"""Reading and writing scenario files: versioned, validated, atomic. See ``model/io/files.py``."""

from model.io.files import LoadError, SaveError, dumps, load, loads, save, schema_json

__all__ = ["LoadError", "SaveError", "dumps", "load", "loads", "save", "schema_json"]
