#!/usr/bin/env bash
# CI, after `make test`: when an 18xx.games engine checkout is beside the repository, let it judge
# every title (tools/conformance.py) and fail if a title that passed before (the baseline,
# tools/conformance-baseline.json) fails now. Installs ruby when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
engine="${T18XX_DIR:-../shared/upstream/18xx-2025-01}"
if [ ! -d ../shared/upstream ] && [ -z "${T18XX_DIR:-}" ]; then
  echo "conformance: no ../shared/upstream; skipped"
  exit 0
fi
if [ ! -f "$engine/lib/engine.rb" ]; then
  echo "conformance: no 18xx.games engine at $engine; skipped"
  exit 0
fi
if ! command -v ruby >/dev/null 2>&1; then
  echo "installing ruby"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ruby >/dev/null
fi
T18XX_DIR="$engine" make conformance
