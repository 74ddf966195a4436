# SPDX-License-Identifier: MIT
"""What a root is: a suite, an architecture, an mmdebstrap variant and a named package set,
with the cache key that says when a built root no longer matches.

A package set is a list of package names; `{name}` placeholders are the names that differ
between suites (SUITE_NAMES). Add a set for a new purpose here rather than passing packages
on the command line, so every user of a root gets the same one.
"""
import hashlib
import json

# Bump when the way a root is built or entered changes (every cached root is rebuilt).
TOOL_VERSION = 1

SUITES = ("bookworm", "trixie", "sid")

# Package names that differ between suites.
SUITE_NAMES = {
    "libcurl": {"bookworm": "libcurl4", "trixie": "libcurl4t64", "sid": "libcurl4t64"},
    "libweston-dev": {
        "bookworm": "libweston-10-dev", "trixie": "libweston-14-dev", "sid": "libweston-16-dev"},
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
    # The weston module, its test seat and their end-to-end tests (the demo chain through
    # weston, `gesture-bridge drive` with weston-simple-touch, the `device=` tests on a
    # umockdev touchscreen).
    "weston": SWIFT_TOOLCHAIN + [
        "{libweston-dev}", "weston", "libpixman-1-dev", "libwayland-dev", "libwayland-bin",
        "wayland-protocols", "libinput-dev", "libudev-dev", "libmtdev-dev", "libinput-tools",
        "libumockdev-dev", "umockdev", "util-linux",
    ],
}

VARIANTS = ("minbase", "extract")


class SpecError(Exception):
    """An unknown suite, set or variant."""


def packages(set_name, suite):
    """The package names of `set_name` in `suite`, sorted and without duplicates."""
    if suite not in SUITES:
        raise SpecError("unknown suite %r (known: %s)" % (suite, ", ".join(SUITES)))
    if set_name not in PACKAGE_SETS:
        raise SpecError(
            "unknown package set %r (known: %s)" % (set_name, ", ".join(sorted(PACKAGE_SETS))))
    names = set()
    for entry in PACKAGE_SETS[set_name]:
        if entry.startswith("{") and entry.endswith("}"):
            names.add(SUITE_NAMES[entry[1:-1]][suite])
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
        return "%s-%s-%s%s" % (self.suite, self.arch, self.set_name, variant)

    def apt_options(self):
        """apt options the suite needs: sid's Release is past its Valid-Until on snapshot
        mirrors."""
        return ['Acquire::Check-Valid-Until "false"'] if self.suite == "sid" else []

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
        encoded = json.dumps(content, sort_keys=True).encode("utf-8")
        return hashlib.sha256(encoded).hexdigest()[:16]
