#!/usr/bin/env bash
# GestureBridge benchmarks: builds in release, runs every benchmark and prints one markdown
# table (measured value, target, ratio, pass/miss). Not part of the test command: these are
# measurements, not timed tests, and a full run takes several minutes.
#
#   scripts/bench.sh           full run (10-minute 240 Hz 10-finger recording, ~10 s per
#                              core benchmark, callgrind, 60 s through libinput)
#   scripts/bench.sh --smoke   build everything and run each measurement once, quickly;
#                              exits non-zero if anything fails to build or run (targets are
#                              not judged: smoke figures mean nothing)
#
# Environment: BENCH_OUT (default /tmp/gesturebridge-bench) holds the generated recording,
# raw results and table.md. Needs valgrind (callgrind), python3, umockdev, libinput.
set -euo pipefail

smoke=0
case "${1:-}" in
  --smoke) smoke=1 ;;
  "") ;;
  -h | --help)
    sed -n '2,14p' "$0"
    exit 0
    ;;
  *)
    echo "bench.sh: unknown option '$1' (use --smoke or nothing)" >&2
    exit 2
    ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${BENCH_OUT:-/tmp/gesturebridge-bench}"
mkdir -p "$out"
rm -rf "$out/percentiles"
mkdir -p "$out/percentiles"

if [ "$smoke" = 1 ]; then
  seconds=5 mocked_seconds=2 frames_a=10 frames_b=20
  export GESTURE_BENCH_SMOKE=1
else
  seconds=600 mocked_seconds=60 frames_a=2000 frames_b=6000
  unset GESTURE_BENCH_SMOKE
fi

step() { echo "== $*" >&2; }

step "building the tools (release)"
(cd "$root" && swift build -c release --product make-recordings >&2 \
  && swift build -c release --product libinput-touch-dump >&2 \
  && swift build -c release --product UmockdevPreloadFix >&2)
bin="$(cd "$root" && swift build -c release --show-bin-path)"

step "building the benchmarks (release)"
(cd "$root/Benchmarks" && swift build -c release >&2)
benchbin="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)"

recording="$out/stress-${seconds}s-10f-240hz.yml"
if [ ! -s "$recording" ]; then
  step "generating $recording"
  "$bin/make-recordings" stress --seconds "$seconds" --fingers 10 --rate 240 \
    --output "$recording.tmp" >&2
  mv "$recording.tmp" "$recording"
fi
"$benchbin/bench-tool" count "$recording" >"$out/count.txt"

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
step "ordo-one/benchmark suite (core frames, allocations, in-core replay)"
(cd "$root/Benchmarks" && GESTURE_BENCH_RECORDING="$recording" swift package benchmark \
  --format histogramPercentiles --path "$out/percentiles" --no-progress >&2)

step "instructions per frame (callgrind; perf counters are not always available)"
# valgrind 3.19 cannot read the DWARF that Swift 6.3 emits ("Possibly corrupted debuginfo
# file"), so callgrind runs a copy without debug info (symbols stay: function-level profiles).
objcopy --strip-debug "$benchbin/bench-tool" "$out/bench-tool.nodebug"
instructions() { # scene fingers stroke-frames count -> total instructions of the run
  local file="$out/callgrind.$1.$2.$3.$4.out" strokes=()
  [ "$3" = 0 ] || strokes=(--stroke-frames "$3")
  valgrind --tool=callgrind --callgrind-out-file="$file" \
    "$out/bench-tool.nodebug" frames --scene "$1" --fingers "$2" "${strokes[@]}" --count "$4" \
    >/dev/null 2>"$file.log" || {
    echo "bench.sh: callgrind failed, see $file.log" >&2
    exit 1
  }
  awk '/^(summary|totals):/ {print $2; exit}' "$file"
}
{
  for config in "default 10 0" "pan 1 0" "default 10 120"; do
    set -- $config
    a=$(instructions "$1" "$2" "$3" "$frames_a")
    b=$(instructions "$1" "$2" "$3" "$frames_b")
    echo "$1-$2-$3 $(((b - a) / (frames_b - frames_a)))"
  done
} >"$out/instructions.txt"

step "replay through real libinput on a mocked device (${mocked_seconds} s of the recording)"
script="$out/mocked-${mocked_seconds}s.replay.json"
"$benchbin/bench-tool" mocked-script "$recording" --seconds "$mocked_seconds" \
  --output "$script" >&2
"$benchbin/bench-tool" count "$recording" >/dev/null # warm the page cache equally
"$bin/libinput-touch-dump" --replay-mocked "$script" --log-level error >"$out/mocked.jsonl"
grep '"event":"replay-finished"' "$out/mocked.jsonl" | tail -1 >"$out/mocked-finished.json"
grep -c -E '"event":"(down|motion|up|cancel)"' "$out/mocked.jsonl" >"$out/mocked-touch-events.txt" || true

step "table"
python3 - "$out" "$smoke" <<'PY' | tee "$out/table.md"
import glob, json, os, re, sys

out, smoke = sys.argv[1], sys.argv[2] == "1"
FRAME_US = 1_000_000 / 240  # one frame at 240 Hz: 4167 us


def percentiles(benchmark, metric):
    """The percentile table the benchmark plugin wrote for one benchmark and metric."""
    pattern = os.path.join(out, "percentiles", "*.%s.histogram.percentiles.tsv" % metric)
    for path in glob.glob(pattern):
        if benchmark in os.path.basename(path).replace("_", " "):
            rows = {}
            with open(path) as f:
                next(f)
                for line in f:
                    key, value = line.split("\t")
                    rows[float(key)] = float(value)
            return rows
    raise SystemExit("bench.sh: no %s results for '%s' in %s" % (metric, benchmark, out))


def fields(path):
    with open(path) as f:
        return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", f.read())}


count = fields(os.path.join(out, "count.txt"))
instructions = {}
with open(os.path.join(out, "instructions.txt")) as f:
    for line in f:
        config, per_frame = line.split()
        instructions[config] = int(per_frame)
with open(os.path.join(out, "mocked-finished.json")) as f:
    mocked = json.load(f)
with open(os.path.join(out, "mocked-touch-events.txt")) as f:
    mocked_touch = int(f.read().strip() or 0)
times = []
with open(os.path.join(out, "mocked.jsonl")) as f:
    for line in f:
        # Only the replayed events: cancels at device removal carry the current time.
        m = re.search(r'"event":"(?:down|motion|up)","time":(\d+)', line)
        if m:
            times.append(int(m.group(1)))
mocked_span_s = (max(times) - min(times)) / 1e6 if times else 0.0

rows = []


def row(name, measured, target, ratio, ok):
    verdict = "info" if ok is None else ("pass" if ok else "**miss**")
    if smoke:
        verdict = "smoke (not judged)"
    rows.append((name, measured, target, ratio, verdict))


def frame_ratio(us):
    return "%.5f of a 240 Hz frame" % (us / FRAME_US)


ten = "10 fingers, default scene"
one = "1 finger, 1 pan recognizer"
strokes = "10 fingers, strokes of 120 frames"
for label, bench, median_target, p99_target in (
    ("Core per frame, 10 fingers, default scene (12 recognizers)", ten, 2.0, 10.0),
    ("Core per frame, 1 finger, 1 pan recognizer", one, None, None),
    ("Core per frame, 10 fingers lifting and touching down every 0.5 s, default scene",
     strokes, None, None),
):
    wall = percentiles(bench, "wallClock")
    median, p99 = wall[50.0] / 1000, wall[99.0] / 1000
    row(label + ": median wall time", "%.2f us" % median,
        "<= %g us (aim)" % median_target if median_target else "-", frame_ratio(median),
        median <= median_target if median_target else None)
    row(label + ": p99 wall time", "%.2f us" % p99,
        "<= %g us" % p99_target if p99_target else "-", frame_ratio(p99),
        p99 <= p99_target if p99_target else None)
for label, config in (
    ("10 fingers, default scene", "default-10-0"),
    ("1 finger, 1 pan recognizer", "pan-1-0"),
    ("10 fingers lifting every 0.5 s, default scene", "default-10-120"),
):
    row("Core per frame, %s: instructions (callgrind)" % label,
        "{:,}".format(instructions[config]), "-", "-", None)
for label, bench in (("10 fingers, default scene", ten), ("1 finger, 1 pan", one),
                     ("10 fingers lifting every 0.5 s, default scene", strokes)):
    worst = percentiles(bench, "mallocCountTotal")[100.0]
    row("Heap allocations per frame, %s (worst frame)" % label,
        "%d" % worst, "0", "-", worst == 0)
alloc_path = glob.glob(os.path.join(out, "percentiles", "*Allocations*mallocCountTotal*"))
alloc_frames = int(re.search(r"Allocations:_(\d+)_", alloc_path[0]).group(1))
total = percentiles("steady-state frames", "mallocCountTotal")[100.0]
row("Heap allocations over %d steady-state frames, 10 fingers, default scene" % alloc_frames,
    "%d (%.3f per frame)" % (total, total / alloc_frames), "0", "-", total == 0)

replay = "In-core replay"
replay_s = percentiles(replay, "wallClock")[50.0] / 1000
rss = percentiles(replay, "peakMemoryResident")[100.0]
recording_s = count["durationMicroseconds"] / 1e6
rate = count["touchEvents"] / replay_s
row("In-core replay (read + decode + frames + engine, default scene; median of %d runs), "
    "%.0f s recording, %d touch events"
    % (1 if smoke else 3, recording_s, count["touchEvents"]),
    "{:,.0f} touch events/s ({:.2f} s)".format(rate, replay_s), ">= 2,000,000 touch events/s",
    "%.0fx real time" % (recording_s / replay_s), rate >= 2_000_000)
row("In-core replay: peak memory (max RSS of the benchmark process)",
    "%.1f MiB" % (rss / 1048576), "-", "-", None)
mocked_rate = mocked_touch / mocked["seconds"] if mocked["seconds"] else 0
row("Replay through real libinput on a mocked device (umockdev), %.0f s of the recording, "
    "%d touch events (%d evdev events)" % (mocked_span_s, mocked_touch, mocked["evdevEvents"]),
    "{:,.0f} touch events/s ({:.2f} s; {:,.0f} evdev events/s)".format(
        mocked_rate, mocked["seconds"], mocked["evdevEventsPerSecond"]),
    ">= 100,000 touch events/s",
    "%.1fx real time" % (mocked_span_s / mocked["seconds"]) if mocked["seconds"] else "-",
    mocked_rate >= 100_000)
rows.append(("End-to-end latency through the Wayland compositor module",
             "**not measured yet: the weston module has landed, the latency harness has not**", "-", "-", "not measured"))

print("| Benchmark | Measured | Target | Ratio | Result |")
print("| --- | --- | --- | --- | --- |")
for r in rows:
    print("| " + " | ".join(r) + " |")
PY
{
  echo
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(free -h | awk '/^Mem:/ {print $2}') memory; load average before/after: $load_before / $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')."
} | tee -a "$out/table.md"
