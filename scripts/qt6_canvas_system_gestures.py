#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The drawer of Examples/qt6-canvas against a system gesture (scripts/test-qt6-canvas.sh;
docs/toolkits.md, "Qt6 / QML"): its SystemGestureSurface (version 2 exclusion region and
deferred left edge) and its recognizers' regions (set_region from Qt Quick items), with Qt's
client-side decorations drawn.

  qt6_canvas_system_gestures.py APP MODULE TEST_SEAT WORK_DIR

One headless weston (desktop shell without a panel, 960x540, the module, the test seat playing
touch scripts, and a system-gesture config: a left-edge screen-edge pan delaying its touches,
whose binding appends to a file) and the app maximized with --drawer-open. Touch scripts are in
output coordinates, which are the surface's (the maximized window is at (0, 0)). Checks, one
"test-qt6-canvas: ok|FAIL ..." line each:
  - the app says the compositor applied the drawer's exclusion (its bounds in the surface: the
    decorations' left margin, their top margin plus the toolbar) and the deferred left edge;
  - an edge swipe over the open drawer is the app's drawer-pan only (no system command);
  - a drag in the toolbar (surface y 55: the canvas if the margins were ignored) is no gesture,
    the same drag on the canvas is the canvas's pan: the regions follow the decorations;
  - a swipe left on the drawer closes it (nothing excluded, no edge deferred);
  - taps on the Pages button (Qt's own TapHandler, outside every region) open and close it;
  - with the drawer closed an edge swipe runs the system command and the app ends no gesture;
  - reopened, of two edge swipes 420 ms apart the first is the app's, the second the system's.
Exit status 1 if a check failed.
"""
import json
import os
import subprocess
import sys
import time

WIDTH, HEIGHT = 960, 540
# Examples/qt6-canvas/app/Main.qml: the toolbar's height and the drawer's width.
TOOLBAR_HEIGHT, DRAWER_WIDTH = 40, 240
LEFT = 2  # the protocol's edges enum


def swipe(start_ms, x0, x1, y, steps=12, step_ms=16, finger=9):
    """A one-finger touch script line list from (x0, y) to (x1, y)."""
    lines = ["%d down %d %d %d" % (start_ms, finger, x0, y)]
    for i in range(1, steps + 1):
        lines.append("%d motion %d %d %d" % (
            start_ms + i * step_ms, finger, x0 + (x1 - x0) * i // steps, y))
    lines.append("%d up %d" % (start_ms + (steps + 1) * step_ms, finger))
    return lines


def tap(x, y, finger=3):
    return ["0 down %d %d %d" % (finger, x, y), "80 up %d" % finger]


def expected_exclusion(margins):
    """The drawer's bounds in the surface, as SystemGestureSurface.appliedExclusion prints
    them, but for the height (the decorations' bottom margin is not printed)."""
    return margins[0], margins[1] + TOOLBAR_HEIGHT, DRAWER_WIDTH


def parse_exclusion(text):
    """"3,70 240x467" -> (3, 70, 240, 467); None for anything else."""
    try:
        corner, size = text.split(" ")
        x, y = (int(v) for v in corner.split(","))
        w, h = (int(v) for v in size.split("x"))
        return x, y, w, h
    except ValueError:
        return None


class Session:
    def __init__(self, app, module, test_seat, work):
        self.work, self.app, self.processes = work, app, []
        self.runtime = os.path.join(work, "runtime")
        os.makedirs(self.runtime, mode=0o700, exist_ok=True)
        self.commands = os.path.join(work, "commands")
        self.script = os.path.join(work, "touch-script")
        open(self.commands, "w").close()
        config = {"screen": {"width": WIDTH, "height": HEIGHT},
                  "views": [{"name": "screen", "frame": [0, 0, WIDTH, HEIGHT], "recognizers": [
                      {"name": "left-edge", "type": "screen-edge-pan", "edges": ["left"],
                       "maximumNumberOfTouches": 1, "delaysTouchesBegan": True}]}],
                  "bindings": [{"recognizer": "left-edge", "state": "ended",
                                "description": "back",
                                "command": "echo left-edge >>'%s'" % self.commands}]}
        with open(os.path.join(work, "system-gestures.json"), "w") as f:
            json.dump(config, f)
        with open(os.path.join(work, "weston.ini"), "w") as f:
            f.write("[shell]\npanel-position=none\nstartup-animation=none\n[gesture-bridge]\ntouch-script=%s\n"
                    "system-gestures=%s\n" % (self.script, os.path.join(work, "system-gestures.json")))
        environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime)
        environment.pop("WAYLAND_DISPLAY", None)
        self.start(["weston", "--backend=headless-backend.so", "--use-pixman",
                    "--shell=desktop-shell.so", "--socket=gb-qt6-drawer",
                    "--modules=%s,%s" % (module, test_seat), "--width=%d" % WIDTH,
                    "--height=%d" % HEIGHT, "--config=" + os.path.join(work, "weston.ini"),
                    "--log=" + self.path("weston.log")], environment, "weston.out")
        self.wait("weston's test seat", lambda: "test seat ready" in self.read("weston.log"))

    def path(self, name):
        return os.path.join(self.work, name)

    def read(self, name):
        try:
            with open(self.path(name), errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def start(self, command, environment, output):
        with open(self.path(output), "w") as out:
            self.processes.append(subprocess.Popen(command, env=environment, stdout=out,
                                                   stderr=subprocess.STDOUT))

    def wait(self, what, condition, seconds=60):
        deadline = time.monotonic() + seconds
        while not condition():
            if any(p.poll() is not None for p in self.processes):
                raise RuntimeError("a process exited while waiting for %s" % what)
            if time.monotonic() > deadline:
                raise RuntimeError("timed out after %d s waiting for %s" % (seconds, what))
            time.sleep(0.05)

    def start_app(self):
        environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime,
                           WAYLAND_DISPLAY="gb-qt6-drawer", QT_QPA_PLATFORM="wayland",
                           QT_QUICK_BACKEND="software")
        self.start([self.app, "--maximized", "--drawer-open", "--print-ready", "--log",
                    self.path("gestures.jsonl")], environment, "app.out")
        self.wait("the app's ready line", lambda: self.printed("ready"))
        self.wait("the open drawer's system gesture line", lambda: self.drawer_lines("open"))

    def printed(self, event):
        lines = [line for line in self.read("app.out").splitlines() if line.startswith("{")]
        return [json.loads(line) for line in lines if json.loads(line).get("event") == event]

    def drawer_lines(self, state):
        return [line for line in self.printed("system-gestures") if line["drawer"] == state]

    def gestures(self):
        return [json.loads(line) for line in self.read("gestures.jsonl").splitlines() if line]

    def commands_run(self):
        return len(self.read("commands").splitlines())

    def play(self, lines):
        played = self.read("weston.log").count("touch script %s: played" % self.script)
        with open(self.script + ".tmp", "w") as f:
            f.write("\n".join(lines) + "\n")
        os.rename(self.script + ".tmp", self.script)
        self.wait("the touch script", lambda: self.read("weston.log").count(
            "touch script %s: played" % self.script) > played)

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()


def count(gestures, recognizer, state):
    return sum(1 for g in gestures if g["recognizer"] == recognizer and g["state"] == state)


def run_checks(session, ok, fail):
    session.start_app()
    margins = session.printed("ready")[0]["margins"]
    applied = session.drawer_lines("open")[0]
    got = parse_exclusion(applied["excluded"])
    want = expected_exclusion(margins)
    if got and got[:3] == want and got[1] + got[3] <= HEIGHT and applied["deferredEdges"] == LEFT:
        ok("the drawer: open at start, the compositor applied its exclusion %s (decorations' "
           "margins %s) and the deferred left edge" % (applied["excluded"], margins))
    else:
        fail("the drawer: applied %s, want the exclusion at %s (x, y, width) and edges %d"
             % (applied, want, LEFT))

    # An edge swipe over the open drawer (x 10: the edge zone, inside the drawer, right of
    # the decorations' left border).
    session.play(swipe(0, 10, 200, 270))
    session.wait("the drawer pan to end", lambda: count(session.gestures(), "drawer-pan", "ended"))
    time.sleep(0.5)  # a system gesture's command would have run by now
    gestures = session.gestures()
    if (count(gestures, "drawer-pan", "began") == 1 and session.commands_run() == 0
            and not any(g["recognizer"] != "drawer-pan" for g in gestures)):
        ok("the drawer: an edge swipe over it is the app's drawer-pan only (no system gesture)")
    else:
        fail("the drawer: an edge swipe over it gave %s and %d commands"
             % (gestures, session.commands_run()))

    # The regions in the surface follow the decorations: a slow drag at surface y 55 is in the
    # toolbar (scene y 55 - top margin), where no recognizer listens; at y 120 it is the
    # canvas's pan.
    before = len(session.gestures())
    session.play(swipe(0, 400, 600, 55, steps=60))
    time.sleep(0.5)
    in_toolbar = session.gestures()[before:]
    session.play(swipe(0, 400, 600, 120, steps=60))
    session.wait("the canvas pan to end", lambda: count(session.gestures(), "pan", "ended"))
    if not in_toolbar and count(session.gestures(), "pan", "began") == 1:
        ok("the regions: a drag on the toolbar is no gesture, on the canvas it is the pan")
    else:
        fail("the regions: the toolbar drag gave %s, the canvas drag %d pan(s)"
             % (in_toolbar, count(session.gestures(), "pan", "began")))

    # A swipe left on the drawer closes it: no exclusion, no deferred edge.
    session.play(swipe(0, 200, 20, 300))
    session.wait("the closed drawer's line", lambda: session.drawer_lines("closed"))
    closed = session.drawer_lines("closed")[-1]
    if closed["excluded"] == "nothing" and closed["deferredEdges"] == 0:
        ok("the drawer: a swipe left on it closes it; nothing excluded, no edge deferred")
    else:
        fail("the drawer: closed with %s" % closed)

    # Taps on the Pages button (scene (8..92, 5..35)): Qt's TapHandler opens and closes it.
    button = (margins[0] + 50, margins[1] + 20)
    opened, shut = len(session.drawer_lines("open")), len(session.drawer_lines("closed"))
    session.play(tap(*button))
    session.wait("the drawer to open", lambda: len(session.drawer_lines("open")) > opened)
    session.play(tap(*button))
    session.wait("the drawer to close", lambda: len(session.drawer_lines("closed")) > shut)
    ok("the drawer: taps on the Pages button (Qt's own touch handling) open and close it")

    # Closed: an edge swipe is the system's; the app ends no gesture.
    time.sleep(1.2)  # past the deferral's second-swipe window
    before = len(session.gestures())
    session.play(swipe(0, 10, 200, 270))
    session.wait("the system command", lambda: session.commands_run() >= 1)
    time.sleep(0.5)
    ended = [g for g in session.gestures()[before:] if g["state"] in ("ended", "recognized")]
    if not ended and session.commands_run() == 1:
        ok("the drawer closed: an edge swipe runs the system command, the app ends no gesture")
    else:
        fail("the drawer closed: the app ended %s, %d commands" % (ended, session.commands_run()))

    # Reopened: two edge swipes 420 ms apart, the first the app's, the second the system's.
    time.sleep(1.2)
    opened = len(session.drawer_lines("open"))
    session.play(tap(*button))
    session.wait("the drawer to open", lambda: len(session.drawer_lines("open")) > opened)
    pans = count(session.gestures(), "drawer-pan", "ended")
    session.play(swipe(0, 10, 200, 270) + swipe(420, 10, 200, 270))
    session.wait("the second system command", lambda: session.commands_run() >= 2)
    time.sleep(0.5)
    added = count(session.gestures(), "drawer-pan", "ended") - pans
    if added == 1 and session.commands_run() == 2:
        ok("the drawer: of two edge swipes 420 ms apart over it, the first is the app's "
           "drawer-pan, the second runs the system command")
    else:
        fail("the drawer: two edge swipes gave %d drawer pans and %d commands (want 1 and 1)"
             % (added, session.commands_run() - 1))


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    app, module, test_seat, work = argv
    failures = []

    def ok(message):
        print("test-qt6-canvas: ok: " + message)

    def fail(message):
        failures.append(message)
        print("test-qt6-canvas: FAIL: " + message, file=sys.stderr)

    session = None
    try:
        session = Session(app, module, test_seat, work)
        run_checks(session, ok, fail)
    except RuntimeError as error:
        fail("the drawer session: %s (logs in %s)" % (error, work))
    finally:
        if session:
            session.stop()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
