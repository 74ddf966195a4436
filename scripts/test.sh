#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Everything CI checks: setup, build, the whole test suite, generated files, formatting.
# Runs the steps in order and stops at the first that fails; at the end (or at that failure)
# prints one line per step that ran with its time, and the total (issue 29's budget: under 30
# minutes on a fresh clone of a 2-core machine).
set -euo pipefail
cd "$(dirname "$0")/.."

step_names=()
step_seconds=()
step_results=()
suite_start=$SECONDS

print_times() {
  local i
  echo
  echo "test.sh: step times"
  for i in "${!step_names[@]}"; do
    printf 'test.sh:   %-28s %6ss  %s\n' "${step_names[$i]}" "${step_seconds[$i]}" "${step_results[$i]}"
  done
  printf 'test.sh:   %-28s %6ss\n' total "$((SECONDS - suite_start))"
}
trap print_times EXIT

# step NAME COMMAND...: runs COMMAND, records its time and result; a failure ends the suite.
step() {
  local name="$1" start=$SECONDS status=0
  shift
  echo "test.sh: == $name"
  "$@" || status=$?
  step_names+=("$name")
  step_seconds+=("$((SECONDS - start))")
  if [ "$status" -eq 0 ]; then
    step_results+=(ok)
  else
    step_results+=("FAILED (exit $status)")
    echo "test.sh: step '$name' failed (exit $status)" >&2
    exit "$status"
  fi
}

step setup bash scripts/setup.sh
# Relative links and the Sources/, Tests/, scripts/ ... paths the docs name exist; every module
# has its line in docs/architecture.md.
step docs python3 scripts/check-docs.py
# scripts/debian_root.py's unit tests: the mirror read from apt sources, package sets, the
# cache key, staleness and the atomic build, the mount script (docs/platforms.md).
step debian-root python3 -m pytest -q -p no:cacheprovider Tests/DebianRoot
step build swift build
# The Wayfire 0.7 plugin (C++ against wayfire-dev; docs/wlroots.md): built, not run (Wayfire
# needs a DRM render node).
step wayfire-plugin bash -c 'bash scripts/build-wayfire-plugin.sh >/dev/null'
step swift-test swift test
# Debian 13 (docs/platforms.md): a trixie root made or reused by scripts/debian_root.py (cached
# outside the checkout), the package built there against weston 14 with the host's toolchain
# (.build-trixie), and WestonEndToEndTests and drive's weston-simple-touch tests run there.
step trixie python3 scripts/test_in_root.py trixie
# scripts/install.sh (release build, Swift runtime static) into a DESTDIR, then the installed
# files run with the Swift toolchain's libraries hidden (see the script).
step test-install bash scripts/test-install.sh
# Examples/qt6-canvas (Qt 6 / QML), built against the installed XML by
# scripts/build-examples.sh, under headless weston with the module: its logs of pinch.yml,
# swipe-left.yml and pan.yml equal gesture-bridge replay's, its canvas zoomed, paged and
# moved, Qt's own touches cancelled (docs/toolkits.md, "Qt6 / QML").
step qt6-canvas bash scripts/test-qt6-canvas.sh
# Examples/gtk4-photo (GTK 4 on libgesture-bridge-client), built against the installed library by
# scripts/build-examples.sh, under headless weston with the module: its logs of five recordings
# equal gesture-bridge replay's, GTK's own touches cancelled, the drawer's exclusion and
# deferred left edge against a system edge swipe; the GtkGesture fallback on weston without the
# module (docs/toolkits.md, "GTK 4").
step toolkit-apps bash scripts/test-toolkits.sh
# scripts/package-deb.sh (the same install step), Depends, contents, lintian, dpkg --root.
step test-deb bash scripts/test-deb.sh
# Headless weston with the module for one minute under random client churn (recognizers up to
# the limits, protocol errors, SIGKILL, a never-reading client): weston alive, RSS and fds
# bounded, gestures equal to the in-core replay (Tests/CompositorSoak/README.md).
step soak-compositor bash scripts/soak-compositor.sh --minutes 1
# The core's property test on 100,000 seeded random streams, in a release build split over
# every core (the debug run above checks 3,000); prints the failing seed on failure.
step property-streams bash scripts/soak.sh --property 100000
step generated-code bash scripts/check-generated.sh
step swift-format swift format lint --strict -r Sources Tests
