#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages GestureBridge builds and tests with, on Debian 12 (bookworm) or
# Debian 13 (trixie): the suite is /etc/os-release's VERSION_CODENAME, and the names that
# differ between the two (libweston-10-dev / libweston-14-dev, ...) are picked for it.
# Idempotent: installs only what is missing (after `apt-get update`), non-interactively. Runs
# as root directly, or through sudo when run as another user.
#
# Swift is not a Debian package here: Debian 12 has no swiftlang and Debian 13's 6.0.3 is too
# old (docs/platforms.md), so the Swift 6 toolchain comes from swift.org, on the PATH (install
# it first: https://www.swift.org/install/linux/). This script installs what that toolchain
# needs on the suite (libcurl4 / libcurl4t64, libncurses6, libstdc++, ...), below.
#
#   scripts/setup.sh                      install what is missing for this machine's suite
#   scripts/setup.sh --list [--suite S]   print the package names for suite S (default: this
#                                         machine's), one a line, and install nothing
#   scripts/setup.sh --check              install nothing: exit 1 naming the missing ones
#
# The one list of packages: add new ones here (a name that differs between the suites goes
# through the variables below).
set -euo pipefail

list_only=false
check_only=false
suite=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list_only=true ;;
    --check) check_only=true ;;
    --suite)
      [ $# -ge 2 ] || { echo "setup: error: --suite needs a value (bookworm or trixie)" >&2; exit 2; }
      suite="$2"
      shift
      ;;
    -h | --help)
      sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "setup: error: unknown argument '$1' (--list, --check, --suite SUITE)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$suite" ]; then
  suite="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")"
fi

# The names that differ between the suites. Wayfire 0.7 (the Wayfire plugin, docs/wlroots.md)
# and wf-touch (bench.sh's peer row) are Debian 12's: Debian 13's Wayfire 0.9 is another API.
case "$suite" in
  bookworm)
    libweston_dev=libweston-10-dev
    libwlroots_dev=libwlroots-dev
    libcurl=libcurl4
    wayfire=(wayfire wayfire-dev libglm-dev libwf-touch-dev)
    ;;
  trixie)
    libweston_dev=libweston-14-dev
    libwlroots_dev=libwlroots-0.18-dev
    libcurl=libcurl4t64
    wayfire=()
    ;;
  *)
    echo "setup: error: Debian suite '${suite:-unknown}' is not supported (bookworm: Debian 12, trixie: Debian 13; /etc/os-release's VERSION_CODENAME)" >&2
    exit 1
    ;;
esac

PACKAGES=(
  pkg-config
  libinput-dev
  libudev-dev
  libmtdev-dev
  libinput-tools
  umockdev
  libumockdev-dev
  libwayland-dev
  libwayland-bin
  wayland-protocols
  weston
  "$libweston_dev"
  libpixman-1-dev
  gcc
  util-linux
  librsvg2-bin
  zlib1g-dev
  valgrind libc6-dbg # memcheck needs ld.so's symbols (Tests/CompositorSoak/test_soak_memcheck.py)
  # The wlroots adapter, its test kiosk and the Wayfire 0.7 plugin (docs/wlroots.md):
  # wayfire-dev brings libwlroots-dev; its wf-config.pc needs glm, which it does not depend on
  # (Debian 12 only, see above).
  "${wayfire[@]}"
  g++
  # scripts/install.sh, package-deb.sh and their tests: readelf/strip, dpkg-buildpackage and
  # debhelper (the source package in debian/), lintian, man (the installed page is read with it).
  binutils
  dpkg-dev
  debhelper
  lintian
  man-db
  # The C ABI's baselines (scripts/check-abi.sh, run by test-install.sh): abidw, abidiff.
  abigail-tools
  # Tests/CLITests/LisgdComparisonTests: Sxmo's gesture daemon, run beside `gesture-bridge lisgd`
  # on the same recordings (docs/phones.md).
  lisgd
  # scripts/check-docs.py (the docs check in scripts/test.sh).
  python3
  # scripts/bench.sh's peer row: wf-touch (Wayfire's touch gesture library), built against by
  # Benchmarks/wf-touch-harness with g++ (its header needs libglm-dev): in "${wayfire[@]}" above.
  # gesture-bridge drive's end-to-end tests (docs/app-testing.md): unmodified apps from Debian,
  # weston-simple-touch (package weston), gtk4-widget-factory, and Qt's qml runner with the
  # Wayland platform plugin and the QtQuick modules the test's QML file imports.
  gtk-4-examples
  qml-qt6
  qt6-wayland
  qml6-module-qtquick
  qml6-module-qtquick-window
  qml6-module-qtqml-workerscript
  # Examples/gtk4-photo, scripts/build-examples.sh and scripts/test-toolkits.sh
  # (docs/toolkits.md): GTK 4's headers (gtk4, gtk4-wayland), jq to compare the app's log with
  # the in-core replay.
  libgtk-4-dev
  jq
  # scripts/soak-compositor.sh: its driver Tests/CompositorSoak/soak_compositor.py (python3,
  # listed above for check-docs); its churn client is built with gcc, pkg-config and
  # libwayland-dev, and it runs weston, all listed above.
  # Examples/qt6-canvas (docs/toolkits.md, "Qt6 / QML"), built by scripts/build-examples.sh
  # and run by scripts/test-qt6-canvas.sh: CMake and Qt 6's headers, CMake packages and tools
  # (qtwaylandscanner for qt_generate_wayland_protocol_client_sources, qmltyperegistrar,
  # qmlcachegen), QtGui's private headers (QPlatformNativeInterface gives a window's
  # wl_surface in Qt 6.4), the Wayland platform plugin and the QtQuick QML modules at run
  # time (qt6-wayland and the QtQuick modules: listed above for drive's tests);
  # weston-screenshooter (weston, above) for its picture.
  cmake
  qt6-base-dev
  qt6-base-private-dev
  qt6-declarative-dev
  qt6-declarative-dev-tools
  qt6-wayland-dev
  qt6-wayland-dev-tools
  # libgesture-bridge-client (Sources/GestureBridgeClientC, scripts/build-client-library.sh):
  # gcc, pkg-config, libwayland-dev and binutils, listed above; GLib's headers for its GLib
  # helper and Examples/library-client (LibraryClientEndToEndTests).
  libglib2.0-dev
  # docs/phones.md: the LD_PRELOAD loader built with cc against the suite's wlroots headers
  # (0.15 on Debian 12, also brought by wayfire-dev above; 0.18 on Debian 13) and run end to end
  # inside Debian's own phoc and sway (PreloadedCompositorEndToEndTests; setpriv, for sway, is
  # util-linux above).
  "$libwlroots_dev"
  phoc
  sway
  # scripts/debian_root.py (docs/platforms.md): Debian 13 and sid roots for the tests made with
  # mmdebstrap (unshare, chroot and mount are util-linux and coreutils, above); its unit tests
  # (Tests/DebianRoot) run with pytest.
  mmdebstrap
  python3-pytest
  # The swift.org toolchain's own libraries (swift-build links libcurl, libxml2, libsqlite3,
  # libncurses; clang links with libc6-dev and g++'s libstdc++, listed above; SwiftPM clones
  # the dependencies with git), the list scripts/debianroot/spec.py's SWIFT_TOOLCHAIN holds.
  "$libcurl"
  libncurses6
  libsqlite3-0
  libxml2
  libuuid1
  libc6-dev
  git
)

if $list_only; then
  printf '%s\n' "${PACKAGES[@]}"
  exit 0
fi

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages are installed"
  exit 0
fi
if $check_only; then
  echo "setup: error: ${#missing[@]} of the ${#PACKAGES[@]} packages for $suite are not installed: ${missing[*]}" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: error: missing packages (${missing[*]}) and not root, and sudo is not available" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  "${missing[@]}"
