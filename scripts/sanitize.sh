#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The test suite under a sanitizer, in its own build directory:
#
#   scripts/sanitize.sh address [SWIFT-TEST-ARGS...]   AddressSanitizer + LeakSanitizer, .build-asan
#   scripts/sanitize.sh thread  [SWIFT-TEST-ARGS...]   ThreadSanitizer, .build-tsan
#
# Extra arguments go to `swift test` (for example `--filter ProtocolAbuseTests`). The tools
# the tests run as subprocesses (gesture-bridge, libinput-touch-dump, the demo client) come
# from the same build, so they run sanitized too. Sanitizer reports from every process land
# in the log; at the end the script prints the test summary, each distinct report and, for
# address, LeakSanitizer's leaks grouped by where they were allocated.
#
# Exit status 0 when every test passed and no sanitizer reported an error. Leaks are
# reported but do not fail the run (LeakSanitizer's own exit status is turned off with
# exitcode=0 so that the test results stay readable); read the leak summary.
set -uo pipefail
cd "$(dirname "$0")/.."

kind="${1:-}"
case "$kind" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  *) echo "usage: scripts/sanitize.sh address|thread [SWIFT-TEST-ARGS...]" >&2; exit 2 ;;
esac
shift
log="$scratch/sanitize-$kind.log"
mkdir -p "$scratch"

start=$(date +%s)
if ! swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" >"$log" 2>&1; then
  tail -30 "$log"
  echo "sanitize $kind: build FAILED, see $log"
  exit 1
fi
built=$(date +%s)
# log_path keeps each process's report in a file of its own, so reports of subprocesses
# are not lost in captured pipes; they are appended to the log afterwards.
reports="$scratch/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"
export ASAN_OPTIONS="detect_leaks=1:exitcode=0:log_path=$PWD/$reports/asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="exitcode=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="exitcode=0:log_path=$PWD/$reports/tsan${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" "$@" >>"$log" 2>&1
status=$?
finished=$(date +%s)
cat "$reports"/* >>"$log" 2>/dev/null

echo "sanitize $kind: build $((built - start)) s, tests $((finished - built)) s; log $log"
grep -E "^Test Suite 'All tests' (passed|failed)|Executed [0-9]+ tests?, with|Test run with [0-9]+ tests" "$log" | tail -4
grep -E "error: [A-Za-z]+\.test|✘ Test .* failed" "$log" | cut -c1-300 | head -20
errors=$(cat "$reports"/* 2>/dev/null | grep -cE "^(==[0-9]+==)?(ERROR: AddressSanitizer|WARNING: ThreadSanitizer)")
echo "sanitizer errors reported: $errors"
cat "$reports"/* 2>/dev/null | grep -E "^SUMMARY: (AddressSanitizer|ThreadSanitizer): [^0-9]" | sort | uniq -c
if [ "$kind" = address ]; then
  leaks=$(cat "$reports"/* 2>/dev/null | grep -E "^SUMMARY: AddressSanitizer: [0-9]+ byte" || true)
  if [ -n "$leaks" ]; then
    echo "LeakSanitizer, per process: $(echo "$leaks" | sed 's/SUMMARY: AddressSanitizer: //' | paste -sd ';' -)"
    echo "leaked allocations by the first frame outside the allocator and the Swift runtime:"
    cat "$reports"/* | awk '
      /^(Direct|Indirect) leak of/ { bytes = $4; want = 1; next }
      want && /^ *#[0-9]+ / {
        frame = $0
        if (frame ~ /(malloc|calloc|realloc|operator new|swift_slowAlloc|swift_allocObject|swift_allocBox|_swift_|swift::|__interceptor|posix_memalign)/) next
        sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "", frame)
        sub(/ \/.*\//, " ", frame)
        total[frame] += bytes; count[frame]++; want = 0
      }
      END { for (f in total) printf "%8d bytes %5d x %s\n", total[f], count[f], f }' |
      sort -rn | head -25
  else
    echo "LeakSanitizer: no leak reported"
  fi
fi
if [ $status -ne 0 ] || [ "$errors" -ne 0 ]; then
  echo "sanitize $kind: FAILED (swift test exit $status)"
  exit 1
fi
echo "sanitize $kind: passed"
