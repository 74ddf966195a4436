#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Debian roots for GestureBridge's tests: made with mmdebstrap from the machine's own Debian
mirror (read from its apt sources), cached outside the checkout and rebuilt when stale, and
commands run inside them with the host's Swift toolchain and the checkout.

  debian_root.py ensure --suite trixie --set weston     # prints the root's path
  debian_root.py run --suite trixie --set weston [--env NAME=VALUE] [--bind DIR] -- CMD ARGS
  debian_root.py status --suite trixie --set weston     # fresh, or why it would be rebuilt
  debian_root.py sets                                   # the package sets and their packages

The cache is ${GESTURE_BRIDGE_ROOTS:-/var/cache/gesture-bridge/roots}; a root is rebuilt when
it is missing, its package set, suite, mirror, mmdebstrap or this tool's version changed, or it
is older than --max-age-days (7). Progress goes to stderr. See docs/platforms.md.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from debianroot import cache, enter, sources, spec  # noqa: E402

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mmdebstrap_version():
    try:
        result = subprocess.run(["mmdebstrap", "--version"], capture_output=True, text=True)
    except FileNotFoundError:
        raise SystemExit("debian-root: mmdebstrap is not installed (scripts/setup.sh installs it)")
    return result.stdout.strip()


def root_cache(max_age_days=cache.DEFAULT_MAX_AGE_DAYS):
    """The cache of this machine: its directory, its mirror (GESTURE_BRIDGE_MIRROR, else the
    apt sources') and its mmdebstrap."""
    mirror = os.environ.get("GESTURE_BRIDGE_MIRROR") or sources.read_mirror()
    return cache.RootCache(cache.cache_directory(), mirror, mmdebstrap_version(), max_age_days)


def parse(argv):
    parser = argparse.ArgumentParser(prog="debian_root.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("ensure", "run", "status"):
        sub = commands.add_parser(name)
        sub.add_argument("--suite", required=True, choices=spec.SUITES)
        sub.add_argument("--set", required=True, dest="set_name", choices=spec.set_names())
        sub.add_argument("--arch", default="amd64")
        sub.add_argument("--variant", default="minbase", choices=spec.VARIANTS)
        sub.add_argument("--max-age-days", type=float, default=cache.DEFAULT_MAX_AGE_DAYS)
        if name == "run":
            sub.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
            sub.add_argument("--bind", action="append", default=[], metavar="DIR",
                             help="another host directory mounted read-write at its own path")
            sub.add_argument("--workdir", default=None, help="default: the checkout")
            sub.add_argument("--no-host-toolchain", dest="host_toolchain", action="store_false",
                             help="mount nothing of the host's Swift (a root with swiftlang)")
            sub.add_argument("argv", nargs=argparse.REMAINDER)
    commands.add_parser("sets")
    return parser.parse_args(argv)


def main(argv):
    arguments = parse(argv)
    if arguments.command == "sets":
        for name in spec.set_names():
            for suite in spec.SUITES:
                try:
                    print("%s %s: %s" % (name, suite, " ".join(spec.packages(name, suite))))
                except spec.SpecError as error:
                    print("%s %s: (none: %s)" % (name, suite, error))
        return 0
    try:
        root_spec = spec.RootSpec(
            arguments.suite, arguments.set_name, arguments.arch, arguments.variant)
        roots = root_cache(arguments.max_age_days)
        if arguments.command == "status":
            reason = roots.why_stale(root_spec)
            print("%s: %s" % (roots.path(root_spec), reason or "fresh"))
            return 0
        path = roots.ensure(root_spec)
        if arguments.command == "ensure":
            print(path)
            return 0
        command = arguments.argv[1:] if arguments.argv[:1] == ["--"] else arguments.argv
        if not command:
            raise SystemExit("debian-root: run needs a command after --")
        return enter.run_inside(
            path, CHECKOUT, command, arguments.env, arguments.bind, arguments.workdir,
            arguments.host_toolchain)
    except (spec.SpecError, sources.MirrorNotFound, enter.EnterError, RuntimeError) as error:
        print("debian-root: error: %s" % error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
