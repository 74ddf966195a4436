#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks one run of Examples/qt6-canvas for scripts/test-qt6-canvas.sh.

Usage: qt6-canvas-check.py SESSION_DIR ORIGIN_US RECORDING_NAME [--log-only]

SESSION_DIR holds the app's --log (gestures.jsonl), its stdout (app.out, with the exit line),
its --touch-log (touches.jsonl) and the in-core replay of the same recording
(expected.jsonl); ORIGIN_US is the playback origin weston's test seat logged (CLOCK_MONOTONIC
microseconds). Checks:
  - the log equals the replay: same lines in the same order, times to the microsecond (the
    app's time minus the origin), values within wl_fixed's 1/256 plus the printed rounding;
  - what the user sees (the exit line): the page the swipes give, the zoom of the last pinch
    scale about the fingers' midpoint, or the offset of the last pan translation; the log's
    positions are the wl_surface's, the canvas's are its page's: the surface point less the
    client-side decorations' margins (the ready line's) and the toolbar above the canvas;
  - the decorations' margins against Qt's own touch positions: during pinch.yml (whose
    fingers spread about a fixed point) the midpoint of Qt's touch points plus the margins is
    the pinch's location in the surface;
  - what Qt's own touch handling saw: a TouchBegin, updates until a recognizer began or
    recognized, then one TouchCancel (cancelsTouchesInView) and never a TouchEnd.
With --log-only (a QML file of the test instead of the canvas) only the log is checked.
Prints one line per problem (at most 20) and exits 1, or one summary line and exits 0.
"""
import json
import sys

FIXED = 1 / 256
# Examples/qt6-canvas/app/Main.qml's toolbarHeight: the canvas starts below it.
TOOLBAR_HEIGHT = 40
# pinch.yml's fingers spread about one point within half a pixel (a wrong margin is >= 1).
SAME_POINT = 0.5
# The gesture each recording is about: the replay must hold all of it.
WHOLE = {
    "pinch": ("pinch", {"began", "changed", "ended"}),
    "pan": ("pan", {"began", "changed", "ended"}),
    "swipe-left": ("swipe", {"recognized"}),
    "tap": ("tap", {"recognized"}),
}


def read_lines(session, file):
    with open(f"{session}/{file}") as f:
        return [json.loads(line) for line in f if line.strip()]


def micro(seconds):
    return round(seconds * 1_000_000)


def numbers(value):
    if isinstance(value, list):
        return value
    return [] if value is None else [value]


def compare_logs(got, want, origin, problems):
    if len(got) != len(want):
        problems.append(f"qt6-canvas logged {len(got)} gestures, the in-core replay {len(want)}")
    for index, (g, w) in enumerate(zip(got, want)):
        context = f"line {index + 1}: got {g}, want {w}"
        if set(g) != set(w):
            problems.append(f"keys differ: {context}")
            continue
        for key in ("recognizer", "type", "view", "state", "touches", "taps", "direction"):
            if g.get(key) != w.get(key):
                problems.append(f"{key} differs: {context}")
        if micro(g["time"]) - origin != micro(w["time"]):
            problems.append(
                f"time differs ({micro(g['time']) - origin} us after the origin): {context}")
        tolerances = {
            "location": FIXED + 0.01, "translation": FIXED + 0.01,
            "scale": FIXED + 0.0001, "rotation": FIXED + 0.0001,
            "velocity": FIXED + (0.1 if w["type"] == "pan" else 0.0001),
        }
        for key, tolerance in tolerances.items():
            a, b = numbers(g.get(key)), numbers(w.get(key))
            if len(a) != len(b) or any(abs(x - y) > tolerance for x, y in zip(a, b)):
                problems.append(f"{key} differs by more than {tolerance:.5f}: {context}")


def check_canvas(name, got, shown, margins, problems):
    """The exit line against what Main.qml does with the gestures it got: the pinch zooms about
    its location in the page (the surface point less the margins and the toolbar)."""
    page, zoom, offset = 0, 1.0, [0.0, 0.0]
    origin = [margins[0], margins[1] + TOOLBAR_HEIGHT]
    pinches = [g for g in got if g["recognizer"] == "pinch"]
    pans = [g for g in got if g["recognizer"] == "pan" and g["state"] in ("began", "changed")]
    swipes = [g for g in got if g["recognizer"] == "swipe" and g["state"] == "recognized"]
    if pinches:
        zoom = min(6, max(0.5, pinches[-1]["scale"]))
        offset = [(pinches[-1]["location"][i] - origin[i])
                  - (pinches[0]["location"][i] - origin[i]) * zoom for i in (0, 1)]
    elif pans:
        offset = pans[-1]["translation"]
    for swipe in swipes:
        page = min(2, page + 1) if swipe["direction"] == "left" else max(0, page - 1)
    if name == "swipe-left" and page != 1:
        problems.append(f"the swipe to the left did not turn to the second page: {swipes}")
    if shown["page"] != page:
        problems.append(f"page {shown['page']} shown, the gestures give page {page}")
    if abs(shown["zoom"] - zoom) > 0.0001:
        problems.append(f"the canvas is zoomed {shown['zoom']}, the gestures give {zoom}")
    if any(abs(shown["offset"][i] - offset[i]) > 0.02 for i in (0, 1)):
        problems.append(f"the canvas offset is {shown['offset']}, the gestures give {offset}")


def check_touches(got, touches, problems):
    kinds = [t["event"] for t in touches]
    taking = [g for g in got if g["state"] in ("began", "recognized")]
    # Qt's timestamps are wl_touch's 32-bit milliseconds.
    taken_ms = (micro(taking[0]["time"]) // 1000) & 0xFFFFFFFF if taking else 0
    if not touches or kinds[0] != "TouchBegin":
        problems.append(f"Qt got no TouchBegin first: {touches[:1]}")
    if "TouchEnd" in kinds:
        problems.append("Qt got a TouchEnd: the gesture did not cancel the touches")
    if not kinds or kinds[-1] != "TouchCancel" or kinds.count("TouchCancel") != 1:
        problems.append(f"Qt's touch events do not end with one TouchCancel: {kinds}")
    late = [t for t in touches
            if t["event"] in ("TouchBegin", "TouchUpdate") and t["timestamp"] > taken_ms]
    if late:
        problems.append(
            f"Qt got touch events after the gesture took the touches ({taken_ms} ms): {late[:2]}")
    return kinds


def check_touch_positions(name, got, touches, margins, problems):
    """pinch.yml's fingers spread about one point: Qt's touch points' midpoint, in the window's
    scene, plus the decorations' margins is the pinch's location in the surface."""
    if name != "pinch":
        return 0
    locations = [g["location"] for g in got if g["recognizer"] == "pinch"]
    spread = max(max(l[i] for l in locations) - min(l[i] for l in locations) for i in (0, 1))
    if not locations or spread > SAME_POINT:
        problems.append(f"the pinch's location moves by {spread}: no fixed point")
        return 0
    lx = sum(l[0] for l in locations) / len(locations)
    ly = sum(l[1] for l in locations) / len(locations)
    compared = 0
    for touch in touches:
        points = touch["points"]
        if touch["event"] not in ("TouchBegin", "TouchUpdate") or len(points) != 2:
            continue
        mx = sum(p["position"][0] for p in points) / 2 + margins[0]
        my = sum(p["position"][1] for p in points) / 2 + margins[1]
        if abs(mx - lx) > SAME_POINT or abs(my - ly) > SAME_POINT:
            problems.append(
                f"Qt's touches {touch['timestamp']} ms: midpoint {mx - margins[0]:.2f},"
                f"{my - margins[1]:.2f} + margins {margins} is not the pinch's {lx:.2f},{ly:.2f}")
        compared += 1
    if compared == 0:
        problems.append("Qt got no two-finger touch event to compare with the pinch")
    return compared


def main():
    session, origin, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    log_only = sys.argv[4:] == ["--log-only"]
    problems = []
    got, want = read_lines(session, "gestures.jsonl"), read_lines(session, "expected.jsonl")
    compare_logs(got, want, origin, problems)
    recognizer, states = WHOLE[name]
    present = {w["state"] for w in want if w["recognizer"] == recognizer}
    if not states <= present:
        problems.append(f"the replay of {name}.yml holds no whole {recognizer}: {present}")
    if log_only:
        for problem in problems[:20]:
            print(f"test-qt6-canvas: {name}.yml: {problem}", file=sys.stderr)
        if problems:
            print(f"test-qt6-canvas: {name}.yml: FAILED: {len(problems)} problem(s)",
                  file=sys.stderr)
            return 1
        print(f"test-qt6-canvas: ok: {name}.yml: {len(got)} gesture(s) equal the in-core replay")
        return 0
    with open(f"{session}/app.out") as f:
        printed = [json.loads(line) for line in f if line.startswith('{"event":')]
    exits = [line for line in printed if line["event"] == "exit"]
    ready = [line for line in printed if line["event"] == "ready"]
    margins = ready[0]["margins"] if ready else [0, 0]
    if not ready:
        problems.append("qt6-canvas printed no ready line (with the decorations' margins)")
    if not exits:
        problems.append("qt6-canvas printed no exit line")
    else:
        check_canvas(name, got, exits[0], margins, problems)
    touches = read_lines(session, "touches.jsonl")
    kinds = check_touches(got, touches, problems)
    compared = check_touch_positions(name, got, touches, margins, problems)

    for problem in problems[:20]:
        print(f"test-qt6-canvas: {name}.yml: {problem}", file=sys.stderr)
    if problems:
        print(f"test-qt6-canvas: {name}.yml: FAILED: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    shown = exits[0]
    print(f"test-qt6-canvas: ok: {name}.yml: {len(got)} gestures equal the in-core replay "
          f"(times to the microsecond); canvas page {shown['page']}, zoom {shown['zoom']}, "
          f"offset {shown['offset']} (decorations' margins {margins}); Qt got "
          f"{kinds.count('TouchUpdate')} TouchUpdate(s), then TouchCancel"
          + (f"; its {compared} touch midpoints + margins = the pinch's location" if compared
             else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
