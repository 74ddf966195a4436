#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds GestureBridge's Debian packages the Debian way (scripts/package-deb.sh's build; docs/
packaging.md): the source package first (dpkg-source -b: the orig tarball of the checkout's
files, the component tarballs of SwiftPM's dependencies, debian/), then, in a clean root of the
suite (scripts/debian_root.py, package set deb-build: the suite's Build-Depends), that source
package unpacked and `dpkg-buildpackage -b` on it, and lintian on the source and binary
packages (an error or warning fails).

  debian_package.py --suite sid [--arch amd64] [--output DIR]
  debian_package.py --suite trixie --arch arm64

--arch arm64 cross-builds for arm64 (Debian 13 only): `dpkg-buildpackage --host-arch arm64
-P cross,pkg.gesture-bridge.toolchain-on-path` in a trixie root with amd64 and arm64 (package
set cross-arm64-trixie: the arm64 Build-Depends, crossbuild-essential-arm64, and sid's
swiftlang 6.2.3 with its arm64 runtime unpacked when the root was made), debian/rules' cross
settings doing the rest.

sid builds with Debian's own swiftlang (6.2.3) and nothing of the host's toolchain; bookworm
and trixie, which have no usable swiftlang, with the build profile
pkg.gesture-bridge.toolchain-on-path and the host's toolchain mounted in the root. The
unpacked tree is kept outside the checkout, in the build cache's deb-SUITE-ARCH/ (scripts/
debianroot/trees.py: /var/cache/gesture-bridge/builds unless GESTURE_BRIDGE_BUILDS says), and
brought up to date file by file (unchanged files keep their times), so its SwiftPM build
(.build-install inside it) is reused by the next run, from any clone. The .debs go to --output (default .build-install/deb/SUITE-ARCH/); their
paths are the last lines printed, in debian/control's order (the order a user installs them). Exit status 0, 1 on failure (a "package-deb: error:" line).
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import debian_components  # noqa: E402
from debian_root import CHECKOUT, root_cache  # noqa: E402
from debianroot import enter, sources, spec, trees  # noqa: E402

PROFILE = "pkg.gesture-bridge.toolchain-on-path"
SOURCE = "gesture-bridge"
# What scripts/package-deb.sh builds: the suites with a deb-build root on amd64; arm64
# cross-compiled on amd64 (CROSS: the suites it is built for and their root's package set).
ARCHES = ("amd64", "arm64")
CROSS = {"arm64": {"trixie": "cross-arm64-trixie"}}
BUILD_ARCH = "amd64"
# The build's own trees inside the unpacked source: kept between runs.
KEPT = (".build-install",)


class PackageError(Exception):
    """A step of the build failed."""


def progress(message):
    print("package-deb: " + message, flush=True)


def uses_swiftlang(suite):
    """Whether `suite` builds with Debian's swiftlang (else the host's toolchain on the PATH,
    through the build profile)."""
    return spec.SUITE_NAMES["swiftlang"][suite] is not None


def dpkg_buildpackage_command(suite, arch=BUILD_ARCH):
    """The build command run in the unpacked tree: binary packages only, unsigned, without the
    pre-clean (the tree was just brought up to date; clean would remove the kept build). For
    another architecture a cross build (--host-arch, the profile cross) with the swift on the
    PATH (sid's swiftlang unpacked in the cross root, debianroot/swiftlang.py)."""
    command = ["dpkg-buildpackage", "-b", "-us", "-uc", "--no-pre-clean"]
    if arch != BUILD_ARCH:
        return command + ["--host-arch", arch, "-Pcross," + PROFILE]
    if not uses_swiftlang(suite):
        command.append("-P" + PROFILE)
    return command


def build_root(suite, arch):
    """(root spec, whether the host's toolchain is mounted) of a build of `suite` for `arch`:
    the suite's deb-build root, or for another architecture its cross root (amd64 and arm64,
    sid's swiftlang inside, nothing of the host's)."""
    if arch == BUILD_ARCH:
        return spec.RootSpec(suite, "deb-build", arch), not uses_swiftlang(suite)
    suites = CROSS.get(arch, {})
    if suite not in suites:
        raise PackageError("--arch %s is built for %s only, not %s" % (
            arch, ", ".join(sorted(suites)) or "no suite", suite))
    return spec.RootSpec(suite, suites[suite], "%s,%s" % (BUILD_ARCH, arch)), False


def tar_command(directory, name, output, mtime, exclude=()):
    """A reproducible tar.xz of `directory`/`name` (sorted names, one mtime, root owner)."""
    command = ["tar", "-C", directory, "--sort=name", "--mtime=@%d" % mtime, "--owner=0",
               "--group=0", "--numeric-owner", "--mode=go-w"]
    command += ["--exclude=%s" % pattern for pattern in exclude]
    return command + ["-cJf", output, name]


def make_source_package(checkout, directory):
    """Writes the source package into `directory` (emptied first); the .dsc's path."""
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    version = debian_components.version()
    name = "%s-%s" % (SOURCE, version)
    tree = os.path.join(directory, name)
    for path in trees.source_files(checkout):
        target = os.path.join(tree, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(checkout, path), target)
    mtime = int(subprocess.run(["git", "-C", checkout, "log", "-1", "--format=%ct"],
                               capture_output=True, text=True).stdout.strip() or time.time())
    orig = os.path.join(directory, "%s_%s.orig.tar.xz" % (SOURCE, version))
    subprocess.run(tar_command(directory, name, orig, mtime, ["%s/debian" % name]), check=True)
    with open(os.path.join(checkout, "Package.swift"), encoding="utf-8") as handle:
        components = debian_components.write(directory, handle.read())
    for component, _, _, tarball in components:
        subprocess.run(["tar", "-C", tree, "-xJf", tarball], check=True)
    result = subprocess.run(["dpkg-source", "-b", name], cwd=directory, capture_output=True,
                            text=True)
    if result.returncode != 0:
        raise PackageError("dpkg-source -b failed:\n" + result.stdout + result.stderr)
    dsc = glob.glob(os.path.join(directory, "*.dsc"))
    if len(dsc) != 1:
        raise PackageError("dpkg-source -b made %d .dsc files" % len(dsc))
    progress("source package %s (components: %s)" % (
        os.path.basename(dsc[0]), ", ".join("%s %s" % (c[0], c[2]) for c in components)))
    return dsc[0]


def unpack(dsc, tree):
    """Unpacks the source package (dpkg-source -x) and brings `tree` up to date with it."""
    scratch = tree + ".unpacking"
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(os.path.dirname(scratch), exist_ok=True)
    result = subprocess.run(["dpkg-source", "--no-copy", "-x", dsc, scratch],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise PackageError("dpkg-source -x failed:\n" + result.stdout + result.stderr)
    os.makedirs(tree, exist_ok=True)
    copied, removed = trees.sync_tree(scratch, tree, KEPT)
    shutil.rmtree(scratch)
    progress("unpacked into %s (%d files new or changed, %d removed)" % (tree, copied, removed))


def run_in_root(root, command, host_toolchain, workdir, log, environment=(), binds=()):
    """Runs `command` in `root` (output to the file `log`), `binds` mounted too; its exit
    status."""
    with open(log, "w", encoding="utf-8") as handle:
        return subprocess.run(
            enter.inside_command(root, CHECKOUT, command, environment, extra_binds=binds,
                                 workdir=workdir,
                                 host_toolchain=host_toolchain),
            stdout=handle, stderr=subprocess.STDOUT).returncode


def tail(path, lines=40):
    with open(path, encoding="utf-8", errors="replace") as handle:
        return "".join(handle.readlines()[-lines:])


def build(suite, arch, output):
    """Builds the packages of `suite` and `arch` into `output`; their paths."""
    with trees.KeptTree("deb-%s-%s" % (suite, arch), report=progress) as kept:
        return build_in(kept.path, suite, arch, output)


def build_in(work, suite, arch, output):
    """build() in the kept directory `work` (the unpacked tree, its logs and .debs)."""
    started = time.time()
    dsc = make_source_package(CHECKOUT, os.path.join(CHECKOUT, ".build-install", "deb", "source"))
    tree = os.path.join(work, "%s-%s" % (SOURCE, debian_components.version()))
    unpack(dsc, tree)
    for stale in glob.glob(os.path.join(work, "*.deb")) + glob.glob(os.path.join(work, "*.changes")) \
            + glob.glob(os.path.join(work, "*.buildinfo")):
        os.unlink(stale)
    root_spec, host_toolchain = build_root(suite, arch)
    root = root_cache().ensure(root_spec)
    command = dpkg_buildpackage_command(suite, arch)
    progress("%s in a clean %s root (%s): %s" % (
        " ".join(command), root_spec.name,
        "the host's toolchain on the PATH" if host_toolchain else
        "Debian's swiftlang" if arch == BUILD_ARCH else "sid's swiftlang on the PATH",
        tree))
    build_started = time.time()
    log = os.path.join(work, "build.log")
    # A cross build runs no tests (debian/rules runs none; nocheck says so to dh).
    environment = ["DEB_BUILD_OPTIONS=nocheck"] if arch != BUILD_ARCH else []
    if run_in_root(root, command, host_toolchain, tree, log, environment, [work]) != 0:
        raise PackageError("dpkg-buildpackage failed (the last lines of %s):\n%s" % (
            log, tail(log)))
    progress("dpkg-buildpackage took %d s" % (time.time() - build_started))
    changes = glob.glob(os.path.join(work, "*_%s.changes" % arch))
    if len(changes) != 1:
        raise PackageError("dpkg-buildpackage made %d .changes files" % len(changes))
    lintian = ["lintian", "--fail-on", "error,warning", "--display-info", changes[0], dsc]
    lintian_log = os.path.join(work, "lintian.log")
    status = run_in_root(root, lintian, host_toolchain, work, lintian_log, binds=[work])
    with open(lintian_log, encoding="utf-8", errors="replace") as handle:
        findings = [line.rstrip() for line in handle if line[:3] in ("E: ", "W: ", "I: ")]
    progress("lintian (%s's) on the source and binary packages: %d findings%s" % (
        suite, len(findings), "".join("\n  " + line for line in findings)))
    if status != 0:
        raise PackageError("lintian reports errors or warnings (exit %d): %s" % (
            status, tail(lintian_log, 20)))
    os.makedirs(output, exist_ok=True)
    for old in glob.glob(os.path.join(output, "*.deb")):
        os.unlink(old)
    debs = []
    for deb in in_control_order(glob.glob(os.path.join(work, "*.deb")), control_packages()):
        shutil.copy2(deb, output)
        debs.append(os.path.join(output, os.path.basename(deb)))
    progress("%d packages for %s %s in %d s" % (len(debs), suite, arch, time.time() - started))
    return debs


def control_packages(checkout=CHECKOUT):
    """debian/control's binary packages, in its order: the order a user installs them."""
    with open(os.path.join(checkout, "debian", "control"), encoding="utf-8") as handle:
        return [line.split(":", 1)[1].strip() for line in handle if line.startswith("Package:")]


def in_control_order(debs, packages):
    """`debs` (PACKAGE_VERSION_ARCH.deb paths) sorted by their package's place in `packages`."""
    def place(path):
        name = os.path.basename(path).split("_", 1)[0]
        return (packages.index(name) if name in packages else len(packages), name)
    return sorted(debs, key=place)


def main(argv):
    parser = argparse.ArgumentParser(prog="debian_package.py", description=__doc__.split("\n")[0])
    parser.add_argument("--suite", default="bookworm", choices=spec.SUITES)
    parser.add_argument("--arch", default="amd64")
    parser.add_argument("--output", default=None)
    arguments = parser.parse_args(argv)
    if arguments.arch not in ARCHES:
        print("package-deb: error: --arch %s: not built yet (the architectures: %s)" % (
            arguments.arch, ", ".join(ARCHES)), file=sys.stderr)
        return 1
    output = arguments.output or os.path.join(
        CHECKOUT, ".build-install", "deb", "%s-%s" % (arguments.suite, arguments.arch))
    try:
        build_root(arguments.suite, arguments.arch)  # an arch not built for the suite fails first
        debs = build(arguments.suite, arguments.arch, os.path.abspath(output))
    except (PackageError, spec.SpecError, sources.MirrorNotFound, enter.EnterError,
            RuntimeError, debian_components.ComponentError) as error:
        print("package-deb: error: %s" % error, file=sys.stderr)
        return 1
    for deb in debs:
        print(deb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
