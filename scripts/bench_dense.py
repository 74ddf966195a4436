#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The dense peer row of scripts/bench.sh: GestureBridge's engine and wf-touch on the same
generated short gestures, in the same run.

    bench_dense.py --bench-tool BENCH_TOOL --harness WF_TOUCH_HARNESS --out DIR
                   [--passes N] [--sequences N] [--seed S]

1. `bench-tool dense-frames` writes the frames (seeded: the same frames on every machine) and
   counts them by class; at least a quarter must land or lift a touch.
2. Each side handles every frame N times over, each frame timed alone (median and p99).
3. Under callgrind, each side runs 1 and 2 passes: the difference over the frames is the
   instructions per frame without reading the file.
4. The engine runs once more under callgrind with each frame handed in by the function of its
   class (`landingFrame`, `liftingFrame`, `movingFrame`, `idleFrame`): each function's
   inclusive cost over its frames is the instructions per frame of that class.

Writes DIR/dense.json (every figure) and DIR/rows.json (the table's rows: name, measured,
target, ratio, verdict true/false/null), which scripts/bench.sh's table adds. Tested by
scripts/test_bench_dense.py.
"""
import argparse
import json
import os
import re
import subprocess
import sys

CLASSES = ("landing", "lifting", "moving", "idle")
# The engine side: the peer row's default scene, with every state change building a report
# as `gesture-bridge replay` does.
ENGINE = ["peer", "--scene", "default", "--reports"]
MINIMUM_LAND_OR_LIFT_SHARE = 0.25
MEDIAN_RATIO_TARGET = 1.0
P99_RATIO_TARGET = 1.5


def fields(text):
    """`key=value` integer fields of a tool's summary line."""
    return {key: int(value) for key, value in re.findall(r"(\w+)=(-?\d+)", text)}


def callgrind_total(path):
    """The total instructions of a callgrind profile."""
    with open(path) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("bench_dense.py: no totals in %s" % path)


def inclusive_by_class(annotate_output):
    """Each frame class's inclusive instructions, from `callgrind_annotate --inclusive=yes`:
    the lines of PeerEngineRun's `landingFrame`, `liftingFrame`, `movingFrame`, `idleFrame`
    (mangled names such as `...PeerEngineRunC12landingFrame...`)."""
    result = {}
    for line in annotate_output.splitlines():
        match = re.match(
            r"\s*([\d,]+)\s.*PeerEngineRunC\d+(landing|lifting|moving|idle)Frame", line)
        if match and match.group(2) not in result:
            result[match.group(2)] = int(match.group(1).replace(",", ""))
    missing = [name for name in CLASSES if name not in result]
    if missing:
        raise SystemExit("bench_dense.py: no %s frames in the class profile" % ", ".join(missing))
    return result


def summarize(counts, engine, wf_touch, engine_instructions, wf_instructions, by_class,
              class_frames):
    """Every figure of the row, from the tools' fields (`counts`: dense-frames' line,
    `engine` / `wf_touch`: the timed runs' lines) and the callgrind totals."""
    frames = counts["frames"]
    land_or_lift = counts["landing"] + counts["lifting"]
    return {
        "frames": frames,
        "samples": counts["samples"],
        "sequences": counts["sequences"],
        "classes": {name: counts[name] for name in CLASSES},
        "land_or_lift_share": land_or_lift / frames,
        "passes": engine["passes"],
        "recognizers": engine["recognizers"],
        "gestures": wf_touch["gestures"],
        "engine": {"median_ns": engine["median_ns"], "p99_ns": engine["p99_ns"],
                   "instructions_per_frame": engine_instructions / frames},
        "wf_touch": {"median_ns": wf_touch["median_ns"], "p99_ns": wf_touch["p99_ns"],
                     "instructions_per_frame": wf_instructions / frames},
        "median_ratio": engine["median_ns"] / wf_touch["median_ns"],
        "p99_ratio": engine["p99_ns"] / wf_touch["p99_ns"],
        "instructions_ratio": engine_instructions / wf_instructions,
        "engine_instructions_by_class": {
            name: by_class[name] / class_frames[name] if class_frames[name] else 0.0
            for name in CLASSES},
    }


def rows(summary, wf_version):
    """The table's rows: [name, measured, target, ratio, verdict]."""
    engine, wf = summary["engine"], summary["wf_touch"]
    classes = summary["classes"]
    what = ("same %s frames (%s touch samples) of %d generated short gestures (every class, "
            "1-5 fingers, 0.1-1.5 s with pauses; %.0f%% of the frames land or lift a touch), "
            "%d pass%s" % (
                "{:,}".format(summary["frames"]), "{:,}".format(summary["samples"]),
                summary["sequences"], 100 * summary["land_or_lift_share"], summary["passes"],
                "" if summary["passes"] == 1 else "es"))
    timing_ok = (summary["median_ratio"] <= MEDIAN_RATIO_TARGET
                 and summary["p99_ratio"] <= P99_RATIO_TARGET)
    by_class = summary["engine_instructions_by_class"]
    return [
        ["Dense peer: GestureBridge engine (default scene, %d recognizers, full arbitration, "
         "reports built) / wf-touch %s (%d gestures), %s: median / p99 wall time per frame"
         % (summary["recognizers"], wf_version, summary["gestures"], what),
         "%.2f / %.2f us; wf-touch %.2f / %.2f us" % (
             engine["median_ns"] / 1000, engine["p99_ns"] / 1000, wf["median_ns"] / 1000,
             wf["p99_ns"] / 1000),
         "median ratio <= %.1f, p99 ratio <= %.1f" % (MEDIAN_RATIO_TARGET, P99_RATIO_TARGET),
         "%.2fx, %.2fx" % (summary["median_ratio"], summary["p99_ratio"]), timing_ok],
        ["Dense peer: instructions per frame (callgrind, parse excluded), GestureBridge engine "
         "/ wf-touch %s" % wf_version,
         "{:,.0f} / {:,.0f}".format(engine["instructions_per_frame"],
                                     wf["instructions_per_frame"]),
         "-", "%.2fx" % summary["instructions_ratio"], None],
        ["Dense peer: engine instructions per frame by class (callgrind): landing (%s frames) "
         "/ lifting (%s) / moving (%s) / idle with a timer (%s)" % tuple(
             "{:,}".format(classes[name]) for name in CLASSES),
         " / ".join("{:,.0f}".format(by_class[name]) for name in CLASSES), "-", "-", None],
    ]


def run(command, output=None):
    """Runs `command`, returns its stdout (exits naming it if it fails)."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit("bench_dense.py: %s failed (status %d)" % (command[0],
                                                                    result.returncode))
    if output:
        with open(output, "w") as f:
            f.write(result.stdout)
    return result.stdout


def callgrind(command, profile):
    """Runs `command` under callgrind into `profile`; returns its stdout."""
    return run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + profile] + command)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench-tool", required=True)
    parser.add_argument("--harness", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--sequences", type=int, default=600)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--wf-touch-version", default="?")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    frames = os.path.join(args.out, "frames.txt")
    counts = fields(run([args.bench_tool, "dense-frames", "--seed", str(args.seed),
                         "--sequences", str(args.sequences), "--output", frames],
                        os.path.join(args.out, "export.txt")))
    share = (counts["landing"] + counts["lifting"]) / counts["frames"]
    if share < MINIMUM_LAND_OR_LIFT_SHARE:
        raise SystemExit("bench_dense.py: only %.1f%% of the frames land or lift a touch"
                         % (100 * share))
    engine = [args.bench_tool] + ENGINE + [frames]
    wf_touch = [args.harness, frames]
    timed = {
        "engine": fields(run(engine + ["--passes", str(args.passes)],
                             os.path.join(args.out, "engine.txt"))),
        "wf-touch": fields(run(wf_touch + ["--passes", str(args.passes)],
                               os.path.join(args.out, "wf-touch.txt"))),
    }
    instructions = {}
    for side, command in (("engine", engine), ("wf-touch", wf_touch)):
        totals = []
        for passes in (1, 2):
            profile = os.path.join(args.out, "callgrind.%s.%d.out" % (side, passes))
            callgrind(command + ["--passes", str(passes), "--no-times"], profile)
            totals.append(callgrind_total(profile))
        instructions[side] = totals[1] - totals[0]
    profile = os.path.join(args.out, "callgrind.engine.by-class.out")
    class_frames = fields(callgrind(engine + ["--passes", "1", "--by-class"], profile))
    by_class = inclusive_by_class(
        run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", profile]))
    summary = summarize(counts, timed["engine"], timed["wf-touch"], instructions["engine"],
                        instructions["wf-touch"], by_class, class_frames)
    with open(os.path.join(args.out, "dense.json"), "w") as f:
        json.dump(summary, f, indent=2)
    with open(os.path.join(args.out, "rows.json"), "w") as f:
        json.dump(rows(summary, args.wf_touch_version), f, indent=2)


if __name__ == "__main__":
    main()
