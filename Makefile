# Trackwright: `make run` opens the editor, `make test` runs every test. The first use creates .venv.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-dev

.PHONY: run test lint bench fuzz schema screenshots conformance conformance-docs clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml setup.py | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/trackwright

# the tests in two processes (pytest-xdist; JOBS=1 for one)
JOBS ?= 2
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(JOBS)
	$(VENV)/bin/lint-imports

lint: $(STAMP)
	$(VENV)/bin/ruff check model editor tests bench tools
	$(VENV)/bin/lint-imports

# Every benchmark, judged against bench/recorded.json (exit 1 on a miss); writes bench/README.md
# and the figures the docs quote. STRICT=1: a product requirement not met is a miss too.
bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen BENCH_STRICT=$(STRICT) $(PY) bench/run.py

# The long versions of the property tests: every test marked `slow` (the loader's fuzzing, undo/redo
# storms with resizes; an importer's fuzz test joins by carrying the same mark) with thousands of
# examples each. `make test` runs the same tests with the quick default profile.
fuzz: $(STAMP)
	QT_QPA_PLATFORM=offscreen HYPOTHESIS_PROFILE=fuzz $(PY) -m pytest -q -m slow tests

schema: $(STAMP)
	$(VENV)/bin/trackwright schema > resources/schema/scenario.schema.json.tmp
	mv resources/schema/scenario.schema.json.tmp resources/schema/scenario.schema.json

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen TRACKWRIGHT_SCREENSHOTS=docs $(PY) -m pytest -q tests/test_screenshots.py tests/test_tileset_screenshots.py

# The 18xx.games engine judges our import/export and rule set, title by title (needs ruby and an
# engine checkout: T18XX_DIR, default ../shared/upstream/18xx-2025-01), and fails when a title got
# worse than tools/conformance-baseline.json (the replay of recorded games: tools/replay-baseline.json).
# Writes no file; `make conformance-docs` runs the same
# and writes docs/conformance.md (its generated block) and docs/conformance-18xx-maker.md.
conformance: $(STAMP)
	$(PY) tools/conformance.py --check-baseline
	$(PY) tools/replay_conformance.py --check-baseline --out -
	$(PY) tools/build_game_puzzles.py --check
	$(PY) tools/conformance_maker.py --write ''

conformance-docs: $(STAMP)
	$(PY) tools/conformance.py --check-baseline --out docs/conformance.md
	$(PY) tools/replay_conformance.py --check-baseline --out docs/conformance.md
	$(PY) tools/conformance_maker.py

clean:
	rm -rf $(VENV) build *.egg-info
