#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the example C client of gesture-bridge-v1 from the protocol XML alone:
#   wayland-scanner client-header + private-code on Protocols/gesture-bridge-v1.xml and on
#   xdg-shell.xml (wayland-protocols), then cc -std=c11 -Wall -Wextra -Wpedantic -Werror.
#
# Usage: Examples/c-client/build.sh [BUILD_DIR]
#   BUILD_DIR defaults to Examples/c-client/build; the binary is BUILD_DIR/gesture-bridge-c-client.
#   CC (default cc) and XDG_SHELL_XML override the compiler and the xdg-shell.xml path.
# Needs: a C11 compiler, wayland-scanner (Debian libwayland-bin), libwayland-client headers
# (libwayland-dev), wayland-protocols and pkg-config; scripts/setup.sh installs them all.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$here/../.." && pwd)"
build_dir="${1:-$here/build}"
cc="${CC:-cc}"
protocol_xml="$repo_root/Protocols/gesture-bridge-v1.xml"
xdg_shell_xml="${XDG_SHELL_XML:-/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml}"

fail() {
  echo "build.sh: $*" >&2
  exit 1
}
command -v wayland-scanner >/dev/null 2>&1 ||
  fail "wayland-scanner not found; install the Debian package libwayland-bin"
command -v "$cc" >/dev/null 2>&1 || fail "C compiler '$cc' not found; install gcc or set CC"
command -v pkg-config >/dev/null 2>&1 || fail "pkg-config not found; install pkg-config"
pkg-config --exists wayland-client ||
  fail "pkg-config knows no wayland-client; install the Debian package libwayland-dev"
[[ -f "$xdg_shell_xml" ]] ||
  fail "$xdg_shell_xml missing; install the Debian package wayland-protocols or set XDG_SHELL_XML"

mkdir -p "$build_dir"
wayland-scanner --strict client-header "$protocol_xml" "$build_dir/gesture-bridge-v1-client-protocol.h"
wayland-scanner --strict private-code "$protocol_xml" "$build_dir/gesture-bridge-v1-protocol.c"
wayland-scanner client-header "$xdg_shell_xml" "$build_dir/xdg-shell-client-protocol.h"
wayland-scanner private-code "$xdg_shell_xml" "$build_dir/xdg-shell-protocol.c"

# shellcheck disable=SC2046 # pkg-config prints several words on purpose
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I "$build_dir" \
  $(pkg-config --cflags wayland-client) \
  -o "$build_dir/gesture-bridge-c-client" \
  "$here/gesture-bridge-c-client.c" \
  "$build_dir/gesture-bridge-v1-protocol.c" "$build_dir/xdg-shell-protocol.c" \
  $(pkg-config --libs wayland-client)
echo "build.sh: built $build_dir/gesture-bridge-c-client"
