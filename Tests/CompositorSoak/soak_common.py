# SPDX-License-Identifier: MIT
"""What the compositor soak's driver (soak_compositor.py) and its compositors (soak_weston.py,
soak_phoc.py) share: the failure, waits, reading logs, /proc figures and the `libinput record`
files of touch scripts (for the in-core replay, and for phoc the files its mocked touchscreen
plays)."""

import json
import os
import time

# The headless output every compositor of the soak has.
SCREEN = (960, 540)
WAIT_SECONDS = 60  # the bound of every wait on the compositor or a client (a shared, noisy machine)


class SoakFailure(Exception):
    pass


def wait_for(what, condition, compositor=None, timeout=WAIT_SECONDS):
    """Polls `condition` every 20 ms; fails when `compositor` (anything with poll() and
    returncode, as subprocess.Popen) ended first or after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if compositor is not None and compositor.poll() is not None:
            raise SoakFailure(f"the compositor exited ({compositor.returncode}) while waiting "
                              f"for {what}")
        if time.monotonic() > deadline:
            raise SoakFailure(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except FileNotFoundError:
        return ""


def json_lines(path):
    result = []
    for line in read_text(path).splitlines():
        if line.startswith("{"):
            try:
                result.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    return result


def process_figures(pid):
    """A process's resident size (KiB, /proc/PID/status VmRSS) and open descriptors
    (/proc/PID/fd)."""
    rss = None
    for line in read_text(f"/proc/{pid}/status").splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def script_text(events):
    """A touch script (lines `MS down|motion ID X Y`, `MS up ID`) as the test seat reads it."""
    lines = []
    for ms, kind, finger, x, y in events:
        lines.append(f"{ms} {kind} {finger}" + (f" {x} {y}" if kind != "up" else ""))
    return "\n".join(lines) + "\n"


class Touchscreen:
    """The device of a `libinput record` file: its lines from the file's start up to and
    including `  events:`, and how many of its units make one screen pixel."""

    def __init__(self, header, scale):
        self.header = list(header)
        self.scale = scale

    @staticmethod
    def of_recording(path):
        """The device of a bundled recording (Examples/recordings), whose touchscreen the
        mocked one of daemon-test-driver is: its header, and its scale from the range of
        ABS_MT_POSITION_X and _Y against the screen, which must be the same whole number for
        both (libinput maps the range onto the output: `(value - min) * width / (max - min +
        1)`)."""
        header = []
        ranges = {}
        for line in read_text(path).splitlines():
            header.append(line)
            words = line.split()
            if len(words) >= 3 and words[0] in ("53:", "54:") and words[1].startswith("["):
                minimum, maximum = int(words[1][1:-1]), int(words[2].rstrip(","))
                ranges[words[0]] = maximum - minimum + 1
            if line == "  events:":
                break
        else:
            raise SoakFailure(f"{path}: no '  events:' line: not a libinput record file")
        if set(ranges) != {"53:", "54:"}:
            raise SoakFailure(f"{path}: no absinfo for ABS_MT_POSITION_X and _Y")
        scale_x, scale_y = ranges["53:"] / SCREEN[0], ranges["54:"] / SCREEN[1]
        if scale_x != scale_y or scale_x != int(scale_x):
            raise SoakFailure(f"{path}: its touchscreen's range ({ranges['53:']}x"
                              f"{ranges['54:']}) is no whole multiple of the "
                              f"{SCREEN[0]}x{SCREEN[1]} screen")
        return Touchscreen(header, int(scale_x))


# One multitouch protocol-B touchscreen whose range is the screen's pixels and which reports
# no resolution (so, like weston's test seat, thresholds are in pixels).
PIXEL_TOUCHSCREEN = Touchscreen([
    "# libinput record", "# Written by Tests/CompositorSoak/soak_compositor.py.", "version: 1",
    "ndevices: 1", "libinput:", '  version: "unknown"', '  git: "unknown"', "system:",
    '  os: "unknown"', '  kernel: "unknown"', '  dmi: "unknown"', "devices:",
    "- node: /dev/input/event9", "  evdev:", '    name: "GestureBridge Soak Touchscreen"',
    "    id: [3, 4660, 18243, 1]", "    codes:",
    "      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN",
    "      1: [330] # EV_KEY", "      3: [0, 1, 47, 53, 54, 57] # EV_ABS", "    absinfo:",
    f"      0: [0, {SCREEN[0] - 1}, 0, 0, 0]", f"      1: [0, {SCREEN[1] - 1}, 0, 0, 0]",
    "      47: [0, 9, 0, 0, 0]", f"      53: [0, {SCREEN[0] - 1}, 0, 0, 0]",
    f"      54: [0, {SCREEN[1] - 1}, 0, 0, 0]", "      57: [0, 65535, 0, 0, 0]",
    "    properties: [1]", "  udev:", "    properties:", "    - ID_INPUT=1",
    "    - ID_INPUT_TOUCHSCREEN=1", "  quirks:", "  events:",
], 1)


def recording_yaml(scripts, slot_seconds, touchscreen=PIXEL_TOUCHSCREEN):
    """A `libinput record` file of touch scripts (lists of (ms, kind, finger, x, y) in screen
    pixels) on `touchscreen`, script k from k * slot_seconds + 1 s, one SYN_REPORT per script
    event (as the test seat sends one frame per event), coordinates in the device's units."""
    out = touchscreen.header + ["  - evdev:", "    - [  0,      0,   0,   0,       0]"]
    scale = touchscreen.scale
    tracking = 0
    for index, events in enumerate(scripts):
        base = int((index * slot_seconds + 1.0) * 1_000_000)
        current_slot = None
        down = {}
        for ms, kind, finger, x, y in events:
            usec = base + ms * 1000
            sec, micro = divmod(usec, 1_000_000)
            frame = []

            def add(type_, code, value):
                frame.append(f"    - [{sec:3d}, {micro:6d}, {type_:3d}, {code:3d}, {value:7d}]")

            if current_slot != finger:
                add(3, 47, finger)
                current_slot = finger
            if kind == "down":
                tracking += 1
                add(3, 57, tracking)
                add(3, 53, x * scale)
                add(3, 54, y * scale)
                if not down:
                    add(1, 330, 1)
                down[finger] = (x, y)
            elif kind == "motion":
                old_x, old_y = down[finger]
                if x != old_x:
                    add(3, 53, x * scale)
                if y != old_y:
                    add(3, 54, y * scale)
                down[finger] = (x, y)
            else:
                add(3, 57, -1)
                del down[finger]
                if not down:
                    add(1, 330, 0)
            add(0, 0, 0)
            out.append("  - evdev:")
            out += frame
    return "\n".join(out) + "\n"
