#!/usr/bin/env bash
# Long reliability runs in a release build (swift test -c release; -enable-testing because
# some test targets use @testable imports).
#
#   scripts/soak.sh [GESTURES]          replay GESTURES gestures (default 1,000,000) through
#                                       the engine with the default scene (GestureSoakTests);
#                                       resident size may grow at most 1 MiB after warm-up
#   scripts/soak.sh --property [STREAMS] run the core's seeded property test
#                                       (RandomStreamPropertyTests) on STREAMS random streams
#                                       (default 100,000): seeds 0 ..< STREAMS
#
# Reports gestures, time and RSS before/after (soak), or the seed range checked (property).
# Exit status 0 when the run passed.
set -uo pipefail
cd "$(dirname "$0")/.."
release=(swift test -c release -Xswiftc -enable-testing)

if [ "${1:-}" = "--property" ]; then
  streams="${2:-100000}"
  case "$streams" in '' | *[!0-9]*) echo "usage: scripts/soak.sh --property [STREAMS]" >&2; exit 2 ;; esac
  log=$(mktemp)
  start=$(date +%s)
  GESTUREBRIDGE_PROPERTY_STREAMS="$streams" "${release[@]}" \
    --filter GestureCoreTests.RandomStreamPropertyTests >"$log" 2>&1
  status=$?
  seconds=$(($(date +%s) - start))
  grep -E "error:|seed [0-9]+:" "$log" | head -5
  if [ $status -eq 0 ] && grep -q "Executed 1 test, with 0 failures" "$log"; then
    echo "property: $streams random streams on random scenes, seeds 0 ..< $streams all kept every invariant (${seconds} s including the build)"
  else
    echo "property: FAILED (exit $status), see $log"
    exit 1
  fi
  rm -f "$log"
  exit 0
fi

gestures="${1:-1000000}"
case "$gestures" in '' | *[!0-9]*) echo "usage: scripts/soak.sh [GESTURES] | --property [STREAMS]" >&2; exit 2 ;; esac
log=$(mktemp)
GESTUREBRIDGE_SOAK_GESTURES="$gestures" GESTUREBRIDGE_SOAK_MAX_GROWTH_KIB=1024 "${release[@]}" \
  --filter ReliabilityTests.GestureSoakTests >"$log" 2>&1
status=$?
grep -E "^soak:|error:" "$log"
if [ $status -eq 0 ] && grep -q "Executed 1 test, with 0 failures" "$log"; then
  echo "soak: passed"
  rm -f "$log"
else
  echo "soak: FAILED (exit $status), see $log"
  exit 1
fi
