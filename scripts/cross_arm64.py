#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""arm64 (aarch64) from this amd64 machine with Debian's own Swift (docs/phones.md,
docs/platforms.md): the package and its tests cross-compiled by sid's swiftlang 6.2.3 and run
under qemu-user.

  cross_arm64.py

1. A sid root with amd64 and arm64 (scripts/debian_root.py, package set cross-arm64): the
   amd64 swiftlang, the arm64 C library, GCC runtime and -dev packages the package links.
2. The arm64 Swift runtime (lib/swift, lib/swift_static, lib/clang of the arm64 swiftlang
   .deb and lib/swift of libswiftlang's, which cannot be installed beside the amd64 ones):
   `apt-get download` in a throwaway overlay of that root, extracted into the kept tree's
   sdk/ (the build cache's arm64/, outside the checkout: scripts/debianroot/trees.py; kept
   while its version is the root's swiftlang's).
3. `swift build --build-tests --triple aarch64-unknown-linux-gnu -resource-dir sdk/lib/swift
   -use-ld=lld -Xcc -fPIC` in the root (debug, the dynamic runtime: XCTest and Testing exist
   only as shared libraries), with an empty lib_Testing_Foundation for aarch64 (swiftlang
   lacks it), on the checkout's files brought up to date in the kept tree's src/ (scratch
   .build-arm64 inside it, SwiftPM's dependencies from the source package's components, no
   git).
4. Under `qemu-aarch64-static -L ROOT` (LD_LIBRARY_PATH: the arm64 runtime), the arm64
   command prints for every bundled recording (Examples/recordings) exactly
   Tests/GestureReplayTests/Golden/NAME.jsonl, which the amd64 command prints
   (scripts/test-install.sh, scripts/test_deb_install.py check that), and the XCTest and Swift
   Testing tests of GestureCoreTests, GestureSceneTests and GestureReplayTests pass (none
   skipped, some run).
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

from debian_root import CHECKOUT, root_cache  # noqa: E402
from debianroot import enter, plans, spec, trees  # noqa: E402
from test_in_root import unpack_components  # noqa: E402

SCRATCH = ".build-arm64"
TRIPLE = "aarch64-unknown-linux-gnu"
ROOT_SPEC = ("sid", "cross-arm64", "amd64,arm64")


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


def xctest_classes(listing, modules=TEST_MODULES):
    """MODULE.CLASS of every listed test (`--list-tests` lines MODULE.CLASS/test) of `modules`,
    comma-joined as XCTest's filter argument."""
    classes = sorted({line.split("/", 1)[0] for line in listing.splitlines()
                      if line.split(".", 1)[0] in modules and "/" in line})
    return ",".join(classes)


def cross_environment(checkout):
    """pkg-config sees the arm64 packages only (LIBDIR for the pkg-config program, PATH for
    SwiftPM's own .pc reader); SwiftPM's dependencies come by path."""
    return ["PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig",
            "PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig",
            "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=%s/%s/dependencies" % (checkout, SCRATCH)]


def mismatches(outputs, goldens):
    """Names whose output differs from its golden text (both dicts name -> text), and names
    with no golden file."""
    return sorted(name for name in outputs if goldens.get(name) != outputs[name])


def swiftlang_version(root):
    status = os.path.join(root, "var/lib/dpkg/status")
    with open(status, encoding="utf-8", errors="replace") as handle:
        paragraphs = handle.read().split("\n\n")
    for paragraph in paragraphs:
        if "\nPackage: swiftlang\n" in "\n" + paragraph + "\n":
            for line in paragraph.splitlines():
                if line.startswith("Version: "):
                    return line[len("Version: "):]
    raise RuntimeError("no swiftlang in %s" % root)


def ensure_sdk(root, sdk, download):
    """The arm64 swiftlang's lib/swift, lib/swift_static and lib/clang in `sdk` (the .debs
    fetched into `download`)."""
    version = swiftlang_version(root)
    stamp = os.path.join(sdk, "version")
    if os.path.exists(stamp) and open(stamp).read() == version:
        return
    shutil.rmtree(sdk, ignore_errors=True)
    os.makedirs(sdk)
    shutil.rmtree(download, ignore_errors=True)
    os.makedirs(download)
    throwaway = tempfile.mkdtemp(prefix="gesture-bridge-cross.", dir="/var/tmp")
    apt = 'apt-get -q -o Acquire::Check-Valid-Until=false'
    # swiftlang: the modules, the static runtime and clang's headers; libswiftlang: the
    # dynamic runtime, XCTest and Testing (the tests link them).
    script = ('set -e; %s update >/dev/null; cd "$1"; '
              '%s download "swiftlang:arm64=$2" "libswiftlang:arm64=$2"; '
              'dpkg-deb --fsys-tarfile swiftlang_*_arm64.deb | tar -x -C "$3" '
              '--strip-components=4 ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/'
              'swift_static ./usr/libexec/swift/lib/clang; '
              'dpkg-deb --fsys-tarfile libswiftlang_*_arm64.deb | tar -x -C "$3" '
              '--strip-components=4 ./usr/libexec/swift/lib/swift') % (apt, apt)
    try:
        status = subprocess.run(enter.inside_command(
            root, CHECKOUT, ["sh", "-c", script, "sh", download, version, sdk],
            extra_binds=[os.path.dirname(sdk)], host_toolchain=False,
            throwaway=throwaway)).returncode
    finally:
        shutil.rmtree(throwaway, ignore_errors=True)
        shutil.rmtree(download, ignore_errors=True)
    if status != 0 or not os.path.isdir(os.path.join(sdk, "lib/swift_static/linux")) \
            or not os.path.isfile(os.path.join(sdk, "lib/swift/linux/libXCTest.so")):
        raise RuntimeError("extracting swiftlang:arm64 %s failed" % version)
    with open(stamp, "w") as handle:
        handle.write(version)


def main(argv):
    if argv:
        print("usage: cross_arm64.py", file=sys.stderr)
        return 2
    with trees.KeptTree("arm64", report=lambda line: print("cross-arm64: " + line,
                                                           flush=True)) as kept:
        return run(kept)


def run(kept):
    """main() in the kept tree `kept` (the arm64 runtime, the source and its build)."""
    times = []
    started = time.time()
    suite, set_name, arch = ROOT_SPEC
    root = root_cache().ensure(spec.RootSpec(suite, set_name, arch))
    sdk = os.path.join(kept.path, "sdk")
    # The sdk directory's lib/ is what the -resource-dir paths below name.
    ensure_sdk(root, sdk, os.path.join(kept.path, "download"))
    source = kept.export(CHECKOUT, kept=(SCRATCH,))
    unpack_components(os.path.join(source, SCRATCH, "dependencies"))
    times.append(("root, arm64 standard library and tree", time.time() - started))

    part = time.time()
    stub = os.path.join(source, SCRATCH, "testing-foundation-stub")
    status = subprocess.run(enter.inside_command(
        root, CHECKOUT, build_command(sdk, stub), cross_environment(source),
        extra_binds=[kept.path], host_toolchain=False, workdir=source)).returncode
    times.append(("cross build of the package and its tests", time.time() - part))
    debug = os.path.join(source, SCRATCH, TRIPLE, "debug")
    binary, tests = debug + "/gesture-bridge", debug + "/GestureBridgePackageTests.xctest"
    if status != 0 or not os.path.isfile(binary) or not os.path.isfile(tests):
        print("cross-arm64: FAIL the cross build (exit %d)" % status)
        return 1
    failed = 0
    machine = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout
    is_arm64 = "AArch64" in machine
    print("cross-arm64: %s %s is an AArch64 executable" % ("ok  " if is_arm64 else "FAIL",
                                                            binary))
    failed += not is_arm64
    qemu = ["qemu-aarch64-static", "-L", root, "-E",
            "LD_LIBRARY_PATH=" + os.path.join(sdk, "lib/swift/linux")]

    part = time.time()
    outputs, goldens = {}, {}
    for recording in sorted(glob.glob(os.path.join(CHECKOUT, "Examples/recordings/*.yml"))):
        name = os.path.basename(recording)[:-len(".yml")]
        outputs[name] = subprocess.run(qemu + [binary, "replay", "--format", "json", recording],
                                       capture_output=True, text=True).stdout
        golden = os.path.join(CHECKOUT, "Tests/GestureReplayTests/Golden", name + ".jsonl")
        if os.path.exists(golden):
            with open(golden, encoding="utf-8") as handle:
                goldens[name] = handle.read()
    times.append(("qemu-aarch64 replays", time.time() - part))
    different = mismatches(outputs, goldens)
    ok = len(outputs) >= 12 and not different
    print("cross-arm64: %s the arm64 gesture-bridge under qemu-aarch64 prints the amd64 JSON "
          "(the golden files) for all %d bundled recordings%s" % (
              "ok  " if ok else "FAIL", len(outputs),
              "" if ok else "; differs: " + " ".join(different)), flush=True)
    failed += not ok

    part = time.time()
    listing = subprocess.run(qemu + [tests, "--list-tests"], capture_output=True,
                             text=True).stdout
    xctest = subprocess.run(qemu + [tests, xctest_classes(listing)], capture_output=True,
                            text=True, errors="replace")
    testing = subprocess.run(qemu + [tests, "--testing-library", "swift-testing", "--filter",
                                     "|".join(TEST_MODULES)],
                             capture_output=True, text=True, errors="replace")
    times.append(("qemu-aarch64 test targets", time.time() - part))
    output = xctest.stdout + xctest.stderr + testing.stdout + testing.stderr
    problems = plans.check_output(output)
    executed = plans.XCTEST_TOTAL.findall(output)[-1:]
    ok = xctest.returncode == 0 and testing.returncode == 0 and not problems
    print("cross-arm64: %s %s built for aarch64 pass under qemu-aarch64 (XCTest: %s; Swift "
          "Testing: %s)%s" % (
              "ok  " if ok else "FAIL", ", ".join(TEST_MODULES),
              "%s tests, %s failures" % executed[0] if executed else "none",
              (plans.TESTING_TOTAL.findall(output) or ["no"])[-1] + " tests",
              "" if ok else "\n" + output[-4000:]))
    failed += not ok
    for what, seconds in times:
        print("cross-arm64: %s %d s" % (what, seconds))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
