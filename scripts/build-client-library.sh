#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds libgesture-bridge-client, the C client library for apps (Sources/GestureBridgeClientC,
# plain C11 over libwayland-client, no Swift runtime), with cc, and checks it:
#
#   OUTPUT_DIR/libgesture-bridge-client.so.VERSION   (soname libgesture-bridge-client.so.0,
#                                                    stripped; VERSION from the VERSION file)
#   OUTPUT_DIR/libgesture-bridge-client.so.0 -> libgesture-bridge-client.so.VERSION
#   OUTPUT_DIR/libgesture-bridge-client.so   -> libgesture-bridge-client.so.0
#
# The sources are the library's own files, its generated event assembly and the generated
# wayland-scanner private code of the protocol (Sources/CWaylandProtocols); symbols are
# hidden (-fvisibility=hidden) except the gbc_* API, exported at the symbol version
# GESTURE_BRIDGE_CLIENT_0 (Sources/GestureBridgeClientC/gesture-bridge-client.map).
# Checks: NEEDED lists libwayland-client and libc only (and libm where wayland-client.pc asks
# for it; no libswift*), every exported symbol
# is gbc_* at GESTURE_BRIDGE_CLIENT_0, every function gesture-bridge-client.h declares is
# exported, the file is under 200 KB. scripts/install.sh runs it; so
# do the end-to-end tests and the example apps' builds.
#
# Usage: scripts/build-client-library.sh OUTPUT_DIR
#   CC overrides the compiler (default cc), STRIP the strip (default strip): a cross build
#   gives the host architecture's. Prints the library's path and size.
# Needs: cc, pkg-config, libwayland-dev, binutils (readelf, strip).
set -euo pipefail

die() {
  echo "build-client-library: error: $*" >&2
  exit 1
}
[ $# -eq 1 ] || { echo "usage: scripts/build-client-library.sh OUTPUT_DIR" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$1"
cc="${CC:-cc}"
command -v "$cc" >/dev/null 2>&1 || die "C compiler '$cc' not found (Debian package gcc)"
command -v pkg-config >/dev/null 2>&1 || die "pkg-config is not installed"
pkg-config --exists wayland-client || die "pkg-config knows no wayland-client (Debian package libwayland-dev)"
for tool in readelf "${STRIP:-strip}"; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (Debian package binutils)"
done
version="$(tr -d '[:space:]' <"$root/VERSION")"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "VERSION holds '$version', not MAJOR.MINOR.PATCH"
soname=libgesture-bridge-client.so.0
library="libgesture-bridge-client.so.$version"

source_dir="$root/Sources/GestureBridgeClientC"
mkdir -p "$out"
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -std=c11 -O2 -g0 -fPIC -fvisibility=hidden -D_FORTIFY_SOURCE=2 \
  -Wall -Wextra -Wpedantic -Werror \
  -I "$source_dir/include" -I "$root/Sources/CWaylandProtocols/include" \
  $(pkg-config --cflags wayland-client) \
  -shared -Wl,-soname,"$soname" -Wl,--version-script="$source_dir/gesture-bridge-client.map" \
  -Wl,-z,relro -Wl,-z,now -Wl,--as-needed \
  -o "$out/$library.unstripped" "$source_dir"/*.c \
  "$root/Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c" \
  $(pkg-config --libs wayland-client) || die "compiling the library failed"
"${STRIP:-strip}" --strip-unneeded --remove-section=.comment --remove-section=.note \
  -o "$out/$library" "$out/$library.unstripped" || die "strip failed"
rm -f "$out/$library.unstripped"
ln -sfn "$library" "$out/$soname"
ln -sfn "$soname" "$out/libgesture-bridge-client.so"

needed="$(readelf -d "$out/$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | paste -sd' ' -)"
# libwayland 1.23 and later round in wayland-util.h's inline wl_fixed_from_double and list -lm
# in wayland-client.pc (Debian 13, sid): then libm is needed too, as libwayland says.
expected="libc.so.6 libwayland-client.so.0"
if pkg-config --libs wayland-client | grep -qw -- -lm; then expected="libc.so.6 libm.so.6 libwayland-client.so.0"; fi
[ "$needed" = "$expected" ] ||
  die "$library needs '$needed'; expected $expected only (no Swift runtime)"
readelf -d "$out/$library" | grep -qF "Library soname: [$soname]" || die "$library has no soname $soname"
# Defined dynamic symbols other than the version node itself.
exported="$(readelf --dyn-syms -W "$out/$library" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND" && $5 != "LOCAL" && $8 != "" { print $8 }' |
  grep -v '^GESTURE_BRIDGE_CLIENT_0\(@@GESTURE_BRIDGE_CLIENT_0\)\?$' || true)"
[ -n "$exported" ] || die "$library exports nothing"
stray="$(grep -v '^gbc_[a-z_]*@@GESTURE_BRIDGE_CLIENT_0$' <<<"$exported" || true)"
[ -z "$stray" ] || die "$library exports symbols outside gbc_*@@GESTURE_BRIDGE_CLIENT_0: $(paste -sd' ' - <<<"$stray")"
# Every function the public header declares is exported.
declared="$("$cc" -E -P -I "$source_dir/include" "$source_dir/include/gesture-bridge-client.h" |
  grep -o 'gbc_[a-z_]*(' | tr -d '(' | sort -u)"
missing="$(comm -23 <(printf '%s\n' "$declared") <(sed 's/@.*//' <<<"$exported" | sort -u))"
[ -z "$missing" ] || die "$library does not export $(paste -sd' ' - <<<"$missing") (declared in the header)"
size="$(stat -c %s "$out/$library")"
[ "$size" -lt 204800 ] || die "$library is $size bytes, not under 200 KB"
echo "build-client-library: $out/$library ($size bytes, $(wc -l <<<"$exported") gbc_* symbols)"
