# SPDX-License-Identifier: MIT
"""The compositor soak's driver (run by scripts/soak-compositor.sh, which builds the clients).

Runs a headless compositor with GestureBridge for the given time under random client churn
(see Tests/CompositorSoak/README.md): weston 10 with the gesture-bridge module and the test
seat module (soak_weston.py), or Debian's phoc with the LD_PRELOAD loader on a mocked
touchscreen (soak_phoc.py). Checks at the end that the compositor is alive, that its resident
size and open file descriptors after warm-up stayed within the bounds, that every well-behaved
client got the gestures the in-core replay computes from the touches it was sent, that every
churn client saw what the protocol says (its recognizers accepted, the protocol error it
provoked) and that the client that never reads its socket was disconnected by libwayland
while the others kept their gestures.
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

from soak_common import (SCREEN, WAIT_SECONDS, SoakFailure, json_lines, process_figures,
                         read_text, recording_yaml, script_text, wait_for)
from soak_memcheck import Memcheck
from soak_phoc import PhocCompositor
from soak_weston import WestonCompositor

# Geometry (as in Sources/GestureBridgeTesting/EndToEnd/InCoreComparison.swift): a 960x540
# headless output; the scripts touch the place of weston's window of the example C client
# (kiosk-shell centres its 400x300 window at (280, 120)), in phoc too, whose window is the
# whole output.
WINDOW = (280, 120, 400, 300)
# The example C client's recognizers as a scene (its defaults, in the order it commits them).
SCENE_RECOGNIZERS = [
    {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
    {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2},
    {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]},
]
FIXED = 1.0 / 256
# Touch scripts are stamped when the test seat plays them, so the client's times follow
# weston's event loop: compared relative to the first gesture of each script, within this (the
# 30-minute run saw up to 237 ms on a loaded machine).
TIME_TOLERANCE = 1.0
# Each script of a well-behaved client sits in its own slot of the replayed recording.
SLOT_SECONDS = 30.0
# Touches of two scripts are at least this far apart (more than the double tap's 300 ms).
QUIET_SECONDS = 1.0
# Resident size may grow at most this much after warm-up; open descriptors at most this many.
RSS_GROWTH_BOUND_KIB = 16 * 1024
FD_GROWTH_BOUND = 2
MISUSES = [
    "surface-limit", "client-limit", "invalid-type", "invalid-edges", "second-system-surface",
    "invalid-value", "not-applicable", "self-relation", "cycle",
]


class Checks:
    """Named checks: each passes or fails with a message; failures are printed at once."""

    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed.append(what)
            print(f"soak-compositor: FAILED: {what}", flush=True)
        return condition


# ---- touches ------------------------------------------------------------------------------

def inside(rng, margin):
    x, y, width, height = WINDOW
    return (rng.randint(x + margin, x + width - margin),
            rng.randint(y + margin, y + height - margin))


def gesture(rng, start):
    """One random gesture from `start` ms: its script events (ms, kind, id, x, y) and its end.
    Timings keep wide margins to the recognizers' limits (taps 40 ms long and 40 ms apart
    against 1 s and 300 ms), so weston's scheduling delays do not change what is recognized."""
    kind = rng.choice(["tap", "double-tap", "double-tap", "pan", "pan", "two-finger-pan", "pinch",
                       "outside-tap"])
    events = []
    if kind in ("tap", "double-tap", "outside-tap"):
        if kind == "outside-tap":
            x, y = rng.randint(10, 250), rng.randint(10, 100)  # left of and above the window
        else:
            x, y = inside(rng, 20)
        events += [(start, "down", 0, x, y), (start + 40, "up", 0, 0, 0)]
        if kind == "double-tap":
            x2, y2 = x + rng.randint(-4, 4), y + rng.randint(-4, 4)
            events += [(start + 80, "down", 0, x2, y2), (start + 120, "up", 0, 0, 0)]
        return events, events[-1][0]
    if kind == "pinch":
        steps = rng.randint(8, 20)
        cx, cy = inside(rng, 120)
        dx, dy = rng.choice([(1, 0), (0, 1), (1, 1)])
        spread = rng.randint(20, 30)
        grow = rng.choice([-1, 1]) * rng.randint(3, 4)
        if grow < 0:
            spread += -grow * steps  # at most 110 px from the centre, which is 120 px inside
        fingers = [(0, cx - dx * spread, cy - dy * spread, -dx, -dy),
                   (1, cx + dx * spread, cy + dy * spread, dx, dy)]
        events.append((start, "down", 0, fingers[0][1], fingers[0][2]))
        events.append((start + 20, "down", 1, fingers[1][1], fingers[1][2]))
        for step in range(1, steps + 1):
            t = start + 20 + 16 * step
            for finger, x, y, ux, uy in fingers:
                events.append((t, "motion", finger, x + ux * grow * step, y + uy * grow * step))
        end = start + 20 + 16 * steps + 16
        events += [(end, "up", 0, 0, 0), (end + 10, "up", 1, 0, 0)]
        return events, end + 10
    # A pan of one or two fingers (the second 30 px right and 20 px below the first), its
    # whole path inside the window.
    steps = rng.randint(8, 24)
    fingers = 1 if kind == "pan" else 2
    step_x, step_y = rng.randint(-10, 10), rng.randint(-10, 10)
    if abs(step_x) + abs(step_y) < 6:
        step_x = 8
    x, y, width, height = WINDOW
    reach_x, reach_y = step_x * steps, step_y * steps
    x0 = rng.randint(x + 10 - min(0, reach_x), x + width - 40 - max(0, reach_x))
    y0 = rng.randint(y + 10 - min(0, reach_y), y + height - 30 - max(0, reach_y))
    offsets = [(0, 0), (30, 20)][:fingers]
    for finger, (ox, oy) in enumerate(offsets):
        events.append((start + 20 * finger, "down", finger, x0 + ox, y0 + oy))
    for step in range(1, steps + 1):
        t = start + 20 * (fingers - 1) + 16 * step
        for finger, (ox, oy) in enumerate(offsets):
            events.append((t, "motion", finger, x0 + ox + step_x * step, y0 + oy + step_y * step))
    end = start + 20 * (fingers - 1) + 16 * steps + 16
    for finger in range(fingers):
        events.append((end + 10 * finger, "up", finger, 0, 0))
    return events, end + 10 * (fingers - 1)


def touch_script(rng):
    """2-4 random gestures 500 ms apart (more than the double tap's 300 ms)."""
    events, t = [], 0
    for _ in range(rng.randint(2, 4)):
        more, end = gesture(rng, t)
        events += more
        t = end + 500
    return events


# ---- the in-core replay -------------------------------------------------------------------

def in_core_replay(gesture_bridge, work, name, scripts, compositor):
    """The in-core replay of `scripts` on `compositor`'s touchscreen (its device, one slot of
    SLOT_SECONDS a script), on a view at the place of its window of the C client."""
    scene = {"screen": {"width": SCREEN[0], "height": SCREEN[1]},
             "views": [{"name": "surface", "frame": list(compositor.view_frame), "children": [],
                        "recognizers": SCENE_RECOGNIZERS}]}
    scene_path = os.path.join(work, f"{name}-scene.json")
    recording_path = os.path.join(work, f"{name}-touches.yml")
    with open(scene_path, "w", encoding="utf-8") as file:
        json.dump(scene, file)
    with open(recording_path, "w", encoding="utf-8") as file:
        file.write(recording_yaml(scripts, SLOT_SECONDS, compositor.touchscreen))
    result = subprocess.run(
        [gesture_bridge, "replay", "--scene", scene_path, "--format", "json", "--no-progress",
         recording_path], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SoakFailure(f"gesture-bridge replay of {recording_path} failed: {result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def numbers(value):
    if isinstance(value, list):
        return [float(v) for v in value]
    if isinstance(value, (int, float)):
        return [float(value)]
    return []


def compare_gestures(got, want, name):
    """Differences between one script's gestures of a client and of the in-core replay: same
    recognizer, type, view, state, touches, taps, direction and keys; location, translation,
    scale and rotation within wl_fixed's 1/256 plus the printed rounding; times relative to
    the script's first gesture within TIME_TOLERANCE. Velocities (which follow the playing
    times) are not compared. Returns (problems, largest time difference)."""
    problems, largest = [], 0.0
    if len(got) != len(want):
        problems.append(f"{name}: {len(got)} gestures, the in-core replay has {len(want)}: "
                        f"got {[(g.get('recognizer'), g.get('state')) for g in got]}, "
                        f"want {[(w.get('recognizer'), w.get('state')) for w in want]}")
        return problems, largest
    for index, (g, w) in enumerate(zip(got, want)):
        context = f"{name} gesture {index}: got {g}, want {w}"
        for key in ("recognizer", "type", "view", "state", "touches", "taps", "direction"):
            if g.get(key) != w.get(key):
                problems.append(f"{key}: {context}")
        if set(g) != set(w):
            problems.append(f"keys: {context}")
        for key, tolerance in (("location", FIXED + 0.01), ("translation", FIXED + 0.01),
                               ("scale", FIXED + 0.0001), ("rotation", FIXED + 0.0001)):
            a, b = numbers(g.get(key)), numbers(w.get(key))
            if len(a) != len(b) or any(abs(x - y) > tolerance for x, y in zip(a, b)):
                problems.append(f"{key}: {context}")
        difference = abs((g["time"] - got[0]["time"]) - (w["time"] - want[0]["time"]))
        largest = max(largest, difference)
        if difference > TIME_TOLERANCE:
            problems.append(f"time (relative to the script's first gesture, {difference:.3f} s "
                            f"off): {context}")
    return problems, largest


# ---- the soak -----------------------------------------------------------------------------

class Soak:
    def __init__(self, options):
        self.options = options
        self.rng = random.Random(options.seed)
        self.checks = Checks()
        self.work = tempfile.mkdtemp(prefix="gb-soak-compositor-")
        self.runtime = os.path.join(self.work, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.memcheck = Memcheck(self.work) if options.memcheck else None
        self.memcheck_report = None
        if options.compositor == "phoc":
            wrapper = self.memcheck.wrapper() if self.memcheck else ""
            self.compositor = PhocCompositor(options, self.work, self.runtime, wrapper)
        else:
            self.compositor = WestonCompositor(options, self.work, self.runtime)
        self.name = self.compositor.name
        self.processes = []  # every process started, to end them (by pid) on the way out
        self.client_number = 0
        self.scripts_played = 0
        self.stats = {"well-behaved": 0, "attach": 0, "killed": 0, "killed-before-ready": 0,
                      "misuse": 0, "stall": 0, "recognizers": 0, "scripts": 0, "gestures": 0,
                      "events": 0}
        self.largest_time_difference = 0.0
        self.samples = []  # (elapsed seconds, rss KiB, fds)
        self.well_behaved = None
        self.stall_checked = False
        self.quiet_until = 0.0

    def environment(self):
        env = dict(os.environ)
        env["XDG_RUNTIME_DIR"] = self.runtime
        env["WAYLAND_DISPLAY"] = self.compositor.socket
        return env

    def log(self):
        return self.compositor.log()

    def start(self, name, arguments):
        self.client_number += 1
        output = os.path.join(self.work, f"{self.client_number:05d}-{name}.out")
        with open(output, "w", encoding="utf-8") as file:
            process = subprocess.Popen(arguments, env=self.environment(), stdout=file,
                                       stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process, output

    # -- the well-behaved client --

    def start_well_behaved(self):
        arguments = [self.options.c_client, "--print-ready"] + self.compositor.client_arguments
        if self.rng.random() < 0.5:
            # Deferring system gestures on its window changes nothing for touches that never
            # reach a system gesture: its gestures stay those of the in-core replay.
            rectangle = [self.rng.randint(0, 200), self.rng.randint(0, 150),
                         self.rng.randint(1, 200), self.rng.randint(1, 150)]
            arguments += ["--exclude-system-gestures", ",".join(map(str, rectangle)),
                          "--defer-system-edges", str(self.rng.randint(0, 15))]
        process, output = self.start("well-behaved", arguments)
        wait_for("the well-behaved client's ready line",
                 lambda: any(o.get("event") == "ready" for o in json_lines(output))
                 or process.poll() is not None, self.compositor)
        if process.poll() is not None:
            raise SoakFailure(f"the well-behaved client exited ({process.returncode}):\n"
                              + read_text(output))
        self.stats["well-behaved"] += 1
        self.well_behaved = {"process": process, "output": output, "scripts": [],
                             "rounds": self.rng.randint(2, 4), "name": f"well-behaved client "
                             f"{self.stats['well-behaved']} (pid {process.pid})"}

    def stop_well_behaved(self):
        client = self.well_behaved
        self.well_behaved = None
        process = client["process"]
        process.send_signal(signal.SIGTERM)  # it roundtrips, printing all it was sent, exits 0
        try:
            process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        name = client["name"]
        self.checks.check(process.returncode == 0,
                          f"{name} exits 0 on SIGTERM (got {process.returncode}):\n"
                          + read_text(client["output"])[-2000:])
        got = [o for o in json_lines(client["output"]) if "recognizer" in o]
        want = in_core_replay(self.options.gesture_bridge, self.work,
                              f"well-behaved-{self.stats['well-behaved']}-{process.pid}",
                              [s["events"] for s in client["scripts"]], self.compositor)
        starts = [s["written"] for s in client["scripts"]] + [float("inf")]
        for index, script in enumerate(client["scripts"]):
            got_part = [g for g in got if starts[index] <= g["time"] < starts[index + 1]]
            low = index * SLOT_SECONDS
            want_part = [w for w in want if low <= w["time"] < low + SLOT_SECONDS]
            problems, largest = compare_gestures(got_part, want_part,
                                                 f"{name}, touch script {script['number']}")
            self.largest_time_difference = max(self.largest_time_difference, largest)
            self.stats["gestures"] += len(want_part)
            self.checks.check(not problems, "; ".join(problems[:3]))
        stray = [g for g in got if g["time"] < starts[0]]
        self.checks.check(not stray, f"{name}: gestures before its first touch script: {stray}")

    # -- churn --

    def churn_batch(self):
        """3-6 clients: attach and exit, attach and be killed (some before they are done),
        misuse; returns [(kind, process, output, kill time or None)]."""
        batch = []
        for _ in range(self.rng.randint(3, 6)):
            kind = self.rng.choice(["attach", "attach", "hang", "hang", "misuse", "misuse"])
            seed = self.rng.randrange(1 << 40)
            if kind == "misuse":
                misuse = self.rng.choice(MISUSES)
                process, output = self.start(f"misuse-{misuse}", [
                    self.options.churn_client, "misuse", misuse, str(seed)])
                batch.append(("misuse", process, output, None, misuse))
                continue
            surfaces = self.rng.randint(1, 16)
            recognizers = self.rng.randint(1, surfaces * 64) if self.rng.random() < 0.8 \
                else surfaces * 64
            if self.rng.random() < 0.1:
                surfaces, recognizers = 16, 1024  # exactly the client limit
            then = "exit" if kind == "attach" else "hang"
            process, output = self.start(kind, [
                self.options.churn_client, "attach", str(seed), str(surfaces), str(recognizers),
                then])
            # A killed client dies at a random moment: half of them in their first 80 ms, often
            # mid-creation (a client making 1024 recognizers takes some 30 ms here), the others
            # later, while the touches play (at the latest when the script has been played).
            kill_at = time.monotonic() + self.rng.choice([0.08, 3.0]) * self.rng.random() \
                if kind == "hang" else None
            batch.append((kind, process, output, kill_at, recognizers))
        return batch

    def kill_due(self, batch, force=False):
        for kind, process, _, kill_at, _ in batch:
            due = kill_at is not None and (force or time.monotonic() >= kill_at)
            if due and process.poll() is None:
                process.send_signal(signal.SIGKILL)

    def check_batch(self, batch):
        for kind, process, output, _, detail in batch:
            try:
                process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                self.checks.check(False, f"{kind} client pid {process.pid} did not end")
                continue
            lines = json_lines(output)
            if kind == "misuse":
                self.stats["misuse"] += 1
                self.checks.check(process.returncode == 0 and lines and lines[-1].get("asExpected"),
                                  f"misuse {detail} (pid {process.pid}) gets its protocol error: "
                                  f"exit {process.returncode}, {read_text(output)}")
            elif kind == "attach":
                self.stats["attach"] += 1
                self.stats["recognizers"] += detail
                self.checks.check(process.returncode == 0 and lines and
                                  lines[-1].get("recognizers") == detail,
                                  f"attach client (pid {process.pid}) keeps {detail} recognizers "
                                  f"and disconnects: exit {process.returncode}, "
                                  f"{read_text(output)}")
            else:
                self.stats["killed"] += 1
                self.stats["recognizers"] += detail
                done = bool(lines and lines[-1].get("recognizers") == detail)
                if not done:
                    self.stats["killed-before-ready"] += 1
                self.checks.check(process.returncode == -signal.SIGKILL and
                                  (done or not lines),
                                  f"killed client (pid {process.pid}) ends by SIGKILL with its "
                                  f"recognizers accepted: exit {process.returncode}, "
                                  f"{read_text(output)}")

    def start_stall(self):
        process, output = self.start("stall", [self.options.churn_client, "stall", "100000000"])
        self.stats["stall"] += 1
        wait_for("the never-reading client's ready line",
                 lambda: any(o.get("ready") for o in json_lines(output))
                 or process.poll() is not None, self.compositor)
        return process, output

    def check_stall(self, stall):
        process, output = stall
        try:
            process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        lines = json_lines(output)
        marker = self.compositor.stall_marker(process.pid)
        if process.returncode == 0:
            wait_for(f"{self.name}'s log to say '{marker}'", lambda: marker in self.log(),
                     self.compositor)
        self.checks.check(process.returncode == 0 and lines and lines[-1].get("disconnected")
                          and marker in self.log(),
                          f"the client that never reads (pid {process.pid}) is disconnected by "
                          f"libwayland: exit {process.returncode}, {read_text(output)}")
        self.stall_requests = lines[-1].get("requests") if lines else None
        self.stall_checked = True

    # -- touches --

    def play(self, batch, stall=None):
        """Plays a random touch script on the well-behaved client; once it is playing, SIGUSR1
        starts the flood of the never-reading client `stall`, if any."""
        events = touch_script(self.rng)
        self.scripts_played += 1
        self.stats["scripts"] += 1
        self.stats["events"] += len(events)
        # Scripts are replayed 30 s apart, so in the compositor too no gesture may span two of them
        # (a tap ending one and a tap starting the next would be a double tap): the next
        # script is written at least QUIET_SECONDS after the previous one was played.
        while time.monotonic() < self.quiet_until:
            self.kill_due(batch)
            time.sleep(0.005)
        written = time.monotonic()
        self.well_behaved["scripts"].append({"events": events, "written": written,
                                             "number": self.scripts_played})
        with open(os.path.join(self.work, f"script-{self.scripts_played:05d}.txt"), "w",
                  encoding="utf-8") as file:
            file.write(script_text(events))
        started = None if stall is None else (lambda: stall[0].send_signal(signal.SIGUSR1))
        self.compositor.play(events, self.scripts_played, lambda: self.kill_due(batch), started)
        self.quiet_until = time.monotonic() + QUIET_SECONDS

    def settled_figures(self):
        """The compositor's figures once its descriptor count has stopped changing (churned clients'
        sockets are closed when it sees them hang up)."""
        previous = process_figures(self.compositor.pid)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            time.sleep(0.2)
            current = process_figures(self.compositor.pid)
            if current[1] == previous[1]:
                return current
            previous = current
        return previous

    def run(self):
        duration = self.options.minutes * 60
        warm_up = max(duration * 0.2, 10)
        print(f"soak-compositor: {self.options.minutes} min, seed {self.options.seed}, "
              f"work directory {self.work}", flush=True)
        self.compositor.start(self.processes)
        print(f"soak-compositor: {self.name} pid {self.compositor.pid} on "
              f"{self.compositor.socket}; figures "
              f"(RSS, fds) at start {process_figures(self.compositor.pid)}", flush=True)
        started = time.monotonic()
        self.start_well_behaved()
        warm = None
        last_print = 0.0
        round_number = 0
        stall = None
        while time.monotonic() - started < duration:
            round_number += 1
            self.rounds = round_number
            if self.well_behaved["rounds"] == 0:
                self.stop_well_behaved()
                self.start_well_behaved()
            self.well_behaved["rounds"] -= 1
            batch = self.churn_batch()
            if round_number == 2:
                stall = self.start_stall()
            self.play(batch, stall if round_number == 2 else None)
            self.kill_due(batch, force=True)
            self.check_batch(batch)
            if stall is not None and not self.stall_checked:
                self.check_stall(stall)
            if self.compositor.poll() is not None:
                raise SoakFailure(f"{self.name} exited ({self.compositor.returncode})")
            self.check_well_behaved_alive()
            rss, fds = self.settled_figures()
            elapsed = time.monotonic() - started
            self.samples.append((elapsed, rss, fds))
            if warm is None and elapsed >= warm_up:
                warm = (elapsed, rss, fds)
                print(f"soak-compositor: warm-up done at {elapsed:.0f} s: RSS {rss} KiB, "
                      f"{fds} fds", flush=True)
            if round_number > 1 and elapsed - last_print < 10 and warm != (elapsed, rss, fds):
                continue
            last_print = elapsed
            s = self.stats
            print(f"soak-compositor: [{int(elapsed) // 60:02d}:{int(elapsed) % 60:02d}] round "
                  f"{round_number}: clients {self.client_number} (attach {s['attach']}, killed "
                  f"{s['killed']}, misuse {s['misuse']}, well-behaved {s['well-behaved']}), "
                  f"scripts {s['scripts']}, RSS {rss} KiB, fds {fds}", flush=True)
        self.check_well_behaved_alive()
        final = self.samples[-1] if self.samples else None
        self.stop_well_behaved()
        self.checks.check(self.compositor.poll() is None, f"{self.name} is alive at the end")
        self.checks.check(self.stall_checked, "the never-reading client ran (needs 2 rounds)")
        self.check_system_gestures()
        if warm is None and self.samples:
            warm = self.samples[0]
        if warm and final:
            self.checks.check(final[1] - warm[1] <= RSS_GROWTH_BOUND_KIB,
                              f"{self.name}'s RSS grew {final[1] - warm[1]} KiB after warm-up "
                              f"(bound {RSS_GROWTH_BOUND_KIB} KiB)")
            self.checks.check(final[2] - warm[2] <= FD_GROWTH_BOUND,
                              f"{self.name}'s open fds grew {final[2] - warm[2]} after warm-up "
                              f"(bound {FD_GROWTH_BOUND})")
        elapsed = time.monotonic() - started
        if self.memcheck:
            self.check_memcheck()
        self.summary(elapsed, warm, final)

    def check_memcheck(self):
        """phoc stopped (valgrind writes its summary at the exit): no error but the known ones
        outside GestureBridge that memcheck.supp suppresses."""
        self.compositor.stop()
        report = self.memcheck.report()
        self.memcheck_report = report
        if report is None:
            self.checks.check(False, "valgrind wrote its error summary when phoc exited: "
                              f"logs {self.memcheck.logs()}")
            return
        self.checks.check(report.errors == 0,
                          f"memcheck found no error in phoc's process ({report.describe()})"
                          + (f":\n{report.first_error}" if report.errors else ""))

    def check_system_gestures(self):
        """The system gestures (Tests/CompositorSoak/system-gestures.json: a bottom-edge pan, a
        three-finger swipe) see every touch and fail for all of them: the scripts never touch
        the bottom edge (weston 10 would not forward the motion of a touch below the window,
        where no view is; see docs/system-gestures.md) nor use three fingers. None may have
        begun or been recognized, or the clients' gestures would have been taken."""
        lines = [line for line in self.log().splitlines()
                 if self.compositor.bridge_prefix + "system gesture " in line]
        self.checks.check(not lines, f"no system gesture happened: {lines[:4]}")

    def check_well_behaved_alive(self):
        process = self.well_behaved["process"]
        if process.poll() is not None:
            raise SoakFailure(f"{self.well_behaved['name']} exited ({process.returncode}):\n"
                              + read_text(self.well_behaved["output"])[-2000:])

    def summary(self, elapsed, warm, final):
        s = self.stats
        peak_rss = max((sample[1] for sample in self.samples), default=0)
        peak_fds = max((sample[2] for sample in self.samples), default=0)
        print("soak-compositor: summary", flush=True)
        print(f"  duration            {elapsed / 60:.1f} min ({elapsed:.0f} s), "
              f"{getattr(self, 'rounds', 0)} rounds, seed {self.options.seed}")
        print(f"  clients churned     {self.client_number}: {s['attach']} attached and "
              f"disconnected, {s['killed']} killed by SIGKILL ({s['killed-before-ready']} before "
              f"they were done), {s['misuse']} protocol errors, {s['well-behaved']} well-behaved, "
              f"{s['stall']} never reading")
        print(f"  recognizers         {s['recognizers']} asked for by churn clients")
        print(f"  touches             {s['scripts']} touch scripts, {s['events']} touch events")
        print(f"  gestures compared   {s['gestures']} with the in-core replay (largest time "
              f"difference {self.largest_time_difference * 1000:.1f} ms, bound "
              f"{TIME_TOLERANCE * 1000:.0f} ms)")
        if self.memcheck_report is not None:
            print(f"  memcheck            {self.memcheck_report.describe()}")
        if self.stall_checked:
            print(f"  never-reading       disconnected by libwayland after {self.stall_requests} "
                  f"wl_display.sync requests")
        if warm and final:
            print(f"  {self.name + ' RSS':<20}{warm[1]} KiB after warm-up ({warm[0]:.0f} s), "
                  f"{final[1]} KiB at the end, peak {peak_rss} KiB "
                  f"(bound: +{RSS_GROWTH_BOUND_KIB} KiB)")
            print(f"  {self.name + ' fds':<20}{warm[2]} after warm-up, {final[2]} at the end, peak "
                  f"{peak_fds} (bound: +{FD_GROWTH_BOUND})")
        print(f"soak-compositor: {self.checks.passed} passed, {len(self.checks.failed)} failed",
              flush=True)

    def cleanup(self, keep):
        if isinstance(self.compositor, PhocCompositor):
            self.compositor.stop()  # through the driver: phoc is its child, not ours
        for process in reversed(self.processes):
            if process.poll() is None:
                weston = getattr(self.compositor, "process", None)
                process.send_signal(signal.SIGTERM if process is weston else signal.SIGKILL)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if keep:
            print(f"soak-compositor: logs kept in {self.work}", flush=True)
        else:
            subprocess.run(["rm", "-rf", self.work], check=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--compositor", choices=["weston", "phoc"], default="weston")
    for name in ("gesture-bridge", "c-client", "churn-client", "system-gestures"):
        parser.add_argument(f"--{name}", required=True)
    # weston: the binary and the two modules; phoc: the binary, daemon-test-driver, the
    # LD_PRELOAD list (the loader, the libseat fix) and a recording of the mocked touchscreen.
    needed = {"weston": ("weston", "module", "test-seat"),
              "phoc": ("phoc", "driver", "preload", "device-recording")}
    for name in needed["weston"] + needed["phoc"]:
        parser.add_argument(f"--{name}")
    parser.add_argument("--memcheck", action="store_true",
                        help="phoc only: run phoc under valgrind's memcheck, and fail on any "
                        "error but the known ones of memcheck.supp")
    options = parser.parse_args()
    if options.memcheck and options.compositor != "phoc":
        parser.error("--memcheck is for --compositor phoc")
    for name in needed[options.compositor]:
        if getattr(options, name.replace("-", "_")) is None:
            parser.error(f"--compositor {options.compositor} needs --{name}")
    soak = Soak(options)
    failed = True
    try:
        soak.run()
        failed = bool(soak.checks.failed)
    except SoakFailure as error:
        print(f"soak-compositor: FAILED: {error}", flush=True)
        print(f"soak-compositor: {soak.name} log (end):\n" + soak.log()[-3000:], flush=True)
        if soak.memcheck:
            soak.compositor.stop()  # valgrind writes its summary when phoc exits
            report = soak.memcheck.report()
            print("soak-compositor: memcheck: " + (
                f"{report.describe()}\n{report.first_error}" if report else
                f"no error summary in {soak.memcheck.logs()}"), flush=True)
        print(f"soak-compositor: {soak.checks.passed} passed, {len(soak.checks.failed) + 1} failed",
              flush=True)
    except KeyboardInterrupt:
        print("soak-compositor: interrupted", flush=True)
    finally:
        soak.cleanup(keep=failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
