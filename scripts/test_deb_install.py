#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The packages of a suite installed as a user installs them, and run (scripts/test.sh; docs/
packaging.md).

  test_deb_install.py trixie [--debs DIR]

DIR (default .build-install/deb/SUITE-amd64, what `scripts/package-deb.sh --suite SUITE`
writes) holds the .debs. In a clean root of the suite (package set deb-install: the tools this
test uses, no weston, nothing of GestureBridge, no Swift) made throwaway by an overlay, `apt-get
install ./*.deb` installs them with their Depends from the suite's archive. Then, with the
installed files only (this script's --inside part):
  - every package is "install ok installed" and `gesture-bridge --version` prints VERSION;
  - the installed `gesture-bridge replay --format json` prints, for every installed bundled
    recording, exactly Tests/GestureReplayTests/Golden/NAME.jsonl;
  - the example C client (Examples/c-client, written from the XML alone) builds from the
    installed XML with wayland-scanner and `pkg-config gesture-bridge wayland-client`;
  - the suite's headless weston loads the installed module by its bare name and the installed
    test seat module, which plays the installed pinch.yml to that client; the client's gesture
    states are the installed in-core replay's (recognizer, state, time to the microsecond);
  - the installed `gesture-bridge drive` plays pinch.yml into weston-simple-touch (2 downs,
    motions, 2 ups logged);
  - the suite's sway (1.10 in trixie), headless as `nobody`, with the loader that
    wlroots-gesture-bridge installs (its path from `dpkg -L`) in LD_PRELOAD: the loader logs
    the global advertised, and wayland-info, a client listing the globals, sees
    gesture_bridge_manager_v1.
Prints "test-deb-install: ok|FAIL ..." per check and the seconds of each part; exit status 1 if
a check failed.
"""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ["libgesture-bridge0", "libgesture-bridge-dev", "weston-gesture-bridge",
            "wlroots-gesture-bridge", "gesture-bridge", "gesture-bridge-drive",
            "libgesture-bridge-client0", "libgesture-bridge-client-dev"]
RECORDINGS = "/usr/share/gesture-bridge/examples/recordings"
# The C client's recognizers on its 400x300 window, centred on a 960x540 output.
SCENE = {
    "screen": {"width": 960, "height": 540},
    "views": [{"name": "surface", "frame": [280, 120, 400, 300], "children": [], "recognizers": [
        {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
        {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2},
        {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]}]}],
}
STATE_LINE = re.compile(
    r'^\{"time":(\d+)\.(\d{6}),"recognizer":"([^"]*)".*"state":"([a-z]*)"', re.MULTILINE)
DRIVE_SUMMARY = re.compile(r'"type":"summary","status":0,.*"down":2,"motion":\d+,"up":2,')
# wayland-info's line per global: "interface: 'wl_seat', version: 9, name: 12".
GLOBAL_LINE = re.compile(r"^interface: '([A-Za-z0-9_]+)',\s*version:\s*(\d+),", re.MULTILINE)
# The loader wlroots-gesture-bridge installs (debian/wlroots-gesture-bridge.install).
LOADER_PACKAGE = "wlroots-gesture-bridge"
LOADER_NAME = "libgesture-bridge-wlroots-preload.so"
# A compositor's listening socket in XDG_RUNTIME_DIR (not its .lock).
SOCKET_NAME = re.compile(r"^wayland-\d+$")
# sway refuses to run as root: it runs as nobody.
NOBODY = 65534


class Checks:
    def __init__(self, prefix="test-deb-install"):
        self.passed = self.failed = 0
        self.prefix = prefix

    def check(self, condition, message, detail=""):
        if condition:
            self.passed += 1
            print(self.prefix + ": ok   " + message, flush=True)
        else:
            self.failed += 1
            print(self.prefix + ": FAIL " + message + ("\n" + detail if detail else ""),
                  flush=True)
        return condition


def globals_listed(wayland_info):
    """{interface: version} of the globals in wayland-info's output."""
    return {name: int(version) for name, version in GLOBAL_LINE.findall(wayland_info)}


def installed_loader(dpkg_listing):
    """The loader's path among `dpkg -L wlroots-gesture-bridge`'s lines, or None."""
    paths = [line.strip() for line in dpkg_listing.splitlines()
             if os.path.basename(line.strip()) == LOADER_NAME]
    return paths[0] if len(paths) == 1 else None


def listening_socket(names):
    """The Wayland socket among a runtime directory's file names, or None."""
    sockets = sorted(name for name in names if SOCKET_NAME.match(name))
    return sockets[0] if sockets else None


def state_lines(json_lines, origin_us=0):
    """"recognizer state microseconds" per gesture state of a client's or replay's JSON Lines,
    times relative to `origin_us`."""
    return ["%s %s %d" % (name, state, int(seconds + fraction) - origin_us)
            for seconds, fraction, name, state in STATE_LINE.findall(json_lines)]


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, errors="replace", **options)


def wait_for(predicate, timeout, process=None):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        if process is not None and process.poll() is not None:
            return predicate()
        time.sleep(0.1)
    return False


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def inside(work):
    """The checks, run inside the root after the install."""
    checks = Checks()
    status = run(["dpkg-query", "-W", "-f=${Package} ${Status}\n"] + PACKAGES)
    installed = [line.split()[0] for line in status.stdout.splitlines()
                 if line.endswith("install ok installed")]
    checks.check(sorted(installed) == sorted(PACKAGES), "apt installed the %d packages: %s" % (
        len(PACKAGES), " ".join(installed)), status.stdout + status.stderr)
    version = read(os.path.join(CHECKOUT, "VERSION")).strip()
    printed = run(["gesture-bridge", "--version"]).stdout.strip()
    checks.check(printed == version, "gesture-bridge --version prints %s" % version, printed)
    recordings = sorted(glob.glob(RECORDINGS + "/*.yml"))
    mismatched = []
    for recording in recordings:
        name = os.path.basename(recording)[:-len(".yml")]
        golden = read(os.path.join(CHECKOUT, "Tests/GestureReplayTests/Golden", name + ".jsonl"))
        if run(["gesture-bridge", "replay", "--format", "json", recording]).stdout != golden:
            mismatched.append(name)
    checks.check(len(recordings) >= 12 and not mismatched,
                 "the installed replay gives the golden output for all %d bundled recordings"
                 % len(recordings), "differs: %s" % " ".join(mismatched))

    # The C client, from the installed XML alone.
    xml = run(["pkg-config", "--variable=pkgdatadir", "gesture-bridge"]).stdout.strip() \
        + "/protocols/gesture-bridge-v1.xml"
    xdg = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
    client = os.path.join(work, "gesture-bridge-c-client")
    steps = [
        ["wayland-scanner", "--strict", "client-header", xml,
         work + "/gesture-bridge-v1-client-protocol.h"],
        ["wayland-scanner", "--strict", "private-code", xml, work + "/gesture-bridge-v1-protocol.c"],
        ["wayland-scanner", "client-header", xdg, work + "/xdg-shell-client-protocol.h"],
        ["wayland-scanner", "private-code", xdg, work + "/xdg-shell-protocol.c"],
        ["sh", "-c", 'exec cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I "$1" -o "$2" "$3" '
         '"$1/gesture-bridge-v1-protocol.c" "$1/xdg-shell-protocol.c" '
         '$(pkg-config --cflags --libs gesture-bridge wayland-client)', "sh", work, client,
         os.path.join(CHECKOUT, "Examples/c-client/gesture-bridge-c-client.c")],
    ]
    errors = ""
    for step in steps:
        result = run(step)
        if result.returncode != 0:
            errors = " ".join(step[:3]) + ": " + result.stderr
            break
    if not checks.check(not errors, "the example C client builds from the installed %s" % xml,
                        errors):
        return checks
    demo_chain(checks, work, [client])

    # drive with weston-simple-touch.
    log = os.path.join(work, "drive.jsonl")
    drive = run(["gesture-bridge", "drive", "--quiet", "--timeout", "60", "--recording",
                 RECORDINGS + "/pinch.yml", "--log", log, "--", "weston-simple-touch"],
                env=dict(os.environ, XDG_RUNTIME_DIR=runtime_dir(work, "drive")))
    summary = read(log).strip().splitlines()[-1:] or [""]
    checks.check(drive.returncode == 0 and DRIVE_SUMMARY.search(summary[0]) is not None,
                 "the installed gesture-bridge drive plays pinch.yml into weston-simple-touch "
                 "(summary %s)" % summary[0][:160], drive.stderr[-2000:])
    sway_with_loader(checks, work)
    return checks


def sway_with_loader(checks, work):
    """The suite's sway, headless as nobody, with the installed loader preloaded: the loader
    says it advertised the global and wayland-info lists gesture_bridge_manager_v1."""
    listing = run(["dpkg", "-L", LOADER_PACKAGE])
    loader = installed_loader(listing.stdout)
    if not checks.check(loader is not None and os.path.isfile(loader),
                        "%s installs the loader %s" % (LOADER_PACKAGE, loader),
                        listing.stdout + listing.stderr):
        return
    version = run(["sway", "--version"]).stdout.strip()
    runtime = runtime_dir(work, "sway")
    os.chown(runtime, NOBODY, NOBODY)
    config, log = os.path.join(work, "sway.config"), os.path.join(work, "sway.log")
    with open(config, "w", encoding="utf-8") as handle:
        handle.write("output HEADLESS-1 resolution 960x540\nxwayland disable\n")
    environment = dict(os.environ, XDG_RUNTIME_DIR=runtime, HOME=runtime,
                       WLR_BACKENDS="headless", WLR_RENDERER="pixman", LD_PRELOAD=loader)
    environment.pop("WAYLAND_DISPLAY", None)
    started = time.time()
    with open(log, "w") as out:
        sway = subprocess.Popen(
            ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
             "sway", "-c", config], env=environment, stdout=out, stderr=subprocess.STDOUT)
    try:
        socket = [None]

        def listening():
            socket[0] = listening_socket(os.listdir(runtime))
            return socket[0] is not None and "advertised" in read(log)
        ready = wait_for(listening, 30, sway)
        info = run(["wayland-info"], env=dict(os.environ, XDG_RUNTIME_DIR=runtime,
                                              WAYLAND_DISPLAY=socket[0] or "none"))
        listed = globals_listed(info.stdout)
        checks.check(
            ready and "gesture_bridge_manager_v1 advertised on seat" in read(log)
            and "gesture_bridge_manager_v1" in listed and "wl_seat" in listed,
            "%s with the installed loader (LD_PRELOAD=%s) advertises gesture_bridge_manager_v1 "
            "(version %s) to wayland-info, %d globals, in %.1f s" % (
                version, loader, listed.get("gesture_bridge_manager_v1"), len(listed),
                time.time() - started),
            "sway's log:\n%s\nwayland-info (exit %d):\n%s%s" % (
                read(log)[-3000:], info.returncode, info.stdout[-2000:], info.stderr[-1000:]))
    finally:
        stop(sway)


def stop(process):
    """SIGTERM, then SIGKILL after 10 s."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


def runtime_dir(work, name):
    path = os.path.join(work, "runtime-" + name)
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


# The installed weston module (by its bare name) and test seat.
INSTALLED_MODULES = ("libgesture-bridge-weston.so",
                     "/usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so")


def demo_chain(checks, work, client, weston=("weston",), modules=INSTALLED_MODULES,
               replay=("gesture-bridge",), recordings=RECORDINGS, what="installed",
               extra_config=""):
    """weston with the module and test seat `modules`, pinch.yml to the client; the client's
    gesture states compared with the replay's. `weston`, `client` and `replay` are command
    prefixes (scripts/cross_arm64.py runs the arm64 ones under qemu); `what` names the files in
    the messages; `extra_config` is more weston.ini text."""
    recording = recordings + "/pinch.yml"
    config, log = os.path.join(work, "weston.ini"), os.path.join(work, "weston.log")
    with open(config, "w", encoding="utf-8") as handle:
        handle.write("[gesture-bridge]\nrecording=%s\nrecording-start-recognizers=3\n%s" % (
            recording, extra_config))
    runtime = runtime_dir(work, "weston")
    socket = "gesture-bridge-deb-install"
    server = subprocess.Popen(
        list(weston) + ["--backend=headless", "--renderer=pixman", "--shell=kiosk-shell.so",
         "--socket=" + socket, "--width=960", "--height=540", "--config=" + config,
         "--log=" + log, "--modules=" + ",".join(modules)],
        env=dict(os.environ, XDG_RUNTIME_DIR=runtime), stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT)
    try:
        ready = wait_for(lambda: "test seat ready" in read(log), 30, server)
        if not checks.check(ready and "gesture_bridge_manager_v1 advertised" in read(log),
                            "%s loads the %s module %s and test seat" % (
                                weston_version(weston), what, modules[0]), read(log)[-3000:]):
            return
        with open(os.path.join(work, "client.out"), "w") as out:
            client_process = subprocess.Popen(
                list(client), env=dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=socket),
                stdout=out, stderr=subprocess.DEVNULL)
            wait_for(lambda: "recording %s: finished" % recording in read(log), 30, client_process)
            time.sleep(1)  # recognizers may report after the last touch (timers)
            client_process.send_signal(signal.SIGTERM)
            client_status = client_process.wait(10)
    finally:
        stop(server)
    scene = os.path.join(work, "scene.json")
    with open(scene, "w", encoding="utf-8") as handle:
        json.dump(SCENE, handle)
    expected = state_lines(run(list(replay) + ["replay", "--format", "json", "--scene", scene,
                                                recording]).stdout)
    origin = re.search(r"origin (\d+) us", read(log))
    got = state_lines(read(os.path.join(work, "client.out")),
                      int(origin.group(1)) if origin else 0)
    checks.check(client_status == 0 and origin is not None and got == expected
                 and any(line.startswith("pinch began ") for line in expected),
                 "the C client got pinch.yml's %d gesture states from the %s module as "
                 "the %s replay reports them (times to the us)" % (len(got), what, what),
                 "client exit %s\nexpected:\n%s\ngot:\n%s" % (
                     client_status, "\n".join(expected), "\n".join(got)))


def weston_version(weston=("weston",)):
    return run(list(weston) + ["--version"]).stdout.strip()


def outside(suite, debs_directory):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from debian_root import root_cache
    from debianroot import enter, spec
    debs = sorted(glob.glob(os.path.join(debs_directory, "*.deb")))
    if not debs:
        print("test-deb-install: error: no .deb in %s (scripts/package-deb.sh --suite %s makes "
              "them)" % (debs_directory, suite), file=sys.stderr)
        return 1
    started = time.time()
    root = root_cache().ensure(spec.RootSpec(suite, "deb-install"))
    throwaway = tempfile.mkdtemp(prefix="gesture-bridge-deb-install.", dir="/var/tmp")
    apt = ["apt-get", "-q", "-y"] + ["-o" + option.replace(" ", "=").replace('"', "")
                                      for option in spec.RootSpec(suite, "deb-install")
                                      .apt_options()]
    script = ('set -e; %s update >/dev/null; %s install --no-install-recommends "$@" '
              '>/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }; '
              'grep -c "^Unpacking" /tmp/apt.log | sed "s/^/test-deb-install: apt unpacked /"; '
              'exec python3 %s --inside /tmp') % (
                  " ".join(apt), " ".join(apt), os.path.abspath(__file__))
    try:
        status = subprocess.run(enter.inside_command(
            root, CHECKOUT, ["sh", "-c", script, "sh"] + debs,
            ["DEBIAN_FRONTEND=noninteractive"], host_toolchain=False,
            throwaway=throwaway)).returncode
    finally:
        shutil.rmtree(throwaway, ignore_errors=True)
    print("test-deb-install: %s: %d s" % (suite, time.time() - started))
    return status


def main(argv):
    if len(argv) == 2 and argv[0] == "--inside":
        checks = inside(argv[1])
        print("test-deb-install: %d passed, %d failed" % (checks.passed, checks.failed))
        return 1 if checks.failed else 0
    if len(argv) in (1, 3) and argv[0] in ("bookworm", "trixie", "sid") \
            and (len(argv) == 1 or argv[1] == "--debs"):
        debs = argv[2] if len(argv) == 3 else os.path.join(
            CHECKOUT, ".build-install", "deb", argv[0] + "-amd64")
        return outside(argv[0], debs)
    print("usage: test_deb_install.py SUITE [--debs DIR]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
