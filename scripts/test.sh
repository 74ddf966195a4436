#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Everything CI checks: setup, the cheap static checks (docs, generated code, formatting), the
# build, the whole test suite.
# Runs the steps in order and stops at the first that fails; at the end (or at that failure)
# prints one line per step that ran with its time, and the total (the budget: under 40
# minutes on a fresh clone of a 2-core machine). The static checks run before the build, so a
# stale generated file or a broken doc link fails within seconds, not after the suite.
#
# Usage: scripts/test.sh [STEP...]
#   With no argument, every step in order. With step names, only those (in the order given),
#   e.g. `scripts/test.sh docs generated-code swift-format`. `scripts/test.sh --list` prints
#   the names.
# The builds in Debian roots (the trixie, sid, swift-6.2, test-deb, deb-*, arm64 steps) and
# the property streams' release build run in build trees kept outside the checkout
# (scripts/debianroot/trees.py, /var/cache/gesture-bridge/builds), brought up to date with the
# checkout file by file: a fresh clone rebuilds what changed since the last run there, not
# everything (docs/platforms.md, "Time").
set -euo pipefail
cd "$(dirname "$0")/.."

# The steps, in order: NAME, then the command (run by `bash -c`).
steps=(
  setup 'bash scripts/setup.sh'
  # Relative links and the Sources/, Tests/, scripts/ ... paths the docs name exist; every
  # module has its line in docs/architecture.md; prose facts (the protocol version, the kind
  # list, the CLI's subcommands) agree with their sources.
  docs 'python3 scripts/check-docs.py'
  # The committed generated code is what scripts/generate-protocol.sh makes from the XML now.
  generated-code 'bash scripts/check-generated.sh'
  swift-format 'swift format lint --strict -r Sources Tests'
  # scripts/debian_root.py's unit tests: the mirror read from apt sources, package sets, the
  # cache key, staleness and the atomic build, the mount script (docs/platforms.md).
  # scripts/debian_package.py's and debian_components.py's (the source package's components,
  # the kept build tree) too.
  debian-root 'python3 -m pytest -q -p no:cacheprovider Tests/DebianRoot Tests/DebianPackage'
  # scripts/debian_changelog.py's unit tests (debian/changelog from VERSION and CHANGELOG.md).
  debian-changelog 'python3 -m unittest discover -s Tests/DebianChangelog'
  build 'swift build'
  # The Wayfire 0.7 plugin (C++ against wayfire-dev; docs/wlroots.md): built, not run (Wayfire
  # needs a DRM render node).
  wayfire-plugin 'bash Compositors/wayfire/build.sh >/dev/null'
  swift-test 'swift test'
  # Debian 13 (docs/platforms.md): a trixie root made or reused by scripts/debian_root.py
  # (cached outside the checkout), the package built there against weston 14 with the host's
  # toolchain (.build-trixie), and WestonEndToEndTests, drive's weston-simple-touch tests and
  # phoc 0.46 and sway 1.10 with the wlroots 0.18 loader run there; then, in a root holding
  # what scripts/setup.sh installs on Debian 13, setup.sh finds nothing missing, the README's
  # demo command runs, and the GTK 4.18 and Qt 6.8 apps built from scripts/install.sh's files
  # pass test-toolkits.sh and test-qt6-canvas.sh on weston 14 (scripts/debianroot/plans.py's
  # trixie-setup).
  trixie 'python3 scripts/test_in_root.py trixie trixie-setup'
  # sid (docs/platforms.md): the same in a sid root (.build-sid) against weston 16 and
  # wlroots 0.20: WestonEndToEndTests, drive's weston-simple-touch tests, a pinch through
  # sway 1.12 with the wlroots 0.20 loader, and the loader built for 0.19 and 0.20.
  sid 'python3 scripts/test_in_root.py sid'
  # Swift 6.2 (docs/platforms.md): the package and its tests built by Debian's own swiftlang
  # 6.2.3 in a sid root (package set deb-build, nothing of the host's toolchain; SwiftPM's
  # dependencies from the source package's components, no git), then the unit test targets.
  swift-6.2 'python3 scripts/test_in_root.py swift-6.2'
  # scripts/install.sh (release build, Swift runtime static) into a DESTDIR, then the installed
  # files run with the Swift toolchain's libraries hidden (see the script).
  test-install 'bash scripts/test-install.sh'
  # Examples/qt6-canvas (Qt 6 / QML), built against the installed XML by
  # scripts/build-examples.sh, under headless weston with the module: its logs of pinch.yml,
  # swipe-left.yml and pan.yml equal gesture-bridge replay's, its canvas zoomed, paged and
  # moved, Qt's own touches cancelled (docs/toolkits.md, "Qt6 / QML").
  qt6-canvas 'bash scripts/test-qt6-canvas.sh'
  # Examples/gtk4-photo (GTK 4 on libgesture-bridge-client), built against the installed
  # library by scripts/build-examples.sh, under headless weston with the module: its logs of
  # five recordings equal gesture-bridge replay's, GTK's own touches cancelled, the drawer's
  # exclusion and deferred left edge against a system edge swipe; the GtkGesture fallback on
  # weston without the module (docs/toolkits.md, "GTK 4").
  toolkit-apps 'bash scripts/test-toolkits.sh'
  # scripts/package-deb.sh (the same install step), Depends, contents, lintian, dpkg --root.
  test-deb 'bash scripts/test-deb.sh'
  # The Debian way in sid (docs/packaging.md): the source package (SwiftPM's dependencies as
  # its component tarballs) built by dpkg-buildpackage in a clean sid root with Debian's
  # swiftlang and no other toolchain, no network; lintian: no error or warning.
  deb-sid 'bash scripts/package-deb.sh --suite sid'
  # Debian 13: the packages built in a clean trixie root (the host's toolchain through the
  # build profile), installed with apt into a clean trixie root (Depends from the archive),
  # and run there: replay, the C client from the installed XML served a pinch by weston 14
  # with the installed module, drive with weston-simple-touch.
  deb-trixie 'bash scripts/package-deb.sh --suite trixie && python3 scripts/test_deb_install.py trixie'
  # arm64 (docs/phones.md): in one trixie amd64+arm64 root with sid's swiftlang 6.2.3 and its
  # arm64 runtime (unpacked when the root is made, cached with it), the arm64 .debs by
  # `dpkg-buildpackage --host-arch arm64` (lintian clean; package-deb.sh --suite trixie --arch
  # arm64), their Depends satisfiable on Debian 13 arm64 (apt-get install --simulate), their
  # command under qemu-aarch64 replays every bundled recording to the amd64 JSON, and the
  # core, scene and replay test targets cross-compiled for aarch64 pass under qemu.
  arm64 'python3 scripts/cross_arm64.py'
  # Headless weston with the module for one minute under random client churn (recognizers up
  # to the limits, protocol errors, SIGKILL, a never-reading client): weston alive, RSS and
  # fds bounded, gestures equal to the in-core replay (Tests/CompositorSoak/README.md).
  soak-compositor 'bash scripts/soak-compositor.sh --minutes 1'
  # The same churn for one minute on Debian 13's phoc 0.46 with the wlroots 0.18 loader, in the
  # trixie root on the trixie step's build (its kept tree, scripts/debianroot/plans.py's
  # soak-phoc), touches from a mocked touchscreen (Tests/CompositorSoak/README.md); first the
  # soak driver's unit tests.
  soak-phoc 'python3 -m pytest -q -p no:cacheprovider Tests/CompositorSoak && python3 scripts/test_in_root.py soak-phoc'
  # The core's property test on 100,000 seeded random streams, in a release build split over
  # every core (the debug run above checks 3,000); prints the failing seed on failure.
  # Its release build in the kept tree property-streams (outside the checkout).
  property-streams 'python3 scripts/debianroot/trees.py run property-streams --kept .build -- bash scripts/soak.sh --property 100000'
)

# command_of NAME: prints the command of step NAME; fails for an unknown name.
command_of() {
  local i
  for ((i = 0; i < ${#steps[@]}; i += 2)); do
    if [ "${steps[$i]}" = "$1" ]; then
      printf '%s\n' "${steps[$((i + 1))]}"
      return 0
    fi
  done
  return 1
}

all_names=()
for ((i = 0; i < ${#steps[@]}; i += 2)); do all_names+=("${steps[$i]}"); done

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${all_names[@]}"
  exit 0
fi
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '3,18p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [ $# -eq 0 ]; then
  selected=("${all_names[@]}")
else
  selected=("$@")
fi
for name in "${selected[@]}"; do
  if ! command_of "$name" >/dev/null; then
    echo "test.sh: no step named '$name'; the steps: ${all_names[*]}" >&2
    exit 2
  fi
done

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

# step NAME: runs the step's command, records its time and result; a failure ends the suite.
step() {
  local name="$1" start=$SECONDS status=0
  echo "test.sh: == $name"
  bash -c "$(command_of "$name")" || status=$?
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

for name in "${selected[@]}"; do step "$name"; done
