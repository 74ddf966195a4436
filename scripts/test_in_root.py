#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the package in a distribution's root with the host's Swift toolchain and runs the
project's end-to-end tests there (scripts/test.sh's distribution steps; docs/platforms.md).

  test_in_root.py trixie

Makes or reuses the root (scripts/debian_root.py), builds into the plan's scratch path
(.build-SUITE) and runs each `swift test` selection of scripts/debianroot/plans.py, failing
when one fails, skips a test or runs none. Prints each part's time.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from debian_root import CHECKOUT, root_cache  # noqa: E402
from debianroot import cache, enter, plans, sources, spec  # noqa: E402


def run_logged(root, command, environment):
    """Runs `command` inside `root`, echoing and capturing its output; (status, output)."""
    process = subprocess.Popen(enter.inside_command(root, CHECKOUT, command, environment),
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace")
    lines = []
    for line in process.stdout:
        sys.stdout.write(line)
        lines.append(line)
    return process.wait(), "".join(lines)


def main(argv):
    if len(argv) != 1 or argv[0] not in plans.PLANS:
        print("usage: test_in_root.py %s" % "|".join(sorted(plans.PLANS)), file=sys.stderr)
        return 2
    plan = plans.PLANS[argv[0]]
    started = time.time()
    try:
        root = root_cache().ensure(spec.RootSpec(plan.suite, plan.set_name))
    except (sources.MirrorNotFound, RuntimeError) as error:
        print("test-in-root: error: %s" % error, file=sys.stderr)
        return 1
    times = [("root", time.time() - started)]
    parts = [("build", plan.build_command(), [])] + plan.test_commands(CHECKOUT)
    for what, command, environment in parts:
        part_started = time.time()
        cache.progress("%s: %s" % (plan.suite, what))
        status, output = run_logged(root, command, environment)
        times.append((what, time.time() - part_started))
        problems = [] if what == "build" else plans.check_output(output)
        if status != 0:
            problems.insert(0, "exit %d" % status)
        if problems:
            print("test-in-root: %s: %s failed: %s" % (plan.suite, what, "; ".join(problems)),
                  file=sys.stderr)
            return 1
    for what, seconds in times:
        print("test-in-root: %s: %s %d s" % (plan.suite, what, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
