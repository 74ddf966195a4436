# SPDX-License-Identifier: MIT
"""phoc in the compositor soak: Debian's phoc, unmodified, with GestureBridge's LD_PRELOAD
loader (Compositors/wlroots-preload, built for the wlroots phoc links), headless (pixman, one
960x540 output) inside the umockdev testbed of daemon-test-driver, whose mocked touchscreen
wlroots' libinput backend reads: the touch scripts are `libinput record` files of that
touchscreen (Examples/recordings' device) the driver writes into it in real time
(Tests/CompositorSoak/README.md)."""

import os
import select
import subprocess
import time

from soak_common import (SCREEN, WAIT_SECONDS, SoakFailure, Touchscreen, read_text,
                         recording_yaml, wait_for)

# The driver's program: phoc with the loader and the libseat fix after the driver's umockdev
# preload ($0: phoc, $1: its config), under $GB_SOAK_WRAPPER's words if any (--memcheck:
# valgrind); -v: wlroots' info lines in the log, libwayland-server's among them
# (`[wayland] error in client communication (pid N)`).
PHOC_STEP = ('LD_PRELOAD="$LD_PRELOAD:$GB_SOAK_PRELOAD"; export LD_PRELOAD; '
             r'eval "exec $GB_SOAK_WRAPPER \"\$0\" -v -C \"\$1\""')
# phoc: one output; no Xwayland (else a CRITICAL at start).
PHOC_INI = (f"[core]\nxwayland=false\n\n[output:HEADLESS-1]\nmode = {SCREEN[0]}x{SCREEN[1]}\n")
# wlroots headless with its libinput backend on the mocked touchscreen; libseat's noop backend
# (fixed for the testbed by the libseat preload).
ENVIRONMENT = {"WLR_BACKENDS": "headless,libinput", "WLR_RENDERER": "pixman",
               "LIBSEAT_BACKEND": "noop", "GSETTINGS_BACKEND": "memory"}


def process_state(pid):
    """The state letter of /proc/PID/stat (R, S, Z ...), or None when there is no such process."""
    stat = read_text(f"/proc/{pid}/stat")
    end = stat.rfind(")")
    return stat[end + 2:end + 3] if end >= 0 else None


class PhocCompositor:
    name = "phoc"
    bridge_prefix = "gesture-bridge-wlroots: "
    # phoc maximizes a toplevel; the client draws at the output's size, so its window is the
    # whole screen (the scripts still touch the middle, as in weston).
    view_frame = (0, 0, SCREEN[0], SCREEN[1])
    client_arguments = ["--width", str(SCREEN[0]), "--height", str(SCREEN[1])]

    def __init__(self, options, work, runtime, wrapper=""):
        self.options = options
        self.work = work
        self.runtime = runtime
        self.wrapper = wrapper
        self.touchscreen = Touchscreen.of_recording(options.device_recording)
        self.log_path = os.path.join(work, "phoc.log")
        self.driver = None
        self.pid = None
        self.socket = None
        self.returncode = None
        self.pending = b""

    def poll(self):
        """None while phoc runs (a zombie the driver has not reaped does not), else why not."""
        if self.pid is not None and process_state(self.pid) not in (None, "Z", "X"):
            return None
        if self.returncode is None:
            self.returncode = "ended (its log: phoc.log)" if self.pid else "not started"
        return self.returncode

    def log(self):
        return read_text(self.log_path)

    def stall_marker(self, pid):
        """What the log says when libwayland-server drops client `pid` whose buffer is full
        (wlroots logs libwayland-server's messages as `[wayland] ...`)."""
        return f"error in client communication (pid {pid})"

    def start(self, processes):
        ini = os.path.join(self.work, "phoc.ini")
        with open(ini, "w", encoding="utf-8") as file:
            file.write(PHOC_INI)
        env = dict(os.environ)
        env.update(ENVIRONMENT)
        env.update({"XDG_RUNTIME_DIR": self.runtime, "HOME": self.work,
                    "GB_SOAK_PRELOAD": self.options.preload, "GB_SOAK_WRAPPER": self.wrapper,
                    "GESTURE_BRIDGE_SYSTEM_GESTURES": self.options.system_gestures})
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("WAYLAND_SOCKET", None)
        self.driver = subprocess.Popen(
            [self.options.driver, "--stdout", self.log_path, "--stderr", self.log_path, "--",
             "/bin/sh", "-c", PHOC_STEP, self.options.phoc, ini],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        processes.append(self.driver)
        words = self.answer("daemon-test-driver's ready line").split()
        if len(words) != 3 or words[0] != "ready" or not words[2].isdigit():
            raise SoakFailure(f"daemon-test-driver did not start: {' '.join(words)}")
        self.pid = int(words[2])

        def ready():
            sockets = [name for name in os.listdir(self.runtime)
                       if name.startswith("wayland-") and not name.endswith(".lock")]
            if sockets:
                self.socket = sockets[0]
            log = self.log()
            return self.socket is not None and (
                "gesture-bridge-wlroots: gesture_bridge_manager_v1 advertised" in log
                and "gesture-bridge-wlroots: system gestures: " in log)

        wait_for("phoc's socket, the loader and the system gestures", ready, self)
        if "system gestures not loaded" in self.log():
            raise SoakFailure("the system gestures were not loaded:\n" + self.log())

    def answer(self, what, waiting=None, timeout=WAIT_SECONDS):
        """The driver's next line, read while calling `waiting()` every 5 ms."""
        deadline = time.monotonic() + timeout
        descriptor = self.driver.stdout.fileno()
        while b"\n" not in self.pending:
            if time.monotonic() > deadline:
                raise SoakFailure(f"timed out after {timeout} s waiting for {what}")
            if waiting is not None:
                waiting()
            readable, _, _ = select.select([descriptor], [], [], 0.005)
            if readable:
                data = os.read(descriptor, 4096)
                if not data:
                    raise SoakFailure(f"daemon-test-driver ended while waiting for {what}:\n"
                                      + self.log()[-3000:])
                self.pending += data
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode("utf-8", "replace")

    def command(self, line, answer, what, waiting=None):
        self.driver.stdin.write((line + "\n").encode())
        self.driver.stdin.flush()
        got = self.answer(what, waiting)
        if got != answer:
            raise SoakFailure(f"daemon-test-driver answered '{got}' to '{line}'")

    def play(self, events, number, waiting, started=None):
        """Writes touch script `number` (its events) as a recording of the mocked touchscreen,
        which the driver plays in real time from now; returns once it has been played,
        calling `started()` once the driver was told and `waiting()` while it plays."""
        path = os.path.join(self.work, f"play-{number:05d}.yml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(recording_yaml([events], 0.0, self.touchscreen))
        self.driver.stdin.write(f"play {path}\n".encode())
        self.driver.stdin.flush()
        if started is not None:
            started()
        got = self.answer(f"the driver to play touch script {number}", waiting)
        if got != "played":
            raise SoakFailure(f"daemon-test-driver answered '{got}' to 'play {path}'")
        self.check_alive()

    def check_alive(self):
        if self.poll() is not None:
            raise SoakFailure(f"phoc {self.returncode}")

    def stop(self):
        """SIGTERM to phoc (which has no handler for it), then the driver ends."""
        if self.driver is None or self.driver.poll() is not None:
            return
        try:
            if self.poll() is None:
                self.command("signal TERM", "sent", "the driver to send SIGTERM")
                deadline = time.monotonic() + 10
                while self.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.02)
        except (SoakFailure, OSError):
            pass
        try:
            self.driver.stdin.close()  # the driver kills phoc if it still runs, and exits
        except OSError:
            pass
        try:
            self.driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.driver.kill()
            self.driver.wait()
