#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the package in a distribution's root with the host's Swift toolchain and runs the
project's end-to-end tests there (scripts/test.sh's distribution steps; docs/platforms.md).

  test_in_root.py trixie [trixie-setup ...]

For each plan named: makes or reuses the root (scripts/debian_root.py), brings the plan's kept
tree outside the checkout up to date with the checkout's files (scripts/debianroot/trees.py:
the build cache's PLAN/src, whose unchanged files keep their times, so the build in it is
incremental from any clone), builds there into the plan's scratch path (.build-SUITE) and runs
each `swift test` selection of scripts/debianroot/plans.py, failing when one fails, skips a
test or runs none; then its scripts, failing when one exits non-zero or misses an expected
line. Prints each part's time.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import debian_components  # noqa: E402
from debian_root import CHECKOUT, root_cache  # noqa: E402
from debianroot import cache, enter, plans, sources, spec, trees  # noqa: E402


def run_logged(root, command, environment, host_toolchain=True, workdir=None, binds=()):
    """Runs `command` inside `root` (in `workdir`, default the checkout; `binds` mounted too),
    echoing and capturing its output; (status, output)."""
    process = subprocess.Popen(enter.inside_command(root, CHECKOUT, command, environment,
                                                    extra_binds=binds, workdir=workdir,
                                                    host_toolchain=host_toolchain),
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace")
    lines = []
    for line in process.stdout:
        sys.stdout.write(line)
        lines.append(line)
    return process.wait(), "".join(lines)


def unpack_components(directory):
    """SwiftPM's dependencies as the source package carries them (scripts/
    debian_components.py), unpacked into `directory`/NAME; a tree already there is kept when
    its tarball is unchanged (so the build reuses it)."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(CHECKOUT, "Package.swift"), encoding="utf-8") as handle:
        written = debian_components.write(directory + "/tarballs", handle.read())
    for component, _, tag, tarball in written:
        stamp = os.path.join(directory, component + ".tag")
        tree = os.path.join(directory, component)
        if os.path.isdir(tree) and os.path.exists(stamp) and open(stamp).read() == tag:
            continue
        subprocess.run(["rm", "-rf", tree], check=True)
        subprocess.run(["tar", "-C", directory, "-xJf", tarball], check=True)
        with open(stamp, "w") as handle:
            handle.write(tag)


def main(argv):
    if not argv or any(name not in plans.PLANS for name in argv):
        print("usage: test_in_root.py PLAN... (%s)" % "|".join(sorted(plans.PLANS)),
              file=sys.stderr)
        return 2
    for name in argv:
        status = run_plan(name, plans.PLANS[name])
        if status != 0:
            return status
    return 0


def run_plan(name, plan):
    with trees.KeptTree(plan.tree or name, report=cache.progress) as kept:
        return run_plan_in(name, plan, kept)


def run_plan_in(name, plan, kept):
    """run_plan in the kept tree `kept`: the checkout's files in kept.path/src, the plan's
    scratch path (and the components, without the host's toolchain) inside it."""
    started = time.time()
    try:
        root = root_cache().ensure(spec.RootSpec(plan.suite, plan.set_name))
        # The source as the source package has it: the checkout's files, without the host
        # builds' Package.resolved (remote pins, which a build without git would fetch).
        source = kept.export(CHECKOUT, kept=(plan.scratch,))
        dependencies = plan.dependencies_directory(source)
        if dependencies is not None:
            unpack_components(dependencies)
    except (sources.MirrorNotFound, RuntimeError, debian_components.ComponentError,
            OSError, subprocess.CalledProcessError) as error:
        print("test-in-root: error: %s" % error, file=sys.stderr)
        return 1
    times = [("root and tree", time.time() - started)]
    build = plan.build_command(source)
    # (what, command, environment, the output's problems)
    parts = ([("build", build, plan.environment(source), lambda output: [])]
             if build else [])
    parts += [(what, command, environment, plans.check_output)
              for what, command, environment in plan.test_commands(source)]
    parts += [(script.what, command, plan.environment(source) + environment, script.problems)
              for script, command, environment in plan.script_commands(source)]
    for what, command, environment, check in parts:
        part_started = time.time()
        cache.progress("%s: %s" % (name, what))
        status, output = run_logged(root, command, environment, plan.host_toolchain, source,
                                    [kept.path])
        times.append((what, time.time() - part_started))
        problems = check(output)
        if status != 0:
            problems.insert(0, "exit %d" % status)
        if problems:
            print("test-in-root: %s: %s failed: %s" % (name, what, "; ".join(problems)),
                  file=sys.stderr)
            return 1
    for what, seconds in times:
        print("test-in-root: %s: %s %d s" % (name, what, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
