#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds GestureBridge's Debian packages from the source package in debian/ (debhelper, the dh
# sequencer; docs/packaging.md) with `dpkg-buildpackage -b -us -uc` and the build profile
# pkg.gesture-bridge.toolchain-on-path (the swift on the PATH: Debian 12 has no swiftlang),
# then copies the .debs into the output directory and runs lintian on them. debian/rules
# stages the build with scripts/install.sh (reusing .build-install/, which that profile's clean
# keeps); debhelper does the rest: the split by debian/*.install (dh_missing fails on a file no
# package takes), Depends (dh_shlibdeps), shlibs and symbols checked against
# debian/PACKAGE.symbols (dh_makeshlibs, dpkg-gensymbols -c4), the ldconfig triggers,
# copyright, changelogs, lintian overrides, compression, permissions and md5sums.
#
# Usage: scripts/package-deb.sh [--suite SUITE] [--arch ARCH] [--output DIR]
#        scripts/package-deb.sh --assign ROOT
#   --suite SUITE  the Debian release to build for (default bookworm, the only one so far; it
#                  must be this machine's); another suite fails naming what it still needs
#   --arch ARCH    the Debian architecture (default and only one so far: this machine's)
#   --output DIR   where the .debs are copied (default .build-install/deb/SUITE-ARCH); their
#                  paths are the last lines printed, in the order a user installs them.
#   --assign ROOT  builds nothing: runs dh_install, dh_missing --fail-missing and dh_compress
#                  with a copy of debian/ on ROOT (a tree as debian/rules stages it in
#                  debian/tmp, i.e. scripts/install.sh's DESTDIR with --prefix /usr and the
#                  multiarch --libdir) and prints "PACKAGE /PATH" for every file and link it
#                  puts into a package, or fails naming the files no package or two take.
# Exit status: 0 on success, 1 on failure (one "package-deb: error: ..." line), 2 on bad usage.
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

profile=pkg.gesture-bridge.toolchain-on-path
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
for tool in dpkg-buildpackage dpkg-architecture dh dh_install; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is not installed (Debian packages dpkg-dev and debhelper; scripts/setup.sh installs them)"
done
host_arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
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

# What this machine can build: its own suite and architecture.
host_suite="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
case "$suite" in
  bookworm) ;;
  trixie | sid | unstable | forky)
    die "--suite $suite is not built yet: debian/control and scripts/install.sh build for weston 10 (libweston-10-dev) and wlroots 0.15 (libwlroots-dev), which only bookworm has ($suite has weston 14 or 16, wlroots 0.18 or later); building for it also needs a $suite root"
    ;;
  *) die "--suite $suite: unknown suite (bookworm is the one built so far)" ;;
esac
[ "$host_suite" = "$suite" ] ||
  die "--suite $suite builds on a Debian $suite machine; this one is '${host_suite:-unknown}'"
arch="${arch:-$host_arch}"
[ "$arch" = "$host_arch" ] ||
  die "--arch $arch is not built yet: cross-building (dpkg-buildpackage --host-arch) needs $arch's Swift standard library and -dev packages (docs/packaging.md); this machine builds $host_arch"
output="${output:-$repo/.build-install/deb/$suite-$arch}"
mkdir -p "$output" || die "cannot create --output $output"
output="$(cd "$output" && pwd)"

# dpkg-buildpackage writes the .debs next to the source tree by default; debian/rules hands
# GESTURE_BRIDGE_DEB_DESTDIR to dh_builddeb, the -u options tell dpkg-genbuildinfo and
# dpkg-genchanges where they are.
source_version="$(dpkg-parsechangelog -SVersion)"
echo "package-deb: dpkg-buildpackage -b -us -uc -P$profile (gesture-bridge $source_version, $suite $arch)"
if ! GESTURE_BRIDGE_DEB_DESTDIR="$work" dpkg-buildpackage -b -us -uc -P"$profile" \
  --buildinfo-option=-u"$work" --changes-option=-u"$work" \
  --buildinfo-file="$work/gesture-bridge_${source_version}_$arch.buildinfo" \
  --changes-file="$work/gesture-bridge_${source_version}_$arch.changes" >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  die "dpkg-buildpackage failed (the last 40 lines of its output are above)"
fi
# Leave the tree as it was: dh clean (the profile keeps .build-install/).
DEB_BUILD_PROFILES="$profile" debian/rules clean >/dev/null 2>&1 || die "debian/rules clean failed"

debs=()
for package in $(dh_listpackages); do
  deb="$work/${package}_${source_version}_$arch.deb"
  [ -f "$deb" ] || die "dpkg-buildpackage made no $(basename "$deb")"
  cp "$deb" "$output/" || die "cannot copy $(basename "$deb") to $output"
  deb="$output/$(basename "$deb")"
  echo "package-deb: $package: Depends: $(dpkg-deb -f "$deb" Depends); Installed-Size $(dpkg-deb -f "$deb" Installed-Size) KiB, $(du -k "$deb" | cut -f1) KiB"
  debs+=("$deb")
done

if command -v lintian >/dev/null 2>&1; then
  echo "package-deb: lintian (findings below; docs/packaging.md explains each one left)"
  lintian --info --display-info "${debs[@]}" || true
else
  echo "package-deb: lintian is not installed (scripts/setup.sh installs it); not checked"
fi
printf '%s\n' "${debs[@]}"
