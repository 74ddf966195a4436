# SPDX-License-Identifier: MIT
"""Unit tests of the compositor soak's recordings and of its phoc part that need no compositor:
the touchscreen read from a bundled recording, touch scripts written as `libinput record`
files in its units and in pixels, /proc states, the driver's arguments
(run by scripts/test.sh's soak-phoc step with pytest)."""

import os
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from soak_common import (PIXEL_TOUCHSCREEN, SoakFailure, Touchscreen,  # noqa: E402
                         recording_yaml)
from soak_phoc import process_state  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PINCH = os.path.join(ROOT, "Examples", "recordings", "pinch.yml")
# A tap at (100, 50), then a two-finger touch: finger 1 down at (300, 200), moved to (310, 200).
SCRIPT = [(0, "down", 0, 100, 50), (40, "up", 0, 0, 0), (500, "down", 0, 290, 200),
          (520, "down", 1, 300, 200), (536, "motion", 1, 310, 200), (552, "up", 0, 0, 0),
          (562, "up", 1, 0, 0)]


def events(text):
    """The event rows after `  events:` as (sec, usec, type, code, value)."""
    rows = text.split("  events:\n", 1)[1]
    return [tuple(int(word) for word in line.strip()[3:-1].split(","))
            for line in rows.splitlines() if line.startswith("    - [")]


def test_the_bundled_recordings_touchscreen_has_two_units_a_pixel():
    touchscreen = Touchscreen.of_recording(PINCH)
    assert touchscreen.scale == 2
    assert touchscreen.header[-1] == "  events:"
    assert '    name: "GestureBridge Synthetic Touchscreen"' in touchscreen.header
    assert not any(line.startswith("  - evdev:") for line in touchscreen.header)


def test_a_script_on_the_mocked_touchscreen_is_in_its_units():
    text = recording_yaml([SCRIPT], 30.0, Touchscreen.of_recording(PINCH))
    assert text.startswith(open(PINCH, encoding="utf-8").read().split("  events:\n")[0])
    rows = events(text)
    assert rows[0] == (0, 0, 0, 0, 0)
    # The tap at 1 s: slot 0, tracking id 1, x 200, y 100, BTN_TOUCH, SYN_REPORT.
    assert rows[1:7] == [(1, 0, 3, 47, 0), (1, 0, 3, 57, 1), (1, 0, 3, 53, 200),
                         (1, 0, 3, 54, 100), (1, 0, 1, 330, 1), (1, 0, 0, 0, 0)]
    assert rows[7:10] == [(1, 40000, 3, 57, -1), (1, 40000, 1, 330, 0), (1, 40000, 0, 0, 0)]
    # Finger 1's motion: slot 1, only x changed (620 = 310 * 2).
    assert (1, 536000, 3, 53, 620) in rows
    assert not any(row[:2] == (1, 536000) and row[3] == 54 for row in rows)
    assert sum(1 for row in rows if row[2:] == (0, 0, 0)) == len(SCRIPT) + 1


def test_scripts_sit_in_their_slots_in_pixels():
    rows = events(recording_yaml([SCRIPT[:2], SCRIPT[:2]], 30.0, PIXEL_TOUCHSCREEN))
    downs = [row for row in rows if row[3] == 57 and row[4] != -1]
    assert [(row[0], row[4]) for row in downs] == [(1, 1), (31, 2)]
    assert (31, 0, 3, 53, 100) in rows and (31, 0, 3, 54, 50) in rows


def write(tmp_path, text):
    path = tmp_path / "device.yml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_touchscreen_whose_range_is_no_multiple_of_the_screen_is_refused(tmp_path):
    header = open(PINCH, encoding="utf-8").read().split("  events:\n")[0]
    odd = header.replace("53: [0, 1919,", "53: [0, 1000,")
    with pytest.raises(SoakFailure, match="no whole multiple"):
        Touchscreen.of_recording(write(tmp_path, odd + "  events:\n"))
    with pytest.raises(SoakFailure, match="not a libinput record file"):
        Touchscreen.of_recording(write(tmp_path, header))


def test_process_states():
    assert process_state(os.getpid()) in ("R", "S")
    child = subprocess.Popen(["true"])
    deadline = time.monotonic() + 10
    while process_state(child.pid) != "Z" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process_state(child.pid) == "Z"
    child.wait()
    assert process_state(child.pid) is None


def test_phoc_needs_its_driver_and_preload():
    result = subprocess.run(
        [sys.executable, os.path.join(HERE, "soak_compositor.py"), "--compositor", "phoc",
         "--minutes", "1", "--seed", "1", "--gesture-bridge", "x", "--c-client", "x",
         "--churn-client", "x", "--system-gestures", "x", "--phoc", "/usr/bin/phoc"],
        capture_output=True, text=True)
    assert result.returncode == 2
    assert "--compositor phoc needs --driver" in result.stderr
