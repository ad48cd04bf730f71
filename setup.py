"""Packs the top-level ``resources/`` and ``scenarios/`` into the wheel as ``model/_data/``.

Everything else is in pyproject.toml. An editable install finds the folders at the repository
root instead (see ``model/paths.py``).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithData(build_py):
    def run(self):
        super().run()
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "model" / "_data"
        for name in ("resources", "scenarios"):
            src = root / name
            if src.is_dir():
                dst = target / name
                if dst.exists():
                    shutil.rmtree(dst)
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
