#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""arm64 (aarch64) from this amd64 machine, the test step `arm64` (docs/phones.md, docs/
packaging.md): the arm64 Debian packages cross-built the Debian way, checked against Debian
13 arm64, and the package's tests cross-compiled, all run under qemu-user.

  cross_arm64.py

1. The cross root (scripts/debian_root.py: trixie, amd64 and arm64, package set
   cross-arm64-trixie): the arm64 Build-Depends, crossbuild-essential-arm64, and sid's
   swiftlang 6.2.3 with the arm64 Swift runtime, unpacked when the root was made
   (debianroot/swiftlang.py; cached with the root, outside the checkout).
2. The arm64 packages: scripts/debian_package.py --suite trixie --arch arm64
   (`dpkg-buildpackage --host-arch arm64` in that root, lintian clean) into
   .build-install/deb/trixie-arm64/.
3. `apt-get install --simulate` of all of them as on a Debian 13 arm64 system (apt of the
   root with its Debian 13 package lists, arm64 the only architecture, nothing installed):
   their Depends are satisfiable from Debian 13's archive.
4. The gesture-bridge command from the arm64 .deb (dpkg -x), under
   `qemu-aarch64-static -L ROOT` (Debian 13's arm64 C library), prints for every bundled
   recording (Examples/recordings) exactly Tests/GestureReplayTests/Golden/NAME.jsonl, which
   the amd64 command prints (scripts/test-install.sh, scripts/test_deb_install.py check that).
5. `swift build --build-tests --triple aarch64-unknown-linux-gnu -resource-dir
   RUNTIME/lib/swift -use-ld=lld -Xcc -fPIC` in the root (debug, the dynamic arm64 runtime:
   XCTest and Testing exist only as shared libraries), with an empty lib_Testing_Foundation
   for aarch64 (swiftlang lacks it), on the checkout's files brought up to date in the kept
   tree arm64-tests (scripts/debianroot/trees.py: /var/cache/gesture-bridge/builds/
   arm64-tests/src, outside the checkout, so a fresh clone builds only what changed; scratch
   .build-arm64 inside it, SwiftPM's dependencies from the source package's components, no
   git); under
   qemu the XCTest and Swift Testing tests of GestureCoreTests, GestureSceneTests and
   GestureReplayTests pass (none skipped, some run).
6. arm64 weston 14 of the root under qemu loads the arm64 .debs' weston module and test seat,
   which play pinch.yml to the library client (Examples/library-client, built by
   aarch64-linux-gnu-gcc against the arm64 libgesture-bridge-client-dev, run under qemu with
   the .deb's libgesture-bridge-client.so.0); its gesture states are the arm64 replay's
   (scripts/test_deb_install.py's demo chain, times to the microsecond).
Prints "cross-arm64: ok|FAIL ..." and the seconds of each part; exit status 1 on a failure.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import debian_package  # noqa: E402
import test_deb_install  # noqa: E402
from debian_root import CHECKOUT, root_cache  # noqa: E402
from debianroot import enter, plans, swiftlang, trees  # noqa: E402
from test_in_root import unpack_components  # noqa: E402

SCRATCH = ".build-arm64"
# The test build's kept tree (the exported source, its SwiftPM scratch path, the
# dependencies): outside the checkout, so a fresh clone's build is incremental.
TESTS_TREE = "arm64-tests"
TRIPLE = "aarch64-unknown-linux-gnu"
SUITE, ARCH = "trixie", "arm64"


# The test targets run under qemu: the core, the scenes and the replay.
TEST_MODULES = ("GestureCoreTests", "GestureSceneTests", "GestureReplayTests")
# Debian's swiftlang lacks lib_Testing_Foundation (docs/platforms.md): an empty aarch64
# archive of that name on the linker path.
STUB = ('mkdir -p "$0" && clang --target=aarch64-linux-gnu -c -x c /dev/null -o "$0/empty.o" && '
        'rm -f "$0/lib_Testing_Foundation.a" && llvm-ar rc "$0/lib_Testing_Foundation.a" '
        '"$0/empty.o" && exec "$@"')


def build_command(sdk, stub):
    """The cross build of the package and its tests (debug, the dynamic arm64 runtime: XCTest
    and Testing exist only as shared libraries; C code position-independent, as the shared
    products need on aarch64)."""
    # No shared manifest cache: its key leaves out the environment, and this build's manifest
    # takes its dependencies by path (GESTURE_BRIDGE_PACKAGE_DEPENDENCIES).
    return ["sh", "-c", STUB, stub, "swift", "build", "--build-tests", "--scratch-path",
            SCRATCH, "--manifest-cache", "none", "--triple", TRIPLE, "-Xswiftc", "-resource-dir", "-Xswiftc",
            sdk + "/lib/swift", "-Xswiftc", "-use-ld=lld", "-Xcc", "-fPIC", "-Xlinker",
            "-L" + stub]


def xctest_shards(listing, count=2, modules=TEST_MODULES):
    """The listed tests (`--list-tests` lines MODULE.CLASS/test) of `modules`, sorted and dealt
    round-robin into `count` comma-joined XCTest filters (the slow neighbours, the two random
    stream property tests, land in different shards); empty shards left out."""
    tests = sorted({line.strip() for line in listing.splitlines()
                    if line.split(".", 1)[0] in modules and "/" in line})
    return [",".join(tests[index::count]) for index in range(count) if tests[index::count]]


def cross_environment(base):
    """pkg-config sees the arm64 packages only (LIBDIR for the pkg-config program, PATH for
    SwiftPM's own .pc reader); SwiftPM's dependencies come by path (BASE/SCRATCH/
    dependencies)."""
    return ["PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig",
            "PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig",
            "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=%s/%s/dependencies" % (base, SCRATCH)]


def mismatches(outputs, goldens):
    """Names whose output differs from its golden text (both dicts name -> text), and names
    with no golden file."""
    return sorted(name for name in outputs if goldens.get(name) != outputs[name])


def simulate_command(debs):
    """apt-get install --simulate of `debs` as on a Debian 13 arm64 system with nothing
    installed: the root's apt and package lists, arm64 the only architecture, an empty dpkg
    status (/tmp/empty-status, made first)."""
    return ["sh", "-c", ': >/tmp/empty-status && exec "$@"', "sh", "apt-get", "--simulate",
            "-q", "-o", "APT::Architecture=arm64", "-o", "APT::Architectures=arm64",
            "-o", "Dir::State::status=/tmp/empty-status", "-o", "Debug::NoLocking=true",
            "install"] + list(debs)


def simulated_installs(output):
    """The package names an `apt-get --simulate` output installs (its "Inst NAME ..." lines)."""
    return sorted({line.split()[1].split(":")[0] for line in output.splitlines()
                   if line.startswith("Inst ") and len(line.split()) > 1})


def not_installed(debs, output):
    """The packages of `debs` (NAME_VERSION_ARCH.deb paths) the simulation does not install."""
    installed = set(simulated_installs(output))
    return sorted({os.path.basename(deb).split("_", 1)[0] for deb in debs} - installed)


def report(ok, message):
    """Prints an ok/FAIL line; 1 on a failure, else 0."""
    print("cross-arm64: %s %s" % ("ok  " if ok else "FAIL", message), flush=True)
    return 0 if ok else 1


def replay_mismatches(qemu, binary):
    """(number of recordings, names whose JSON under `qemu` differs from the golden file)."""
    outputs, goldens = {}, {}
    for recording in sorted(glob.glob(os.path.join(CHECKOUT, "Examples/recordings/*.yml"))):
        name = os.path.basename(recording)[:-len(".yml")]
        outputs[name] = subprocess.run(qemu + [binary, "replay", "--format", "json", recording],
                                       capture_output=True, text=True).stdout
        golden = os.path.join(CHECKOUT, "Tests/GestureReplayTests/Golden", name + ".jsonl")
        if os.path.exists(golden):
            with open(golden, encoding="utf-8") as handle:
                goldens[name] = handle.read()
    return len(outputs), mismatches(outputs, goldens)


def check_packages(root, times):
    """Builds the arm64 packages, simulates their installation on Debian 13 arm64 and replays
    every recording with their command; the number of failures."""
    part = time.time()
    output = os.path.join(CHECKOUT, ".build-install", "deb", "%s-%s" % (SUITE, ARCH))
    try:
        debs = debian_package.build(SUITE, ARCH, output)
    except Exception as error:  # every failure of the build is this check's failure
        return report(False, "the arm64 packages (package-deb.sh --suite %s --arch %s): %s" % (
            SUITE, ARCH, error))
    times.append(("arm64 packages (dpkg-buildpackage --host-arch arm64, lintian)",
                  time.time() - part))
    expected = debian_package.control_packages()
    names = [os.path.basename(deb).split("_", 1)[0] for deb in debs]
    failed = report(names == expected and all(deb.endswith("_arm64.deb") for deb in debs),
                    "%d arm64 packages, lintian clean: %s" % (len(debs), " ".join(names)))

    part = time.time()
    throwaway = tempfile.mkdtemp(prefix="gesture-bridge-simulate.", dir="/var/tmp")
    try:
        simulation = subprocess.run(enter.inside_command(
            root, CHECKOUT, simulate_command(debs), host_toolchain=False,
            throwaway=throwaway), capture_output=True, text=True, errors="replace")
    finally:
        shutil.rmtree(throwaway, ignore_errors=True)
    times.append(("apt-get install --simulate on Debian 13 arm64", time.time() - part))
    missing = not_installed(debs, simulation.stdout)
    failed += report(simulation.returncode == 0 and not missing,
                     "apt-get install --simulate of the %d packages on Debian 13 arm64 (its "
                     "archive, nothing installed): %d packages to install%s" % (
                         len(debs), len(simulated_installs(simulation.stdout)),
                         "" if simulation.returncode == 0 and not missing else
                         "; not installed: %s\n%s" % (" ".join(missing), (
                             simulation.stdout + simulation.stderr)[-3000:])))

    part = time.time()
    extracted = os.path.join(CHECKOUT, SCRATCH, "debs")
    shutil.rmtree(extracted, ignore_errors=True)
    os.makedirs(extracted)
    for deb in debs:
        subprocess.run(["dpkg-deb", "-x", deb, extracted], check=True)
    binary = os.path.join(extracted, "usr/bin/gesture-bridge")
    machine = subprocess.run(["readelf", "-h", binary], capture_output=True,
                             text=True).stdout if os.path.isfile(binary) else ""
    failed += report("AArch64" in machine, "the gesture-bridge package's /usr/bin/"
                     "gesture-bridge is an AArch64 executable")
    count, different = replay_mismatches(["qemu-aarch64-static", "-L", root], binary)
    times.append(("qemu-aarch64 replays", time.time() - part))
    failed += report(count >= 12 and not different,
                     "gesture-bridge from the arm64 .deb under qemu-aarch64 (Debian 13's arm64 C "
                     "library) prints the amd64 JSON (the golden files) for all %d bundled "
                     "recordings%s" % (count, "; differs: " + " ".join(different)
                                       if different else ""))
    part = time.time()
    failed += check_weston(root, extracted)
    times.append(("arm64 weston 14 with the arm64 module and client under qemu",
                  time.time() - part))
    return failed


def client_build_command(extracted, output):
    """The arm64 library client (Examples/library-client) built with the cross gcc against the
    client library and headers of the arm64 .debs (`extracted`: them unpacked)."""
    return ["sh", "-c", 'exec aarch64-linux-gnu-gcc -std=c11 -O2 -I "$1/usr/include" '
            '-I Sources/CWaylandProtocols/include Examples/library-client/'
            'gesture-bridge-library-client.c Sources/CWaylandProtocols/xdg-shell-protocol.c '
            '-L "$1/usr/lib/aarch64-linux-gnu" -lgesture-bridge-client '
            '$(pkg-config --cflags --libs wayland-client glib-2.0) -o "$2"',
            "sh", extracted, output]


def check_weston(root, extracted):
    """arm64 weston 14 of the root under qemu loads the arm64 .debs' module and test seat,
    which play pinch.yml to the arm64 library client (under qemu, with the .deb's client
    library); its gesture states are the arm64 replay's (test_deb_install.demo_chain). The
    number of failures."""
    work = tempfile.mkdtemp(prefix="weston.", dir=os.path.join(CHECKOUT, SCRATCH))
    try:
        client = os.path.join(work, "gesture-bridge-library-client")
        built = subprocess.run(enter.inside_command(
            root, CHECKOUT, client_build_command(extracted, client), cross_environment(CHECKOUT),
            host_toolchain=False), capture_output=True, text=True, errors="replace")
        if report(built.returncode == 0, "the arm64 library client builds with "
                  "aarch64-linux-gnu-gcc against the arm64 libgesture-bridge-client-dev"):
            print(built.stdout + built.stderr)
            return 1
        qemu = ["qemu-aarch64-static", "-L", root]
        checks = test_deb_install.Checks("cross-arm64")
        library = os.path.join(extracted, "usr/lib/aarch64-linux-gnu")
        test_deb_install.demo_chain(
            checks, work, qemu + ["-E", "LD_LIBRARY_PATH=" + library, client],
            weston=qemu + [root + "/usr/bin/weston"],
            modules=(library + "/weston/libgesture-bridge-weston.so", extracted +
                     "/usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so"),
            replay=qemu + [extracted + "/usr/bin/gesture-bridge"],
            recordings=os.path.join(extracted, "usr/share/gesture-bridge/examples/recordings"),
            what="arm64 .debs' (under qemu-aarch64)",
            # weston cannot start its arm64 helper clients without binfmt (docs/platforms.md).
            extra_config="[input-method]\npath=\n")
        return checks.failed
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_tests(root, times):
    """Cross-compiles the package's tests and runs those of TEST_MODULES under qemu; the
    number of failures."""
    with trees.KeptTree(TESTS_TREE, report=lambda line: print("cross-arm64: " + line,
                                                               flush=True)) as kept:
        return check_tests_in(root, times, kept)


def check_tests_in(root, times, kept):
    """check_tests in the kept tree `kept`."""
    part = time.time()
    source = kept.export(CHECKOUT, kept=(SCRATCH,))
    unpack_components(os.path.join(source, SCRATCH, "dependencies"))
    stub = os.path.join(source, SCRATCH, "testing-foundation-stub")
    status = subprocess.run(enter.inside_command(
        root, CHECKOUT, build_command(swiftlang.RUNTIME_DIR, stub),
        cross_environment(source), extra_binds=[kept.path], host_toolchain=False,
        workdir=source)).returncode
    times.append(("cross build of the tests", time.time() - part))
    debug = os.path.join(source, SCRATCH, TRIPLE, "debug")
    tests = debug + "/GestureBridgePackageTests.xctest"
    if status != 0 or not os.path.isfile(tests):
        return report(False, "the cross build of the tests (exit %d)" % status)
    qemu = ["qemu-aarch64-static", "-L", root, "-E", "LD_LIBRARY_PATH=" + os.path.join(
        root + swiftlang.RUNTIME_DIR, "lib/swift/linux")]

    part = time.time()
    listing = subprocess.run(qemu + [tests, "--list-tests"], capture_output=True,
                             text=True).stdout
    # XCTest's tests in two shards and Swift Testing's, side by side (one emulated core
    # each: the two random stream property tests take most of the time).
    commands = [qemu + [tests, shard] for shard in xctest_shards(listing)]
    commands.append(qemu + [tests, "--testing-library", "swift-testing", "--filter",
                            "|".join(TEST_MODULES)])
    files = [tempfile.TemporaryFile("w+", errors="replace") for _ in commands]
    try:
        runs = [subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT)
                for command, handle in zip(commands, files)]
        statuses = [run.wait() for run in runs]
        outputs = []
        for handle in files:
            handle.seek(0)
            outputs.append(handle.read())
    finally:
        for handle in files:
            handle.close()
    times.append(("qemu-aarch64 test targets", time.time() - part))
    problems = [problem for output in outputs for problem in plans.check_output(output)]
    totals = [plans.XCTEST_TOTAL.findall(output)[-1:] for output in outputs[:-1]]
    xctest = [sum(int(total[0][0]) for total in totals if total),
              sum(int(total[0][1]) for total in totals if total)]
    ok = len(outputs) >= 3 and all(status == 0 for status in statuses) and not problems \
        and all(totals)
    output = "".join(outputs)
    return report(ok, "%s built for aarch64 pass under qemu-aarch64 (XCTest: %s; Swift "
                  "Testing: %s)%s" % (
                      ", ".join(TEST_MODULES),
                      "%d tests in %d shards, %d failures" % (
                          xctest[0], len(outputs) - 1, xctest[1]),
                      (plans.TESTING_TOTAL.findall(output) or ["no"])[-1] + " tests",
                      "" if ok else "\n" + output[-4000:]))


def main(argv):
    if argv:
        print("usage: cross_arm64.py", file=sys.stderr)
        return 2
    times = []
    started = time.time()
    root_spec, _ = debian_package.build_root(SUITE, ARCH)
    root = root_cache().ensure(root_spec)
    times.append(("the cross root", time.time() - started))
    failed = check_packages(root, times)
    failed += check_tests(root, times)
    for what, seconds in times:
        print("cross-arm64: %s %d s" % (what, seconds))
    print("cross-arm64: %d s in all" % (time.time() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
