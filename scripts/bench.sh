#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# GestureBridge benchmarks: builds in release, runs every benchmark and prints one markdown
# table (measured value, target, ratio, pass/miss) followed by the machine it ran on. Not part
# of the test command: these are measurements, not timed tests, and a full run takes several
# minutes.
#
#   scripts/bench.sh           full run (10-minute 240 Hz 10-finger recording, ~10 s per
#                              core benchmark, callgrind, the wf-touch peer row, 60 s through
#                              libinput, 2 x 20 s of pan strokes through headless weston)
#   scripts/bench.sh --smoke   build everything and run each measurement once, quickly;
#                              exits non-zero if anything fails to build or run (targets are
#                              not judged: smoke figures mean nothing)
#
# Environment: BENCH_OUT (default /tmp/gesturebridge-bench) holds the generated recordings,
# raw results and table.md (the table as printed). Needs valgrind (callgrind), python3,
# umockdev, libinput, weston 10, g++ and libwf-touch-dev (scripts/setup.sh installs them).
set -euo pipefail

smoke=0
case "${1:-}" in
  --smoke) smoke=1 ;;
  "") ;;
  -h | --help)
    sed -n '2,17p' "$0"
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
  seconds=5 mocked_seconds=2 frames_a=10 frames_b=20 runs=1 strokes=1
  peer_seconds=2 peer_long_seconds=4 peer_passes=1 dense_sequences=150
  export GESTURE_BENCH_SMOKE=1
else
  seconds=600 mocked_seconds=60 frames_a=2000 frames_b=6000 runs=3 strokes=20
  peer_seconds=20 peer_long_seconds=120 peer_passes=5 dense_sequences=600
  unset GESTURE_BENCH_SMOKE
fi

step() { echo "== $*" >&2; }

step "building the tools (release)"
for product in make-recordings gesture-bridge libinput-touch-dump UmockdevPreloadFix \
  gesture-bridge-weston gesture-bridge-weston-test-seat; do
  (cd "$root" && swift build -c release --product "$product" >&2)
done
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
  for config in "default 10 0" "pan 1 0" "default 10 120" "crowd-10 10 120" "crowd-100 10 120" \
    "crowd-1000 10 120" "default+system 10 0" "default+system 10 120"; do
    set -- $config
    a=$(instructions "$1" "$2" "$3" "$frames_a")
    b=$(instructions "$1" "$2" "$3" "$frames_b")
    echo "$1-$2-$3 $(((b - a) / (frames_b - frames_a)))"
  done
} >"$out/instructions.txt"

step "peer row: wf-touch $(dpkg-query -W -f='${Version}' libwf-touch-dev) on the same frames"
# wf-touch (Wayfire's touch gesture library) and the engine get the same touch frames: every
# bundled recording and a generated set (1, 2, 3, 5 and 10 fingers, protocol A, one long
# 10-finger run), decoded once by `bench-tool export-frames`; each side reads the file, then
# times each frame alone (median / p99 over all frames of all passes) and, under callgrind,
# the difference between 1 and 2 passes gives the instructions per frame without the parse.
peer="$out/peer"
rm -rf "$peer"
mkdir -p "$peer/recordings"
for fingers in 1 2 3 5 10; do
  "$bin/make-recordings" stress --seconds "$peer_seconds" --fingers "$fingers" --seed "$fingers" \
    --output "$peer/recordings/stress-${fingers}f.yml" >&2
done
"$bin/make-recordings" stress --seconds "$peer_seconds" --fingers 3 --protocol-a \
  --output "$peer/recordings/stress-3f-protocol-a.yml" >&2
"$bin/make-recordings" stress --seconds "$peer_long_seconds" --fingers 10 --seed 11 \
  --output "$peer/recordings/stress-long-10f.yml" >&2
"$benchbin/bench-tool" export-frames --output "$peer/frames.txt" \
  "$root"/Examples/recordings/*.yml "$peer"/recordings/*.yml >"$peer/export.txt"
g++ -std=c++17 -O2 -Wall -Wextra -Werror -o "$peer/wf-touch-harness" \
  "$root/Benchmarks/wf-touch-harness/wf-touch-harness.cpp" -lwftouch
dpkg-query -W -f='${Version}\n' libwf-touch-dev >"$peer/wf-touch-version.txt"
declare -A peer_command=(
  [engine]="$out/bench-tool.nodebug peer --scene default"
  [empty]="$out/bench-tool.nodebug peer --scene empty"
  [wf-touch]="$peer/wf-touch-harness"
)
for side in engine empty wf-touch; do
  read -r -a command <<<"${peer_command[$side]}"
  "${command[@]}" "$peer/frames.txt" --passes "$peer_passes" >"$peer/$side.txt"
  totals=()
  for passes in 1 2; do
    file="$peer/callgrind.$side.$passes.out"
    valgrind --tool=callgrind --callgrind-out-file="$file" \
      "${command[@]}" "$peer/frames.txt" --passes "$passes" --no-times >/dev/null 2>"$file.log" || {
      echo "bench.sh: callgrind of the $side side failed, see $file.log" >&2
      exit 1
    }
    totals+=("$(awk '/^(summary|totals):/ {print $2; exit}' "$file")")
  done
  echo "instructions=$((totals[1] - totals[0]))" >>"$peer/$side.txt"
done

step "dense peer row: generated short gestures, engine and wf-touch (scripts/bench_dense.py)"
python3 "$root/scripts/bench_dense.py" --bench-tool "$out/bench-tool.nodebug" \
  --harness "$peer/wf-touch-harness" --out "$out/dense" --passes "$peer_passes" \
  --sequences "$dense_sequences" --wf-touch-version "$(cat "$peer/wf-touch-version.txt")"

# Runs a command $runs times (stdout to $1), prints "wall_seconds cpu_seconds" per run:
# wall from CLOCK_MONOTONIC, CPU = user + system time of the command and its threads.
timed_runs() {
  python3 - "$runs" "$@" <<'PY'
import os, resource, subprocess, sys, time

runs, output, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with open(output, "wb") as out:
        subprocess.run(command, stdout=out, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("%.6f %.6f" % (wall, cpu))
PY
}

step "replay through real libinput on a mocked device (${mocked_seconds} s recording)"
short="$out/stress-${mocked_seconds}s-10f-240hz.yml"
if [ ! -s "$short" ]; then
  "$bin/make-recordings" stress --seconds "$mocked_seconds" --fingers 10 --rate 240 \
    --output "$short.tmp" >&2
  mv "$short.tmp" "$short"
fi
"$benchbin/bench-tool" count "$short" >"$out/count-short.txt"
# What the user runs: `gesture-bridge replay --through-libinput` (it re-executes itself with
# the umockdev preload, mocks the touchscreen, real libinput reads it, the engine runs on what
# libinput reports, every report is printed as a JSON line).
timed_runs "$out/through-libinput.jsonl" "$bin/gesture-bridge" replay --through-libinput \
  --format json "$short" >"$out/through-libinput.txt"
"$bin/gesture-bridge" replay --format json "$short" >"$out/in-core-short.jsonl"
cmp -s "$out/in-core-short.jsonl" "$out/through-libinput.jsonl" || {
  echo "bench.sh: replay --through-libinput printed something else than the in-core replay" >&2
  exit 1
}
# libinput alone: libinput-touch-dump prints every touch event libinput reports.
"$benchbin/bench-tool" mocked-script "$short" --seconds "$mocked_seconds" \
  --output "$out/mocked.replay.json" >&2
"$bin/libinput-touch-dump" --replay-mocked "$out/mocked.replay.json" --log-level error \
  >"$out/mocked.jsonl"
grep '"event":"replay-finished"' "$out/mocked.jsonl" | tail -1 >"$out/mocked-finished.json"
grep -c -E '"event":"(down|motion|up|cancel)"' "$out/mocked.jsonl" >"$out/mocked-touch-events.txt" || true

step "end-to-end latency: headless weston + the module's scripted seat + latency client"
# Each configuration runs twice when the real-time scheduler is allowed: at normal priority
# (what a compositor gets by default), and with weston and the client at SCHED_FIFO, so the
# other processes of this shared machine cannot preempt them (what is left is the bridge's).
fifo=0
if chrt -f 10 true 2>/dev/null; then fifo=1; fi
rm -f "$out"/latency-*.samples
# The same with the default-like system config loaded (Benchmarks/configs/system-default.json:
# bottom, left and right edge pans, three-finger swipes), in the same run for the ratio.
system_config="$root/Benchmarks/configs/system-default.json"
for config in "latency-1f-pan 1 pan" "latency-10f-all 10 all" \
  "latency-1f-pan-system 1 pan system" "latency-10f-all-system 10 all system"; do
  set -- $config
  system=()
  [ "${4:-}" = system ] && system=("$system_config")
  for priority in normal fifo; do
    name="$1" run=()
    if [ "$priority" = fifo ]; then
      [ "$fifo" = 1 ] || continue
      name="$1-fifo" run=(chrt -f 10)
    fi
    "${run[@]}" "$root/Benchmarks/scripts/weston-latency.sh" "$bin/libgesture-bridge-weston.so" \
      "$benchbin/gesture-latency-client" "$benchbin/bench-tool" "$out" "$name" "$2" \
      "$strokes" "$3" "${system[@]}"
  done
done

step "table"
python3 - "$out" "$smoke" <<'PY' | tee "$out/table.md"
import glob, json, math, os, re, sys

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


def fields_float(path):
    with open(path) as f:
        return {k: float(v) for k, v in re.findall(r"(\w+)=([0-9.]+)", f.read())}


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
# Targets: the counts of the unchecked core before issue 16 (issue 28's "done when").
for label, config, target in (
    ("10 fingers, default scene", "default-10-0", 5243),
    ("1 finger, 1 pan recognizer", "pan-1-0", 1477),
    ("10 fingers lifting every 0.5 s, default scene", "default-10-120", 19305),
):
    row("Core per frame, %s: instructions (callgrind)" % label,
        "{:,}".format(instructions[config]), "<= {:,}".format(target),
        "%.2fx the target" % (instructions[config] / target), instructions[config] <= target)
# The peer: wf-touch fed the same frames as the engine (see the peer step above).
peer_dir = os.path.join(out, "peer")
peer = {side: fields(os.path.join(peer_dir, side + ".txt"))
        for side in ("engine", "empty", "wf-touch")}
exported = fields(os.path.join(peer_dir, "export.txt"))
with open(os.path.join(peer_dir, "wf-touch-version.txt")) as f:
    wf_version = f.read().strip()
frames_label = "same %s frames (%s touch samples) of %d recordings, %d pass%s" % (
    "{:,}".format(exported["frames"]), "{:,}".format(exported["samples"]),
    exported["recordings"], peer["engine"]["passes"], "" if peer["engine"]["passes"] == 1 else "es")
engine, wf = peer["engine"], peer["wf-touch"]
row("Peer: GestureBridge engine (default scene, %d recognizers, full arbitration) / wf-touch %s "
    "(%d gestures), %s: median / p99 wall time per frame"
    % (engine["recognizers"], wf_version, wf["gestures"], frames_label),
    "%.2f / %.2f us; wf-touch %.2f / %.2f us" % (
        engine["median_ns"] / 1000, engine["p99_ns"] / 1000, wf["median_ns"] / 1000,
        wf["p99_ns"] / 1000), "ratio <= 1.0",
    "%.2fx, %.2fx" % (engine["median_ns"] / wf["median_ns"], engine["p99_ns"] / wf["p99_ns"]),
    engine["median_ns"] <= wf["median_ns"])
row("Peer: instructions per frame (callgrind, parse excluded), GestureBridge engine / wf-touch %s"
    % wf_version,
    "{:,} / {:,}".format(engine["instructions"] // exported["frames"],
                         wf["instructions"] // exported["frames"]),
    "ratio <= 1.0", "%.2fx" % (engine["instructions"] / wf["instructions"]),
    engine["instructions"] <= wf["instructions"])
empty = peer["empty"]
row("Engine with no recognizer on the peer frames: median / p99 wall time per frame; "
    "instructions per frame",
    "%.2f / %.2f us; %s" % (empty["median_ns"] / 1000, empty["p99_ns"] / 1000,
                            "{:,}".format(empty["instructions"] // exported["frames"])),
    "median <= 0.2 us", frame_ratio(empty["median_ns"] / 1000), empty["median_ns"] <= 200)
# The dense peer row (scripts/bench_dense.py): short gestures, fingers landing and lifting.
with open(os.path.join(out, "dense", "rows.json")) as f:
    for name, measured, target, ratio, ok in json.load(f):
        row(name, measured, target, ratio, ok)
dense_worst = percentiles("Dense frames", "mallocCountTotal")[100.0]
row("Heap allocations per frame, dense peer frames (landing, lifting, moving, timers; reports "
    "built; worst frame)", "%d" % dense_worst, "0", "-", dense_worst == 0)
# System gestures: the default scene plus the default-like system config's 4 recognizers on
# the root view (precedence system), against the default scene alone.
for label, config, base in (
    ("10 fingers, default scene + system config", "default+system-10-0", "default-10-0"),
    ("10 fingers lifting every 0.5 s, default scene + system config", "default+system-10-120",
     "default-10-120"),
):
    row("Core per frame, %s: instructions (callgrind)" % label,
        "{:,}".format(instructions[config]), "-",
        "%.2fx the default scene alone" % (instructions[config] / instructions[base]), None)
system_wall = percentiles("system config over the default scene", "wallClock")
row("Core per frame, 10 fingers, default scene + system config (16 recognizers): median / p99 "
    "wall time", "%.2f / %.2f us" % (system_wall[50.0] / 1000, system_wall[99.0] / 1000), "-",
    frame_ratio(system_wall[99.0] / 1000), None)
system_worst = percentiles("system config over the default scene", "mallocCountTotal")[100.0]
row("Heap allocations per frame, 10 fingers, default scene + system config (worst frame)",
    "%d" % system_worst, "0", "-", system_worst == 0)
# The cost of a frame follows the recognizers sharing its touches: 10, 100 and 1,000 on one
# view, fingers lifting and landing every 120 frames (instructions, so the growth is exact).
crowd = [instructions["crowd-%d-10-120" % n] for n in (10, 100, 1000)]
growth = [crowd[1] / crowd[0], crowd[2] / crowd[1]]
row("Core per frame, 10 fingers lifting every 0.5 s, 10 / 100 / 1,000 recognizers on one view: "
    "instructions (callgrind)",
    " / ".join("{:,}".format(c) for c in crowd), "<= ~10x per 10x (at most 12x)",
    "%.1fx, %.1fx" % tuple(growth), max(growth) <= 12)
for n in (10, 100, 1000):
    wall = percentiles("crowd-%d on one view" % n, "wallClock")
    row("Core per frame, 10 fingers lifting every 0.5 s, %s recognizers on one view: median / "
        "p99 wall time" % "{:,}".format(n), "%.2f / %.2f us" % (wall[50.0] / 1000, wall[99.0] / 1000),
        "-", frame_ratio(wall[99.0] / 1000), None)
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
short = fields(os.path.join(out, "count-short.txt"))
short_s = short["durationMicroseconds"] / 1e6
with open(os.path.join(out, "through-libinput.txt")) as f:
    through = sorted(tuple(map(float, line.split())) for line in f)
wall, cpu = through[len(through) // 2]
through_rate = short["touchEvents"] / wall
row("Replay through real libinput on a mocked device (umockdev): `gesture-bridge replay "
    "--through-libinput --format json`, %.0f s recording, %d touch events (median of %d runs; "
    "whole command: reading, mocking, libinput, engine, printing)"
    % (short_s, short["touchEvents"], len(through)),
    "{:,.0f} touch events/s ({:.2f} s wall, {:.2f} s CPU)".format(through_rate, wall, cpu),
    ">= 100,000 touch events/s", "%.1fx real time" % (short_s / wall),
    through_rate >= 100_000)
mocked_rate = mocked_touch / mocked["seconds"] if mocked["seconds"] else 0
row("libinput alone on the mocked device: `libinput-touch-dump --replay-mocked`, same %.0f s, "
    "%d touch events (%d evdev events), one JSON line per libinput touch event"
    % (mocked_span_s, mocked_touch, mocked["evdevEvents"]),
    "{:,.0f} touch events/s ({:.2f} s; {:,.0f} evdev events/s)".format(
        mocked_rate, mocked["seconds"], mocked["evdevEventsPerSecond"]),
    "-", "%.1fx real time" % (mocked_span_s / mocked["seconds"]) if mocked["seconds"] else "-",
    None)


def latency(name):
    """Latencies (us) of every gesture event the latency client received."""
    with open(os.path.join(out, name + ".samples")) as f:
        values = sorted(int(line.split()[2]) / 1000 for line in f)
    if not values:
        raise SystemExit("bench.sh: no latency samples in %s" % name)
    pick = lambda p: values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]
    return len(values), pick(50), pick(99), values[-1]


for name, label in (
    ("latency-1f-pan", "1 finger, 1 pan recognizer"),
    ("latency-10f-all", "10 fingers, 8 recognizers (pan, tap, double tap, long press, pinch, "
     "rotation, swipe, screen-edge pan)"),
    ("latency-1f-pan-fifo", "1 finger, 1 pan recognizer, weston and client at SCHED_FIFO"),
    ("latency-10f-all-fifo", "10 fingers, 8 recognizers, weston and client at SCHED_FIFO"),
    ("latency-1f-pan-system", "1 finger, 1 pan recognizer, system config loaded"),
    ("latency-10f-all-system", "10 fingers, 8 recognizers, system config loaded"),
    ("latency-1f-pan-system-fifo",
     "1 finger, 1 pan recognizer, system config loaded, weston and client at SCHED_FIFO"),
    ("latency-10f-all-system-fifo",
     "10 fingers, 8 recognizers, system config loaded, weston and client at SCHED_FIFO"),
):
    if name.endswith("-fifo") and not os.path.exists(os.path.join(out, name + ".samples")):
        continue
    count, p50, p99, worst = latency(name)
    summary = fields_float(os.path.join(out, name + ".summary"))
    row("End-to-end latency, touch entering the weston module to the client's gesture event "
        "(headless weston 10, pan strokes at 240 Hz), %s: p50 / p99 / max of %d events"
        % (label, count),
        "%.0f / %.0f / %.0f us" % (p50, p99, worst), "p99 < 1000 us",
        "p99 %s; max %.3f of a frame; weston: %.1f %% of one core, %.0f us CPU per 240 Hz frame"
        % (frame_ratio(p99), worst / FRAME_US,
           100 * summary["weston_cpu_s"] / summary["play_s"],
           summary["weston_cpu_s"] * 1e6 * summary["fingers"] / summary["touch_events"]),
        p99 < 1000)
# With against without the system config, same run: the ratio of the p50 and p99 latencies.
for base in ("latency-1f-pan", "latency-10f-all", "latency-1f-pan-fifo", "latency-10f-all-fifo"):
    name = base.replace("-fifo", "") + "-system" + ("-fifo" if base.endswith("-fifo") else "")
    if not (os.path.exists(os.path.join(out, base + ".samples"))
            and os.path.exists(os.path.join(out, name + ".samples"))):
        continue
    _, p50, p99, _ = latency(base)
    _, s50, s99, _ = latency(name)
    row("End-to-end latency with / without the system config, %s: p50, p99 ratio" % base,
        "%.2f, %.2f" % (s50 / p50, s99 / p99), "-", "-", None)

print("| Benchmark | Measured | Target | Ratio | Result |")
print("| --- | --- | --- | --- | --- |")
for r in rows:
    print("| " + " | ".join(r) + " |")
PY
lscpu_field() { lscpu | sed -n "s/^$1:[[:space:]]*//p" | head -1; }
{
  echo
  echo "Machine: $(lscpu_field 'Model name'), $(lscpu_field 'CPU(s)') CPUs ($(lscpu_field 'Socket(s)') socket(s) x $(lscpu_field 'Core(s) per socket') core(s) x $(lscpu_field 'Thread(s) per core') thread(s)), $(free -h | awk '/^Mem:/ {print $2}') memory, Linux $(uname -r), $(swift --version 2>/dev/null | grep -o 'Swift version [0-9.]*' | head -1); load average before/after: $load_before / $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')."
} | tee -a "$out/table.md"
