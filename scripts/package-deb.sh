#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds GestureBridge's Debian packages, split by Debian policy, from the same install step as
# scripts/install.sh (--prefix /usr, --libdir /usr/lib/MULTIARCH, into a staging root), so they
# need no Swift toolchain on the machine they are installed on:
#   libgesture-bridge0      the C library libgesture-bridge.so.0 (shlibs, symbols, ldconfig
#                           trigger)
#   libgesture-bridge-dev   gesture_bridge.h, the libgesture-bridge.so link, gesture-bridge.pc
#                           and the gesture-bridge-v1 protocol XML
#   weston-gesture-bridge   the weston 10 module libgesture-bridge-weston.so
#   wlroots-gesture-bridge  the phoc/sway LD_PRELOAD loader libgesture-bridge-wlroots-preload.so
#                           (when the install builds it: wlroots 0.15's headers are there)
#   gesture-bridge          the command (CLI and daemon), its systemd user unit, man page,
#                           example configs and recordings, the preload library of
#                           `replay --through-libinput`
#   gesture-bridge-drive    the test seat module `gesture-bridge drive` loads (when installed)
#   libgesture-bridge-client0, libgesture-bridge-client-dev
#                           the C client library and its development files, when the install
#                           makes them (scripts/install.sh installs it once it is built)
# Every installed file goes to exactly one package by the path rules in `package_of` below;
# a file no rule takes, or that two rules take, fails the build (so a new installed file gets
# a rule). Depends come from dpkg-shlibdeps (no Swift package: the runtime is linked in
# statically) plus the packages' own relations; the symbols file of each runtime library is
# checked by dpkg-gensymbols against packaging/debian/PACKAGE.symbols (a symbol added or
# removed fails until that file says so). Each package gets /usr/share/doc/PACKAGE/
# {copyright,changelog.gz,changelog.Debian.gz} (copyright: packaging/debian/copyright;
# changelog.gz: CHANGELOG.md; changelog.Debian from CHANGELOG.md's releases) and md5sums.
# Then lintian runs on the packages (when installed) and prints its findings.
#
# Usage: scripts/package-deb.sh [--output DIR]
#        scripts/package-deb.sh --assign ROOT
#   --output DIR   where the .debs are written (default .build-install/deb); their paths are
#                  the last lines printed, in the order a user installs them.
#   --assign ROOT  builds nothing: prints "PACKAGE /PATH" for every file and link under ROOT
#                  (a tree as this script stages it: an install's DESTDIR with --prefix /usr
#                  and the multiarch --libdir, without the install manifest, the man page
#                  gzipped), or fails naming the files no package or two packages take.
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
assign_root=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 1 && /^# SPDX-License-Identifier:/ { next } NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    --output)
      [ $# -ge 2 ] || { echo "package-deb: error: --output needs a value" >&2; usage; }
      output="$2"
      shift 2
      ;;
    --output=*) output="${1#*=}"; shift ;;
    --assign)
      [ $# -ge 2 ] || { echo "package-deb: error: --assign needs a directory" >&2; usage; }
      assign_root="$2"
      shift 2
      ;;
    *) echo "package-deb: error: unknown argument '$1'" >&2; usage ;;
  esac
done
for tool in dpkg-deb dpkg-shlibdeps dpkg-gensymbols dpkg-architecture gzip md5sum; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is not installed (Debian package dpkg-dev; scripts/setup.sh installs it)"
done
version="$(tr -d '[:space:]' <VERSION)"
major="${version%%.*}"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
lib="usr/lib/$multiarch"

# --- Which package each installed file belongs to ------------------------------------------
# package_of PATH (relative to the root): prints the package of every rule that takes it.
package_of() {
  case "$1" in "$lib"/libgesture-bridge.so.*) echo "libgesture-bridge$major" ;; esac
  case "$1" in
    "$lib"/libgesture-bridge.so | "$lib"/pkgconfig/gesture-bridge.pc | usr/include/gesture_bridge.h | \
      usr/share/gesture-bridge/protocols/*) echo libgesture-bridge-dev ;;
  esac
  case "$1" in "$lib"/weston/libgesture-bridge-weston.so) echo weston-gesture-bridge ;; esac
  case "$1" in
    usr/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so) echo wlroots-gesture-bridge ;;
  esac
  case "$1" in
    usr/bin/gesture-bridge | usr/lib/systemd/user/gesture-bridge.service | \
      usr/share/man/man1/gesture-bridge.1.gz | usr/share/gesture-bridge/examples/* | \
      usr/lib/gesture-bridge/libUmockdevPreloadFix.so) echo gesture-bridge ;;
  esac
  case "$1" in
    usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so) echo gesture-bridge-drive ;;
  esac
  case "$1" in "$lib"/libgesture-bridge-client.so.*) echo "libgesture-bridge-client$major" ;; esac
  case "$1" in
    "$lib"/libgesture-bridge-client.so | "$lib"/pkgconfig/gesture-bridge-client.pc | \
      usr/include/gesture-bridge-client.h | usr/include/gesture-bridge-client-*.h)
      echo libgesture-bridge-client-dev
      ;;
  esac
}
# The packages in the order a user installs them; the optional ones are made when the install
# has files for them (the phoc/sway loader needs wlroots 0.15's headers to be built).
packages=("libgesture-bridge$major" libgesture-bridge-dev weston-gesture-bridge
  wlroots-gesture-bridge gesture-bridge gesture-bridge-drive "libgesture-bridge-client$major"
  libgesture-bridge-client-dev)
optional=" wlroots-gesture-bridge gesture-bridge-drive "
mkdir -p .build-install
work="$(mktemp -d "$repo/.build-install/package-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# assign ROOT: "PACKAGE PATH" per file and link under ROOT, or dies naming the files no rule
# or two rules take.
assign() {
  local path owners unassigned=() doubled=()
  while read -r path; do
    owners="$(package_of "$path")"
    case "$(grep -c . <<<"$owners")" in
      0) unassigned+=("/$path") ;;
      1) echo "$owners $path" ;;
      *) doubled+=("/$path ($(paste -sd, - <<<"$owners"))") ;;
    esac
  done < <(cd "$1" && find . \( -type f -o -type l \) -printf '%P\n' | sort)
  [ ${#unassigned[@]} -eq 0 ] ||
    die "no package takes these installed files (add a rule to package_of): ${unassigned[*]}"
  [ ${#doubled[@]} -eq 0 ] || die "two packages take these installed files: ${doubled[*]}"
}
if [ -n "$assign_root" ]; then
  [ -d "$assign_root" ] || die "--assign: no directory $assign_root"
  assign "$assign_root" >"$work/assigned" || exit 1
  sed 's| | /|' "$work/assigned"
  exit 0
fi

mkdir -p "$output" || die "cannot create --output $output"
output="$(cd "$output" && pwd)"

# The Debian revision: this is not a Debian-native package.
debian_version="$version-1"
arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
maintainer="GestureBridge maintainers <maintainers@users.noreply.a-seed-74d56525.example>"
root="$work/root"

bash scripts/install.sh --prefix /usr --libdir "/usr/lib/$multiarch" --destdir "$root" ||
  die "scripts/install.sh failed"
rm -f "$root/usr/share/gesture-bridge/install-manifest"
gzip -9n "$root/usr/share/man/man1/gesture-bridge.1"

# --- Each installed file into its package ------------------------------------------------
assign "$root" >"$work/assigned" || exit 1
while read -r owner path; do
  install -d -m 755 "$work/pkg/$owner/$(dirname "$path")"
  cp -a "$root/$path" "$work/pkg/$owner/$path"
done <"$work/assigned"
made=()
for i in "${!packages[@]}"; do
  if [ -d "$work/pkg/${packages[$i]}" ]; then
    made+=("${packages[$i]}")
  elif [[ "$optional" != *" ${packages[$i]} "* ]]; then
    die "the install gave package ${packages[$i]} no file"
  fi
done

# --- Changelogs: CHANGELOG.md (Keep a Changelog) and a Debian changelog of its releases -----
# The Debian changelog has one entry per release of CHANGELOG.md, newest first, dated with
# the release's date.
changelog_debian() { # changelog_debian PACKAGE
  local package="$1" first=yes release date
  while read -r release date; do
    [ -n "$first" ] || echo
    first=""
    if [ "$release" = "$version" ]; then release="$debian_version"; else release="$release-1"; fi
    printf '%s (%s) unstable; urgency=medium\n\n' "$package" "$release"
    printf '  * GestureBridge %s (its changes: changelog.gz beside this file).\n\n' "${release%-1}"
    printf ' -- %s  %s\n' "$maintainer" "$(LC_ALL=C date -u -R -d "$date 12:00:00 UTC")"
  done < <(sed -n 's/^## \[\([0-9.]*\)\] - \([0-9-]*\)$/\1 \2/p' CHANGELOG.md)
}
grep -q "^## \[$version\] - " CHANGELOG.md || die "CHANGELOG.md has no '## [$version] - DATE' section"

# --- Control files --------------------------------------------------------------------------
mkdir -p "$work/src/debian"
description() { # description PACKAGE: the Description field
  local common=" GestureBridge recognizes tap, long press, pan, pinch, rotation, swipe and
 screen-edge pan gestures with UIKit's rules on Linux touchscreens, and serves
 them to Wayland clients through the gesture-bridge-v1 protocol.
 ."
  case "$1" in
    libgesture-bridge[0-9]*)
      printf 'UIKit-style gesture recognizers for Wayland compositors (library)\n%s\n%s\n' "$common" \
        " This package contains the C library libgesture-bridge.so.$major, with which a
 compositor serves gesture-bridge-v1: it feeds the library its touches and the
 library recognizes gestures for each client surface. The Swift runtime is
 linked in statically."
      ;;
    libgesture-bridge-dev)
      printf 'UIKit-style gesture recognizers for Wayland compositors (development files)\n%s\n%s\n' \
        "$common" " This package contains the header gesture_bridge.h, the pkg-config file
 gesture-bridge.pc and the libgesture-bridge.so link for building compositors
 with libgesture-bridge, and the gesture-bridge-v1 protocol XML for clients."
      ;;
    weston-gesture-bridge)
      printf 'UIKit-style gesture recognizers for weston (module)\n%s\n%s\n' "$common" \
        " This package contains the weston 10 module libgesture-bridge-weston.so: load
 it with weston --modules=libgesture-bridge-weston.so (or [core] modules= in
 weston.ini). It has the bridge built in and needs no other package of
 GestureBridge."
      ;;
    gesture-bridge)
      printf 'UIKit-style gesture recognizers for Linux touchscreens (command and daemon)\n%s\n%s\n' \
        "$common" " This package contains the gesture-bridge command: replay of libinput
 recordings, live recognition on the seat's touchscreens, and a daemon that
 runs commands bound to gestures (with a systemd user unit), with example
 configs, recordings and a manual page."
      ;;
    gesture-bridge-drive)
      printf 'Plays touchscreen recordings into Wayland apps (gesture-bridge drive)\n%s\n%s\n' \
        "$common" " This package contains the test seat module that gesture-bridge drive
 loads into a private headless weston after weston-gesture-bridge's module, to
 play recordings and touch scripts into an unmodified Wayland app and log what
 it receives. It is test machinery, installed outside weston's module
 directory."
      ;;
    wlroots-gesture-bridge)
      printf 'UIKit-style gesture recognizers for phoc and sway (loader)\n%s\n%s\n' "$common" \
        " This package contains libgesture-bridge-wlroots-preload.so, which an
 unmodified wlroots 0.15 compositor (phoc, sway) loads with LD_PRELOAD to serve
 gesture-bridge-v1 through libgesture-bridge.so.$major."
      ;;
    libgesture-bridge-client[0-9]*)
      printf 'Client library of the gesture-bridge-v1 Wayland protocol\n%s\n%s\n' "$common" \
        " This package contains the C library libgesture-bridge-client.so.$major, with
 which a Wayland client attaches gesture recognizers to its surfaces."
      ;;
    libgesture-bridge-client-dev)
      printf 'Client library of the gesture-bridge-v1 Wayland protocol (development files)\n%s\n%s\n' \
        "$common" " This package contains the headers gesture-bridge-client*.h, the pkg-config
 file gesture-bridge-client.pc and the libgesture-bridge-client.so link."
      ;;
  esac
}
# relations PACKAGE: extra control fields (besides the computed Depends).
relations() {
  case "$1" in
    libgesture-bridge[0-9]*)
      printf 'Section: libs\nMulti-Arch: same\n'
      ;;
    libgesture-bridge-dev)
      printf 'Section: libdevel\nMulti-Arch: same\n'
      printf 'Depends: libgesture-bridge%s (= %s), libwayland-dev\n' "$major" "$debian_version"
      ;;
    weston-gesture-bridge)
      printf 'Section: x11\nEnhances: weston\nRecommends: weston\n'
      ;;
    wlroots-gesture-bridge)
      printf 'Section: x11\nEnhances: phoc, sway\n'
      ;;
    gesture-bridge)
      printf 'Section: utils\nSuggests: weston-gesture-bridge, gesture-bridge-drive, umockdev\n'
      ;;
    gesture-bridge-drive)
      printf 'Section: utils\n'
      printf 'Depends: gesture-bridge (= %s), weston-gesture-bridge (= %s), weston\n' \
        "$debian_version" "$debian_version"
      ;;
    libgesture-bridge-client[0-9]*)
      printf 'Section: libs\nMulti-Arch: same\n'
      ;;
    libgesture-bridge-client-dev)
      printf 'Section: libdevel\nMulti-Arch: same\n'
      printf 'Depends: libgesture-bridge-client%s (= %s), libwayland-dev\n' "$major" "$debian_version"
      # gesture-bridge-client-glib.h includes <glib.h>.
      printf 'Suggests: libglib2.0-dev\n'
      ;;
  esac
}

debs=()
for package in "${made[@]}"; do
  pkg="$work/pkg/$package"
  doc="$pkg/usr/share/doc/$package"
  install -d -m 755 "$doc" "$pkg/DEBIAN"
  install -m 644 packaging/debian/copyright "$doc/copyright"
  gzip -9n -c CHANGELOG.md >"$doc/changelog.gz"
  changelog_debian "$package" | gzip -9n -c >"$doc/changelog.Debian.gz"
  chmod 644 "$doc/changelog.gz" "$doc/changelog.Debian.gz"
  if [ -f "packaging/debian/$package.lintian-overrides" ]; then
    install -d -m 755 "$pkg/usr/share/lintian/overrides"
    install -m 644 "packaging/debian/$package.lintian-overrides" \
      "$pkg/usr/share/lintian/overrides/$package"
  fi

  # Depends: dpkg-shlibdeps on the package's ELF files (it reads debian/control here).
  mapfile -t elves < <(cd "$pkg" && find . -type f \( -perm -u+x -o -name '*.so*' \) \
    -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; -printf "$pkg/%P\n" | sort)
  depends=""
  if [ ${#elves[@]} -gt 0 ]; then
    printf 'Source: gesture-bridge\n\nPackage: %s\nArchitecture: any\n' "$package" \
      >"$work/src/debian/control"
    # A binary linked with libgesture-bridge.so.MAJOR (the phoc/sway loader) depends on this
    # build's library package: its shlibs line, and its directory to find it in.
    printf 'libgesture-bridge %s libgesture-bridge%s (>= %s)\n' "$major" "$major" "$version" \
      >"$work/src/debian/shlibs.local"
    shlibs="$(cd "$work/src" && dpkg-shlibdeps -O -l"$work/pkg/libgesture-bridge$major/$lib" \
      "${elves[@]/#/-e}")" ||
      die "dpkg-shlibdeps failed for $package"
    depends="$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")"
    if grep -qi swift <<<"$depends"; then die "$package's Depends name a Swift package: $depends"; fi
  fi
  extra="$(relations "$package")"
  if grep -q '^Depends: ' <<<"$extra"; then
    depends="$(sed -n 's/^Depends: //p' <<<"$extra")${depends:+, $depends}"
    extra="$(grep -v '^Depends: ' <<<"$extra")"
  fi

  # Runtime libraries: shlibs, symbols (checked against packaging/debian/PACKAGE.symbols) and
  # the ldconfig trigger.
  control_files=(control md5sums)
  case "$package" in
    libgesture-bridge[0-9]* | libgesture-bridge-client[0-9]*)
      library_name="${package%"$major"}"
      printf '%s %s %s (>= %s)\n' "$library_name" "$major" "$package" "$version" >"$pkg/DEBIAN/shlibs"
      [ -f "packaging/debian/$package.symbols" ] ||
        die "no packaging/debian/$package.symbols (the symbols file of $package)"
      printf '%s (%s) unstable; urgency=medium\n\n  * Symbols.\n\n -- %s  %s\n' "$package" \
        "$debian_version" "$maintainer" "$(LC_ALL=C date -u -R -d @0)" >"$work/src/debian/changelog"
      printf 'Source: gesture-bridge\n\nPackage: %s\nArchitecture: any\n' "$package" \
        >"$work/src/debian/control"
      # -c4: any difference between the library and the symbols file fails.
      if ! (cd "$work/src" && dpkg-gensymbols -c4 -p"$package" -P"$pkg" -v"$version" \
        -I"$repo/packaging/debian/$package.symbols" -O"$pkg/DEBIAN/symbols") \
        >"$work/gensymbols.log" 2>&1; then
        cat "$work/gensymbols.log" >&2
        die "$package's symbols differ from packaging/debian/$package.symbols (diff above)"
      fi
      echo "activate-noawait ldconfig" >"$pkg/DEBIAN/triggers"
      control_files+=(shlibs symbols triggers)
      ;;
  esac

  installed_size="$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)"
  {
    printf 'Package: %s\nSource: gesture-bridge\nVersion: %s\nArchitecture: %s\n' "$package" \
      "$debian_version" "$arch"
    printf 'Maintainer: %s\nInstalled-Size: %s\n' "$maintainer" "$installed_size"
    [ -z "$depends" ] || printf 'Depends: %s\n' "$depends"
    printf '%s\nPriority: optional\n' "$extra"
    printf 'Description: %s\n' "$(description "$package")"
  } >"$pkg/DEBIAN/control"
  (cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z |
    xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
  for file in "${control_files[@]}"; do chmod 644 "$pkg/DEBIAN/$file"; done
  chmod 755 "$pkg"
  deb="$output/${package}_${debian_version}_${arch}.deb"
  dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null ||
    die "dpkg-deb --build $package failed"
  echo "package-deb: $package: Depends: ${depends:-(none)}; Installed-Size $installed_size KiB, $(du -k "$deb" | cut -f1) KiB"
  debs+=("$deb")
done

if command -v lintian >/dev/null 2>&1; then
  echo "package-deb: lintian (findings below; docs/packaging.md explains each one left)"
  lintian --info --display-info "${debs[@]}" || true
else
  echo "package-deb: lintian is not installed (scripts/setup.sh installs it); not checked"
fi
printf '%s\n' "${debs[@]}"
