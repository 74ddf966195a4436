#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian package gesture-bridge_VERSION-1_ARCH.deb from the same install step as
# scripts/install.sh (--prefix /usr, --libdir /usr/lib/MULTIARCH, into a staging root), so it needs no Swift toolchain on
# the machine it is installed on:
#   - Depends computed from the binaries by dpkg-shlibdeps (no Swift package: the runtime is
#     linked in statically); Suggests: weston (for the module), umockdev (replay
#     --through-libinput);
#   - shlibs and an ldconfig trigger for libgesture-bridge.so.0, md5sums, the man page
#     gzipped, /usr/share/doc/gesture-bridge/{copyright,changelog.Debian.gz}, the lintian
#     overrides explained in docs/packaging.md;
#   - install.sh's manifest is left out (dpkg keeps the list of files).
# Then it runs lintian on the package (when installed) and prints its findings.
#
# Usage: scripts/package-deb.sh [--output DIR]
#   --output DIR  where the .deb is written (default .build-install/deb); the path is the
#                 last line printed.
# Exit status: 0 on success, 1 on failure (one "package-deb: error: ..." line), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

die() {
  echo "package-deb: error: $*" >&2
  exit 1
}
usage() {
  echo "package-deb: usage: scripts/package-deb.sh [--output DIR]" >&2
  exit 2
}

output="$repo/.build-install/deb"
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    --output)
      [ $# -ge 2 ] || { echo "package-deb: error: --output needs a value" >&2; usage; }
      output="$2"
      shift 2
      ;;
    --output=*) output="${1#*=}"; shift ;;
    *) echo "package-deb: error: unknown argument '$1'" >&2; usage ;;
  esac
done
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture gzip md5sum; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is not installed (Debian package dpkg-dev; scripts/setup.sh installs it)"
done
mkdir -p "$output" || die "cannot create --output $output"
output="$(cd "$output" && pwd)"

package=gesture-bridge
version="$(tr -d '[:space:]' <VERSION)"
# The Debian revision: this is not a Debian-native package.
debian_version="$version-1"
arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
maintainer="GestureBridge maintainers <maintainers@users.noreply.a-seed-74d56525.example>"
# Dates from the last commit, so the same sources give the same package contents.
date_rfc2822="$(git log -1 --format=%aD 2>/dev/null || date -uR)"
mkdir -p .build-install
work="$(mktemp -d "$repo/.build-install/package-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/root"

multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
bash scripts/install.sh --prefix /usr --libdir "/usr/lib/$multiarch" --destdir "$root" ||
  die "scripts/install.sh failed"
rm -f "$root/usr/share/gesture-bridge/install-manifest"

doc="$root/usr/share/doc/$package"
install -d -m 755 "$doc" "$root/usr/share/lintian/overrides"
gzip -9n "$root/usr/share/man/man1/gesture-bridge.1"
install -m 644 packaging/debian/copyright "$doc/copyright"
cat >"$work/changelog.Debian" <<EOF
$package ($debian_version) unstable; urgency=medium

  * Built by scripts/package-deb.sh from the GestureBridge sources.

 -- $maintainer  $date_rfc2822
EOF
gzip -9n -c "$work/changelog.Debian" >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"
install -m 644 packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/$package"

# Depends: dpkg-shlibdeps reads debian/control of the current directory.
mkdir -p "$work/src/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" \
  >"$work/src/debian/control"
weston_module="$(find "$root/usr/lib" -name libgesture-bridge-weston.so -print -quit)"
[ -n "$weston_module" ] || die "the install made no libgesture-bridge-weston.so"
shlibs="$(cd "$work/src" && dpkg-shlibdeps -O \
  -e"$root/usr/bin/gesture-bridge" -e"$root/usr/lib/$multiarch/libgesture-bridge.so.$version" \
  -e"$weston_module" -e"$root/usr/lib/gesture-bridge/libUmockdevPreloadFix.so")" ||
  die "dpkg-shlibdeps failed"
depends="$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")"
[ -n "$depends" ] || die "dpkg-shlibdeps gave no Depends: $shlibs"
if grep -qi swift <<<"$depends"; then die "the Depends name a Swift package: $depends"; fi

install -d -m 755 "$root/DEBIAN"
installed_size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<EOF
Package: $package
Version: $debian_version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Suggests: weston, umockdev
Section: utils
Priority: optional
Description: UIKit-style touchscreen gesture recognizers for Linux and Wayland
 GestureBridge recognizes tap, long press, pan, pinch, rotation, swipe and
 screen-edge pan gestures with UIKit's rules on Linux touchscreens.
 .
 This package contains the gesture-bridge command (replay of libinput
 recordings, live recognition on the seat's touchscreens, and a daemon that
 runs commands bound to gestures, with a systemd user unit), the weston 10
 module libgesture-bridge-weston.so that serves the gesture-bridge-v1 Wayland
 protocol, the C library libgesture-bridge.so.0 with its header and pkg-config
 file for other compositors, and the protocol XML. The Swift runtime is linked
 in statically.
EOF
printf 'libgesture-bridge %s %s (>= %s)\n' "${version%%.*}" "$package" "$version" \
  >"$root/DEBIAN/shlibs"
echo "activate-noawait ldconfig" >"$root/DEBIAN/triggers"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z |
  xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/shlibs" "$root/DEBIAN/triggers" \
  "$root/DEBIAN/md5sums"
chmod 755 "$root"

deb="$output/${package}_${debian_version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null || die "dpkg-deb --build failed"
echo "package-deb: Depends: $depends"
echo "package-deb: Installed-Size: $installed_size KiB; package $(du -k "$deb" | cut -f1) KiB"
if command -v lintian >/dev/null 2>&1; then
  echo "package-deb: lintian $deb (findings below; overridden ones are explained in docs/packaging.md)"
  lintian --info --display-info "$deb" || true
else
  echo "package-deb: lintian is not installed (scripts/setup.sh installs it); not checked"
fi
echo "$deb"
