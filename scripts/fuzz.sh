#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs each libFuzzer target for SECONDS (default 60) and reports executions.
#
#   scripts/fuzz.sh [SECONDS]
#
# Targets (built by Fuzz/build.sh into .build-fuzz/release, address sanitizer on):
#   fuzz-recording-reader  seeds: Examples/recordings/*.yml, the recording test fixtures and
#                          the regression corpus; dictionary Fuzz/recording.dict; inputs up
#                          to 16 KiB
#   fuzz-touch-decoder     seeds: Fuzz/seeds/touch-decoder/*.bin (the bundled recordings in
#                          the decoder's byte format) and the regression corpus; inputs up
#                          to 8 KiB
# The working corpus grows in .build-fuzz/corpus/TARGET across runs. A crash (a trap, a
# sanitizer report, or a broken promise: a touch left down...) is minimized and copied to
# Tests/ReliabilityTests/Corpus/TARGET/, where ReliabilityTests replays it on every test run;
# the script then exits 1.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;; esac

Fuzz/build.sh >/dev/null || { echo "fuzz.sh: build failed (run Fuzz/build.sh)" >&2; exit 1; }

bin=.build-fuzz/release
status=0
total=0
for target in fuzz-recording-reader fuzz-touch-decoder; do
  corpus=.build-fuzz/corpus/$target
  crashes=.build-fuzz/crashes/$target
  mkdir -p "$corpus" "$crashes"
  case "$target" in
    fuzz-recording-reader)
      seeds=(Examples/recordings Tests/LibinputRecordingTests/Fixtures
        Tests/ReliabilityTests/Corpus/fuzz-recording-reader)
      options=(-dict=Fuzz/recording.dict -max_len=16384) ;;
    fuzz-touch-decoder)
      seeds=(Fuzz/seeds/touch-decoder Tests/ReliabilityTests/Corpus/fuzz-touch-decoder)
      options=(-max_len=8192) ;;
  esac
  log=.build-fuzz/$target.log
  # Fresh crash folder per run so only this run's crashes are reported.
  rm -f "$crashes"/crash-* "$crashes"/leak-* "$crashes"/timeout-* "$crashes"/oom-*
  "$bin/$target" "$corpus" "${seeds[@]}" "${options[@]}" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
    >"$log" 2>&1
  result=$?
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  executions=${executions:-0}
  total=$((total + executions))
  corpus_size=$(find "$corpus" -type f | wc -l)
  line="$target: $executions executions in ${seconds} s, corpus $corpus_size inputs"
  found=$(find "$crashes" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | head -1)
  if [ "$result" -ne 0 ] || [ -n "$found" ]; then
    status=1
    if [ -n "$found" ]; then
      keep=Tests/ReliabilityTests/Corpus/$target
      mkdir -p "$keep"
      minimized="$crashes/minimized-$(basename "$found")"
      "$bin/$target" -minimize_crash=1 -runs=20000 -exact_artifact_path="$minimized" "$found" \
        "${options[@]}" >>"$log" 2>&1
      [ -s "$minimized" ] || minimized="$found"
      cp "$minimized" "$keep/$(basename "$found")"
      line="$line; CRASH (see $log) minimized into $keep/$(basename "$found")"
    else
      line="$line; exited $result (see $log)"
    fi
  fi
  echo "$line"
done
echo "total: $total executions"
exit $status
