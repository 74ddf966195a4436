# SPDX-License-Identifier: MIT
"""weston 10 in the compositor soak: headless (pixman, kiosk-shell, 960x540) with the
gesture-bridge module and the test seat module, which plays the touch scripts the driver
writes to a file (Tests/CompositorSoak/README.md)."""

import os
import subprocess

from soak_common import PIXEL_TOUCHSCREEN, SCREEN, SoakFailure, read_text, script_text, wait_for


class WestonCompositor:
    name = "weston"
    # The prefix of the bridge's lines in the log (a system gesture: PREFIX + "system gesture ").
    bridge_prefix = "gesture-bridge-weston: "
    # kiosk-shell centres the example C client's 400x300 window at (280, 120).
    view_frame = (280, 120, 400, 300)
    client_arguments = []
    touchscreen = PIXEL_TOUCHSCREEN

    def __init__(self, options, work, runtime):
        self.options = options
        self.work = work
        self.runtime = runtime
        self.socket = f"gb-soak-{os.getpid()}"
        self.script_path = os.path.join(work, "touch-script")
        self.log_path = os.path.join(work, "weston.log")
        self.process = None
        self.log_offset = 0
        self.script_counts = {"playing": 0, "played": 0}

    @property
    def pid(self):
        return self.process.pid

    @property
    def returncode(self):
        return self.process.returncode

    def poll(self):
        return self.process.poll()

    def log(self):
        return read_text(self.log_path)

    def stall_marker(self, pid):
        """What the log says when libwayland-server drops client `pid` whose buffer is full."""
        return f"error in client communication (pid {pid})"

    def start(self, processes):
        ini = os.path.join(self.work, "weston.ini")
        with open(ini, "w", encoding="utf-8") as file:
            file.write(f"[gesture-bridge]\ntouch-script={self.script_path}\n"
                       f"system-gestures={self.options.system_gestures}\n")
        modules = f"{self.options.module},{self.options.test_seat}"
        env = dict(os.environ)
        env["XDG_RUNTIME_DIR"] = self.runtime
        env.pop("WAYLAND_DISPLAY", None)
        output = open(os.path.join(self.work, "weston.out"), "w", encoding="utf-8")
        self.process = subprocess.Popen(
            [self.options.weston, "--backend=headless-backend.so", "--use-pixman",
             "--shell=kiosk-shell.so", f"--socket={self.socket}", f"--modules={modules}",
             f"--config={ini}", f"--log={self.log_path}", f"--width={SCREEN[0]}",
             f"--height={SCREEN[1]}"], env=env, stdout=output, stderr=output)
        processes.append(self.process)
        socket_path = os.path.join(self.runtime, self.socket)
        wait_for("weston's socket, the module, the test seat and the system gestures",
                 lambda: os.path.exists(socket_path)
                 and "gesture_bridge_manager_v1 advertised" in self.log()
                 and "gesture-bridge-weston-test-seat: test seat ready" in self.log()
                 and "system gestures: watching" in self.log(), self)
        if "error: system gestures" in self.log():
            raise SoakFailure("the system gestures were not loaded:\n" + self.log())

    def script_lines(self, which):
        """How many `playing touch script PATH` ("playing") or `touch script PATH: played`
        ("played") lines weston's log has; reads only what was added since the last call."""
        with open(self.log_path, "rb") as file:
            file.seek(self.log_offset)
            data = file.read()
        end = data.rfind(b"\n") + 1
        self.log_offset += end
        for line in data[:end].decode("utf-8", "replace").splitlines():
            if line.endswith(f"touch script {self.script_path}: played"):
                self.script_counts["played"] += 1
            elif f"playing touch script {self.script_path}:" in line:
                self.script_counts["playing"] += 1
        return self.script_counts[which]

    def play(self, events, number, waiting, started=None):
        """Hands touch script `number` (its events) to the test seat and returns once it has
        been played, calling `waiting()` while it plays and `started()` once it plays."""
        temporary = self.script_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(script_text(events))
        os.rename(temporary, self.script_path)
        if started is not None:
            wait_for(f"the test seat to start touch script {number}",
                     lambda: self.script_lines("playing") >= number, self)
            started()

        def played():
            waiting()
            return self.script_lines("played") >= number

        wait_for(f"the test seat to play touch script {number}", played, self)
