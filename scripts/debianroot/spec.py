# SPDX-License-Identifier: MIT
"""What a root is: a suite, an architecture, an mmdebstrap variant and a named package set,
with the cache key that says when a built root no longer matches.

A package set is a list of package names; `{name}` placeholders are the names that differ
between suites (SUITE_NAMES; None: the suite has no such package). Add a set for a new purpose here rather than passing packages
on the command line, so every user of a root gets the same one.
"""
import hashlib
import json
import os
import subprocess

from . import swiftlang

# Bump when the way a root is built or entered changes (every cached root is rebuilt).
TOOL_VERSION = 1

SUITES = ("bookworm", "trixie", "sid")

# Package names that differ between suites.
SUITE_NAMES = {
    "libcurl": {"bookworm": "libcurl4", "trixie": "libcurl4t64", "sid": "libcurl4t64"},
    "libweston-dev": {
        "bookworm": "libweston-10-dev", "trixie": "libweston-14-dev", "sid": "libweston-16-dev"},
    # The wlroots each suite's phoc and sway link (sid's Wayfire alone still links 0.19).
    "libwlroots-dev": {
        "bookworm": "libwlroots-dev", "trixie": "libwlroots-0.18-dev", "sid": "libwlroots-0.20-dev"},
    # sid's second wlroots (Wayfire's): the loader is built against it, nothing starts on it.
    "libwlroots-0.19-dev": {"bookworm": None, "trixie": None, "sid": "libwlroots-0.19-dev"},
    # valgrind's memcheck on phoc 0.46 with the loader (Debian 13 only: the compositor soak's
    # --memcheck and PhocMemcheckEndToEndTests); it needs ld.so's symbols, from libc6-dbg.
    "valgrind": {"bookworm": None, "trixie": "valgrind", "sid": None},
    "libc6-dbg": {"bookworm": None, "trixie": "libc6-dbg", "sid": None},
    # Debian's own Swift: only sid's 6.2.3 is new enough (trixie's 6.0.3 lacks Span).
    "swiftlang": {"bookworm": None, "trixie": None, "sid": "swiftlang"},
}

# What the host's swift.org toolchain (bind-mounted into the root) needs to run and to build:
# its programs' libraries (swift-build links libcurl, libxml2, libsqlite3, libncurses), a C and
# C++ library for clang's link step, and git, through which SwiftPM clones the dependencies
# from the local package mirror.
SWIFT_TOOLCHAIN = [
    "{libcurl}", "libncurses6", "libsqlite3-0", "libxml2", "libuuid1", "zlib1g-dev",
    "libc6-dev", "g++", "git", "pkg-config",
]

PACKAGE_SETS = {
    # Only the toolchain: the pure Swift modules.
    "swift": SWIFT_TOOLCHAIN,
    # Everything the end-to-end tests start, one root per suite for every issue that needs one:
    # the weston module and its test seat (the demo chain, `gesture-bridge drive` with
    # weston-simple-touch, the `device=` tests on a umockdev touchscreen); the wlroots adapter
    # and loader in phoc and sway; phoc built from its Debian source (its Build-Depends but
    # documentation and tests, and what `apt-get source` and `git am` need); lisgd for the
    # comparison with Sxmo's bindings; valgrind for phoc under memcheck; the GTK 4 and Qt 6
    # example apps; debhelper and lintian for the packages.
    "desktop": SWIFT_TOOLCHAIN + [
        "{libweston-dev}", "weston", "libpixman-1-dev", "libwayland-dev", "libwayland-bin",
        "wayland-protocols", "libinput-dev", "libudev-dev", "libmtdev-dev", "libinput-tools",
        "libumockdev-dev", "umockdev", "util-linux",
        "{libwlroots-dev}", "{libwlroots-0.19-dev}", "phoc", "sway", "lisgd",
        "{valgrind}", "{libc6-dbg}",
        "dpkg-dev", "meson", "ninja-build", "gsettings-desktop-schemas", "libglib2.0-dev",
        "libgmobile-dev", "libgnome-desktop-3-dev", "libxcb1-dev", "libxkbcommon-dev",
        "xwayland",
        "libgtk-4-dev", "qt6-base-dev", "qt6-base-private-dev", "qt6-wayland-dev",
        "qt6-wayland-private-dev", "qt6-declarative-dev", "qml6-module-qtquick",
        "qml6-module-qtquick-window",
        "debhelper", "lintian", "fakeroot",
    ],
    # A package build's root (debian/control's Build-Depends of the suite, debhelper,
    # lintian): in sid with Debian's swiftlang and nothing else Swift (the swift-6.2 step, and
    # dpkg-buildpackage without the toolchain-on-path profile); in bookworm and trixie with
    # what the host's toolchain needs instead (the pkg.gesture-bridge.toolchain-on-path
    # profile). No git and no network: SwiftPM's dependencies come with the source package.
    "deb-build": [
        "{swiftlang}", "{libcurl}", "libncurses6", "libsqlite3-0", "libxml2", "libuuid1",
        "build-essential", "debhelper", "dpkg-dev", "fakeroot", "lintian", "gcc", "libc6-dev",
        "g++", "binutils",
        "pkg-config", "libinput-dev", "libudev-dev", "libmtdev-dev", "libpixman-1-dev",
        "libwayland-dev", "libwayland-bin", "wayland-protocols", "{libweston-dev}",
        "{libwlroots-dev}", "zlib1g-dev",
    ],
    # Cross-compiling for arm64 (Debian 13, a root made with --arch amd64,arm64): what
    # `dpkg-buildpackage --host-arch arm64 -Pcross,pkg.gesture-bridge.toolchain-on-path`
    # needs (debian/control's Build-Depends for arm64: the arm64 -dev packages, the cross
    # GCC of crossbuild-essential-arm64, cross-exe-wrapper and qemu-user to run the arm64
    # command for its man page), debhelper and lintian, what sid's swiftlang needs to run on
    # Debian 13, for the tests built with the dynamic arm64 runtime the arm64 GCC runtime, and
    # for the arm64 weston test arm64 weston 14 (run under qemu-user) and GLib (the library
    # client's main loop).
    # sid's swiftlang itself and the arm64 Swift runtime come with the root's making
    # (ROOT_HOOKS, debianroot/swiftlang.py). scripts/debian_package.py --arch arm64 and
    # scripts/cross_arm64.py (the test step arm64) share it.
    "cross-arm64-trixie": [
        "build-essential", "crossbuild-essential-arm64", "debhelper", "dpkg-dev", "fakeroot",
        "lintian", "pkgconf", "pkgconf:arm64", "libwayland-bin", "wayland-protocols",
        "cross-exe-wrapper:arm64", "qemu-user", "xz-utils", "libcurl4t64", "libedit2",
        "libncurses6", "libsqlite3-0", "libuuid1", "libzstd1", "zlib1g", "libc6-dev",
        "libstdc++-14-dev", "libc6-dev:arm64", "linux-libc-dev:arm64", "libgcc-14-dev:arm64",
        "libstdc++-14-dev:arm64", "libinput-dev:arm64", "libudev-dev:arm64",
        "libmtdev-dev:arm64", "libpixman-1-dev:arm64", "libwayland-dev:arm64",
        "libweston-14-dev:arm64", "libwlroots-0.18-dev:arm64", "zlib1g-dev:arm64",
        "weston:arm64", "libglib2.0-dev:arm64",
    ],
    # Where the built packages are installed with apt as a user would (scripts/
    # test_deb_install.py, in a throwaway overlay): only the tools that test uses (python3 for
    # its checks; a C compiler, pkg-config, wayland-scanner and the protocol XMLs for a client
    # written from the installed XML; sway, which the installed loader goes into, and
    # wayland-info, which lists the globals it offers). No weston, nothing of GestureBridge, no
    # Swift: apt brings the packages' Depends from the archive.
    "deb-install": [
        "python3", "gcc", "libc6-dev", "pkg-config", "libwayland-dev", "libwayland-bin",
        "wayland-protocols", "sway", "wayland-utils",
    ],
}

# Package sets whose root gets more than its packages when it is made: a function of the
# mirror giving mmdebstrap options (customize hooks). Part of the cache key.
ROOT_HOOKS = {"cross-arm64-trixie": swiftlang.mmdebstrap_options}

# A set whose names scripts/setup.sh prints for the suite (`setup.sh --list --suite S`): a
# root holding exactly what the README's commands install on a fresh Debian of that suite,
# plus sudo. scripts/setup.sh is the one list; the root is rebuilt when it changes (the key).
SETUP_SH_SETS = {"setup": ["sudo"]}

SETUP_SH = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "setup.sh")

VARIANTS = ("minbase", "extract")


def set_names():
    """Every package set's name, sorted."""
    return sorted(list(PACKAGE_SETS) + list(SETUP_SH_SETS))


def setup_sh_packages(suite, run=subprocess.run):
    """The package names scripts/setup.sh installs on `suite`."""
    result = run(["bash", SETUP_SH, "--list", "--suite", suite],
                 capture_output=True, text=True)
    if result.returncode != 0:
        raise SpecError("scripts/setup.sh knows no packages for %s: %s" % (
            suite, result.stderr.strip()))
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


class SpecError(Exception):
    """An unknown suite, set or variant."""


def packages(set_name, suite):
    """The package names of `set_name` in `suite`, sorted and without duplicates."""
    if suite not in SUITES:
        raise SpecError("unknown suite %r (known: %s)" % (suite, ", ".join(SUITES)))
    if set_name in SETUP_SH_SETS:
        return sorted(set(setup_sh_packages(suite) + SETUP_SH_SETS[set_name]))
    if set_name not in PACKAGE_SETS:
        raise SpecError("unknown package set %r (known: %s)" % (
            set_name, ", ".join(set_names())))
    names = set()
    for entry in PACKAGE_SETS[set_name]:
        if entry.startswith("{") and entry.endswith("}"):
            name = SUITE_NAMES[entry[1:-1]][suite]
            if name is not None:
                names.add(name)
        else:
            names.add(entry)
    return sorted(names)


class RootSpec:
    """One root: `suite`, `arch` (a Debian architecture), `variant` and `set_name`."""

    def __init__(self, suite, set_name, arch="amd64", variant="minbase"):
        if variant not in VARIANTS:
            raise SpecError("unknown variant %r (known: %s)" % (variant, ", ".join(VARIANTS)))
        self.suite = suite
        self.set_name = set_name
        self.arch = arch
        self.variant = variant
        self.packages = packages(set_name, suite)

    @property
    def name(self):
        """The root's directory name in the cache, e.g. trixie-amd64-weston."""
        variant = "" if self.variant == "minbase" else "-" + self.variant
        # Several architectures (amd64,arm64) as amd64+arm64: a comma would end an overlay's
        # lowerdir option.
        return "%s-%s-%s%s" % (self.suite, self.arch.replace(",", "+"), self.set_name, variant)

    def apt_options(self):
        """apt options the suite needs: sid's Release is past its Valid-Until on snapshot
        mirrors."""
        return ['Acquire::Check-Valid-Until "false"'] if self.suite == "sid" else []

    def mmdebstrap_options(self, mirror):
        """mmdebstrap options beyond the packages (ROOT_HOOKS), for `mirror`."""
        hooks = ROOT_HOOKS.get(self.set_name)
        return hooks(mirror) if hooks else []

    def key(self, mmdebstrap_version, mirror):
        """The cache key: everything a built root depends on (the mirror too: another snapshot
        holds other package versions). A root built with another key is stale."""
        content = {
            "tool": TOOL_VERSION,
            "mmdebstrap": mmdebstrap_version,
            "mirror": mirror,
            "suite": self.suite,
            "arch": self.arch,
            "variant": self.variant,
            "packages": self.packages,
            "apt_options": self.apt_options(),
        }
        # Only a set with hooks has this entry: the other roots' keys stay as they were.
        if self.mmdebstrap_options(mirror):
            content["mmdebstrap_options"] = self.mmdebstrap_options(mirror)
        encoded = json.dumps(content, sort_keys=True).encode("utf-8")
        return hashlib.sha256(encoded).hexdigest()[:16]
