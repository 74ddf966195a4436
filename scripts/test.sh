#!/usr/bin/env bash
# Everything CI checks: setup, build, the whole test suite, generated files, formatting.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build
swift test
if [ -f scripts/check-generated.sh ]; then
  bash scripts/check-generated.sh
fi
swift format lint --strict -r Sources Tests
