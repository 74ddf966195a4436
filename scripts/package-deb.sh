#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds GestureBridge's Debian packages from the source package in debian/ (debhelper, the dh
# sequencer; docs/packaging.md) the Debian way, through scripts/debian_package.py: the source
# package (dpkg-source -b: the checkout's files, SwiftPM's dependencies as component tarballs
# made by scripts/debian_components.py, debian/), then in a clean root of the suite
# (scripts/debian_root.py, package set deb-build) `dpkg-buildpackage -b` on it unpacked, then
# lintian on the source and binary packages (an error or warning fails). sid builds with
# Debian's swiftlang alone; bookworm and trixie with the build profile
# pkg.gesture-bridge.toolchain-on-path and the host's Swift toolchain mounted in the root.
# debhelper does the rest: the split by debian/*.install (dh_missing fails on a file no
# package takes), Depends (dh_shlibdeps), shlibs and symbols checked against
# debian/PACKAGE.symbols (dh_makeshlibs, dpkg-gensymbols -c4), the ldconfig triggers,
# copyright, changelogs, lintian overrides, compression, permissions and md5sums.
#
# Usage: scripts/package-deb.sh [--suite SUITE] [--arch ARCH] [--output DIR]
#        scripts/package-deb.sh --assign ROOT
#   --suite SUITE  bookworm (default), trixie or sid: the Debian release built for, with its
#                  weston and wlroots (10 and 0.15, 14 and 0.18, 16 and 0.20)
#   --arch ARCH    the Debian architecture: amd64 (default) or arm64, a cross build for
#                  --suite trixie only (dpkg-buildpackage --host-arch arm64 in a trixie
#                  amd64+arm64 root with sid's swiftlang: package set cross-arm64-trixie)
#   --output DIR   where the .debs are copied (default .build-install/deb/SUITE-ARCH); their
#                  paths are the last lines printed. The unpacked source and its build stay
#                  outside the checkout for the next run, in the build cache's
#                  deb-SUITE-ARCH/ (/var/cache/gesture-bridge/builds, or
#                  GESTURE_BRIDGE_BUILDS; scripts/debianroot/trees.py).
#   --assign ROOT  builds nothing: runs dh_install, dh_missing --fail-missing and dh_compress
#                  with a copy of debian/ on ROOT (a tree as debian/rules stages it in
#                  debian/tmp, i.e. scripts/install.sh's DESTDIR with --prefix /usr and the
#                  multiarch --libdir) and prints "PACKAGE /PATH" for every file and link it
#                  puts into a package, or fails naming the files no package or two take.
# Needs root (the suite's root: mmdebstrap, chroot). Exit status: 0 on success, 1 on failure
# (one "package-deb: error: ..." line), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

die() {
  echo "package-deb: error: $*" >&2
  exit 1
}
usage() {
  echo "package-deb: usage: scripts/package-deb.sh [--suite SUITE] [--arch ARCH] [--output DIR] | --assign ROOT" >&2
  exit 2
}

suite=bookworm
arch=""
output=""
assign_root=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 1 && /^# SPDX-License-Identifier:/ { next } NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    --suite | --arch | --output | --assign)
      [ $# -ge 2 ] || { echo "package-deb: error: $1 needs a value" >&2; usage; }
      case "$1" in
        --suite) suite="$2" ;;
        --arch) arch="$2" ;;
        --output) output="$2" ;;
        *) assign_root="$2" ;;
      esac
      shift 2
      ;;
    --suite=*) suite="${1#*=}"; shift ;;
    --arch=*) arch="${1#*=}"; shift ;;
    --output=*) output="${1#*=}"; shift ;;
    *) echo "package-deb: error: unknown argument '$1'" >&2; usage ;;
  esac
done
for tool in dpkg-source dh dh_install; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is not installed (Debian packages dpkg-dev and debhelper; scripts/setup.sh installs them)"
done
work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-package-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# --assign: dh_install and dh_missing on ROOT, in a copy of debian/ (nothing else is touched).
if [ -n "$assign_root" ]; then
  [ -d "$assign_root" ] || die "--assign: no directory $assign_root"
  mkdir -p "$work/src/debian"
  find debian -maxdepth 1 -type f -exec cp -t "$work/src/debian" {} +
  cp -r debian/source "$work/src/debian/"
  cp -a "$assign_root" "$work/src/debian/tmp"
  if ! (cd "$work/src" && dh_install && dh_missing --fail-missing && dh_compress) \
    >"$work/dh.log" 2>&1; then
    missing="$(sed -n 's|^dh_missing: warning: \(.*\) exists in debian/tmp but is not installed to anywhere.*|/\1|p' \
      "$work/dh.log" | paste -sd' ' -)"
    [ -z "$missing" ] || die "no package takes these installed files (add them to a debian/PACKAGE.install): $missing"
    cat "$work/dh.log" >&2
    die "dh_install failed on $assign_root"
  fi
  for package in $(cd "$work/src" && dh_listpackages); do
    [ -d "$work/src/debian/$package" ] || continue
    (cd "$work/src/debian/$package" && find . \( -type f -o -type l \) -printf "$package /%P\n")
  done | sort -k2 >"$work/assigned"
  doubled="$(awk '{ print $2 }' "$work/assigned" | uniq -d | paste -sd' ' -)"
  [ -z "$doubled" ] || die "two packages take these installed files: $doubled"
  cat "$work/assigned"
  exit 0
fi

# The build: scripts/debian_package.py (source package, clean root of the suite,
# dpkg-buildpackage, lintian).
rm -rf "$work"
exec python3 scripts/debian_package.py --suite "$suite" ${arch:+--arch "$arch"} ${output:+--output "$output"}
