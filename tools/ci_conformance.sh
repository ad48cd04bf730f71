#!/usr/bin/env bash
# CI, after `make test`, in the clean clone: when an 18xx.games engine checkout is given
# (T18XX_DIR; .ci/run points it at the one beside the original repository), let it judge every
# title (`make conformance`: tools/conformance.py --check-baseline and the 18xx-maker comparison)
# and fail when any title got worse than tools/conformance-baseline.json (a map no longer equal,
# rule tables no longer agreeing, fewer rows compared, more excluded or more differing).
# Writes no tracked file (`make conformance-docs` writes the pages). Installs ruby when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
engine="${T18XX_DIR:-../shared/upstream/18xx-2025-01}"
if [ ! -f "$engine/lib/engine.rb" ]; then
  echo "conformance: no 18xx.games engine at $engine; skipped"
  exit 0
fi
if ! command -v ruby >/dev/null 2>&1; then
  echo "installing ruby"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ruby >/dev/null
fi
T18XX_DIR="$(cd "$engine" && pwd)" make conformance
