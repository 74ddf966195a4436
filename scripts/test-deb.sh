#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package test (part of scripts/test.sh): scripts/package-deb.sh builds the packages
# from debian/ with dpkg-buildpackage (reusing .build-install/), then
#   - it made libgesture-bridge0, libgesture-bridge-dev, weston-gesture-bridge and
#     gesture-bridge (and wlroots-gesture-bridge, gesture-bridge-drive,
#     libgesture-bridge-client0 and -dev when the install makes the phoc/sway loader, drive's
#     test seat module and the client library), each with the expected files, doc files and Depends (names; dpkg-shlibdeps
#     picks the versions), none of them a Swift package; no file is in two packages; the
#     runtime libraries carry shlibs, a symbols file and an ldconfig trigger;
#   - the debian/*.install files put each installed file into the package that holds it and
#     fail a tree with a file no package takes (package-deb.sh --assign: dh_install and
#     dh_missing --fail-missing);
#   - lintian reports no error or warning (the one override, debian/
#     gesture-bridge.lintian-overrides, is explained in docs/packaging.md), on the source
#     package package-deb.sh built from (3.0 (quilt), with its component tarballs) too;
#   - package-deb.sh with an unknown suite or architecture fails naming what is built;
#   - `dpkg --root` installs them one by one in the order a user would into a throw-away
#     root (with --force-depends: that root has no other package; the relations between
#     GestureBridge's own packages are checked to hold), a C program builds against the
#     installed -dev package and runs on the installed library, the installed gesture-bridge
#     replays pinch.yml to the golden output with the Swift toolchain's library folder hidden
#     (private mount namespace), and `dpkg --root -r` removes every file again.
# Needs root (dpkg --root, unshare). Prints "test-deb: ok|FAIL ..." per check and
# "test-deb: N passed, N failed"; exit status 1 if any check failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

checks_name=test-deb
# shellcheck source=scripts/test-checks.sh
source scripts/test-checks.sh

[ "$(id -u)" -eq 0 ] || { echo "test-deb: error: needs root (dpkg --root, unshare)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-deb-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT

version="$(tr -d '[:space:]' <VERSION)"
major="${version%%.*}"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
lib="/usr/lib/$multiarch"

# Per package: the Depends names (sorted) and files it must hold. No libumockdev0 or
# libglib2.0-0: the CLI loads libumockdev at run time (replay --through-libinput); no
# libgesture-bridge0 for the weston module: it has the bridge built in.
declare -A expected_depends=(
  ["libgesture-bridge$major"]="libc6 libgcc-s1 libstdc++6 libwayland-server0"
  [libgesture-bridge-dev]="libgesture-bridge$major libwayland-dev"
  [weston-gesture-bridge]="libc6 libgcc-s1 libinput10 libpixman-1-0 libstdc++6 libudev1 libwayland-server0 libweston-10-0"
  [wlroots-gesture-bridge]="libc6 libgesture-bridge$major libpixman-1-0 libwayland-server0"
  [gesture-bridge]="libc6 libgcc-s1 libinput10 libmtdev1 libstdc++6 libudev1"
  [gesture-bridge-drive]="gesture-bridge libc6 libgcc-s1 libmtdev1 libpixman-1-0 libstdc++6 libwayland-server0 libweston-10-0 weston weston-gesture-bridge"
  ["libgesture-bridge-client$major"]="libc6 libwayland-client0"
  [libgesture-bridge-client-dev]="libgesture-bridge-client$major libwayland-dev"
)
declare -A expected_files=(
  ["libgesture-bridge$major"]="$lib/libgesture-bridge.so.$version $lib/libgesture-bridge.so.$major"
  [libgesture-bridge-dev]="$lib/libgesture-bridge.so $lib/pkgconfig/gesture-bridge.pc /usr/include/gesture_bridge.h /usr/share/gesture-bridge/protocols/gesture-bridge-v1.xml"
  [weston-gesture-bridge]="$lib/weston/libgesture-bridge-weston.so"
  [wlroots-gesture-bridge]="/usr/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so"
  [gesture-bridge]="/usr/bin/gesture-bridge /usr/lib/systemd/user/gesture-bridge.service /usr/share/man/man1/gesture-bridge.1.gz /usr/share/gesture-bridge/examples/configs/lisgd.json /usr/share/gesture-bridge/examples/recordings/pinch.yml /usr/lib/gesture-bridge/libUmockdevPreloadFix.so /usr/share/lintian/overrides/gesture-bridge"
  [gesture-bridge-drive]="/usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so /usr/share/lintian/overrides/gesture-bridge-drive"
  ["libgesture-bridge-client$major"]="$lib/libgesture-bridge-client.so.$version $lib/libgesture-bridge-client.so.$major"
  [libgesture-bridge-client-dev]="$lib/libgesture-bridge-client.so $lib/pkgconfig/gesture-bridge-client.pc /usr/include/gesture-bridge-client.h"
)
required=("libgesture-bridge$major" libgesture-bridge-dev weston-gesture-bridge gesture-bridge)

if bash scripts/package-deb.sh --output "$work/debs" >"$work/package.log" 2>&1; then
  mapfile -t debs < <(grep '\.deb$' "$work/package.log" | grep "^$work/debs/")
  ok "scripts/package-deb.sh built ${#debs[@]} packages: $(for d in "${debs[@]}"; do basename "$d"; done | paste -sd' ' -)"
else
  tail -n 30 "$work/package.log" >&2
  fail "scripts/package-deb.sh failed"
  summary
  exit 1
fi
declare -A deb_of=()
for deb in "${debs[@]}"; do deb_of["$(dpkg-deb -f "$deb" Package)"]="$deb"; done
missing_packages=()
for package in "${required[@]}"; do [ -n "${deb_of[$package]:-}" ] || missing_packages+=("$package"); done
if [ ${#missing_packages[@]} -eq 0 ]; then
  ok "the packages include ${required[*]}"
else
  fail "package-deb.sh made no ${missing_packages[*]}"
fi

# Depends, contents, doc files, control files, per package.
: >"$work/all-files"
for deb in "${debs[@]}"; do
  package="$(dpkg-deb -f "$deb" Package)"
  depends="$(dpkg-deb -f "$deb" Depends)"
  names="$(tr ',' '\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | grep . | sort | paste -sd' ' -)"
  if [ -z "${expected_depends[$package]+set}" ]; then
    fail "$package: a package this test does not know (give it expected Depends and files)"
    continue
  fi
  if [ "$names" = "${expected_depends[$package]}" ] && ! grep -qi swift <<<"$depends"; then
    ok "$package Depends: $depends"
  else
    fail "$package Depends are '$names', expected '${expected_depends[$package]}' (and no Swift package)"
  fi
  dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' | grep -v '/$' >"$work/$package.contents"
  cat "$work/$package.contents" >>"$work/all-files"
  missing=()
  for path in ${expected_files[$package]} "/usr/share/doc/$package/copyright" \
    "/usr/share/doc/$package/changelog.gz" "/usr/share/doc/$package/changelog.Debian.gz"; do
    grep -qx -- "$path" "$work/$package.contents" || missing+=("$path")
  done
  control="$(dpkg-deb --ctrl-tarfile "$deb" | tar -t | sed 's|^\./||' | grep . | sort | paste -sd' ' -)"
  case "$package" in
    libgesture-bridge[0-9]* | libgesture-bridge-client[0-9]*) want_control="control md5sums shlibs symbols triggers" ;;
    *) want_control="control md5sums" ;;
  esac
  if [ ${#missing[@]} -eq 0 ] && ! grep -q install-manifest "$work/$package.contents" &&
    [ "$control" = "$want_control" ]; then
    ok "$package holds its $(wc -l <"$work/$package.contents") expected files and links, control files: $control"
  else
    fail "$package lacks ${missing[*]:-nothing}, holds install.sh's manifest, or has control files '$control' (expected '$want_control')"
  fi
done
doubled="$(sort "$work/all-files" | uniq -d)"
if [ -z "$doubled" ]; then
  ok "no file is in two packages ($(wc -l <"$work/all-files") files and links in all)"
else
  fail "files in two packages: $(paste -sd' ' - <<<"$doubled")"
fi
shlibs="$(dpkg-deb --ctrl-tarfile "${deb_of[libgesture-bridge$major]}" | tar -xO ./shlibs)"
symbols="$(dpkg-deb --ctrl-tarfile "${deb_of[libgesture-bridge$major]}" | tar -xO ./symbols)"
if [ "$shlibs" = "libgesture-bridge $major libgesture-bridge$major (>= $version)" ] &&
  [ "$(grep -c "^ gb_[a-z_]*@GESTURE_BRIDGE_0.3 " <<<"$symbols")" -eq \
    "$(grep -c '^[a-z].*[ *]gb_[a-z_]*(' Sources/CGestureBridge/include/gesture_bridge.h)" ]; then
  ok "libgesture-bridge$major: shlibs '$shlibs'; symbols lists the $(grep -c '^ gb_' <<<"$symbols") gb_* functions of gesture_bridge.h with their version node"
else
  fail "libgesture-bridge$major: shlibs '$shlibs' or its symbols file is not what gesture_bridge.h declares"
fi

# The path rules (debian/*.install): the installed files (all but the doc files and lintian
# overrides that debhelper adds per package) are assigned as packaged; a stray file fails.
# The tree is as debian/rules stages it: the man page not yet compressed (dh_compress does).
installed_only() { grep -v '^/usr/share/doc/\|^/usr/share/lintian/overrides/' "$@" || true; }
mkdir -p "$work/tree"
while read -r path; do
  case "$path" in /usr/share/man/*.gz) path="${path%.gz}" ;; esac
  mkdir -p "$work/tree$(dirname "$path")" && : >"$work/tree$path"
done < <(installed_only "$work/all-files")
for package in "${!deb_of[@]}"; do installed_only "$work/$package.contents" | sed "s|^|$package |"; done |
  sort >"$work/packaged"
if bash scripts/package-deb.sh --assign "$work/tree" 2>"$work/assign.err" | sort |
  cmp -s - "$work/packaged"; then
  ok "package-deb.sh --assign puts each of the $(wc -l <"$work/packaged") installed files into the package that holds it"
else
  cat "$work/assign.err" >&2
  fail "package-deb.sh --assign disagrees with the packages' contents"
fi
mkdir -p "$work/tree/usr/lib/gesture-bridge" && : >"$work/tree/usr/lib/gesture-bridge/libstray.so"
if ! bash scripts/package-deb.sh --assign "$work/tree" >/dev/null 2>"$work/assign.err" &&
  grep -q 'no package takes these installed files.*: /usr/lib/gesture-bridge/libstray.so$' "$work/assign.err"; then
  ok "a file no path rule takes fails the packaging: $(cat "$work/assign.err")"
else
  fail "a stray installed file did not fail package-deb.sh --assign"
fi

echo "--- lintian:"
sed -n '/^package-deb: lintian/,$p' "$work/package.log" | grep -E '^[EWIPO]: ' | grep -v spelling-error-in-binary || true
echo "    (and $(grep -c 'spelling-error-in-binary' "$work/package.log") spelling-error-in-binary infos: strings of the Swift runtime)"
if ! grep -q '^package-deb: lintian ' "$work/package.log"; then
  fail "lintian did not run (scripts/setup.sh installs it)"
elif grep -q '^[EW]: ' "$work/package.log"; then
  fail "lintian reports errors or warnings"
else
  ok "lintian: no error or warning"
fi

# The source package package-deb.sh built from (dpkg-source -b on the checkout's files, its
# orig tarball without debian/ and the component tarballs of SwiftPM's dependencies, 3.0
# (quilt)): lintian --pedantic on the .dsc.
dsc="$(ls .build-install/deb/source/gesture-bridge_*.dsc 2>/dev/null | head -n 1)"
if [ -n "$dsc" ] && grep -q '^Format: 3.0 (quilt)$' "$dsc" &&
  [ "$(grep -c '\.orig-[a-z-]*\.tar\.xz$' "$dsc")" -ge 3 ]; then
  # --fail-on: exit status 0 only without errors and warnings (2 if lintian itself failed).
  lintian_status=0
  lintian --fail-on error,warning --pedantic -I --display-info "$dsc" >"$work/lintian-source.log" 2>&1 ||
    lintian_status=$?
  echo "--- lintian on the source package:"
  grep -E '^[EWIP]: ' "$work/lintian-source.log" | sed 's/^/    /' || true
  if [ "$lintian_status" -ne 0 ]; then
    fail "lintian on the source package $(basename "$dsc") reports errors or warnings (exit $lintian_status)"
  else
    ok "package-deb.sh built from $(basename "$dsc") (3.0 (quilt), with the components $(grep -o 'orig-[a-z-]*' "$dsc" | sort -u | paste -sd' ' -)); lintian --pedantic on it: no error or warning"
  fi
else
  fail "package-deb.sh left no 3.0 (quilt) .dsc with three component tarballs in .build-install/deb/source/"
fi

# An unknown suite and an architecture not built fail, naming what there is.
if ! bash scripts/package-deb.sh --suite buster >/dev/null 2>"$work/suite.err" &&
  grep -q "invalid choice: 'buster'" "$work/suite.err" &&
  ! bash scripts/package-deb.sh --arch mips64el >/dev/null 2>"$work/arch.err" &&
  grep -q 'arch mips64el: not built' "$work/arch.err"; then
  ok "package-deb.sh --suite buster and --arch mips64el fail naming what is built"
else
  cat "$work/suite.err" "$work/arch.err" >&2
  fail "package-deb.sh --suite buster or --arch mips64el did not fail as expected"
fi

# dpkg --root into a throw-away root, one package at a time in the order a user installs them.
root="$work/dpkg-root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
installed=()
for deb in "${debs[@]}"; do
  package="$(dpkg-deb -f "$deb" Package)"
  if dpkg --root="$root" --force-depends -i "$deb" >>"$work/dpkg-i.log" 2>&1 &&
    grep -qx 'Status: install ok installed' <<<"$(dpkg --root="$root" -s "$package" 2>/dev/null)"; then
    installed+=("$package")
  else
    cat "$work/dpkg-i.log" >&2
    fail "dpkg --root -i $(basename "$deb") failed"
  fi
done
# The relations between GestureBridge's packages hold in that root.
unmet=()
for package in "${installed[@]}"; do
  while read -r dependency; do
    name="${dependency%% *}"
    [ -n "${deb_of[$name]:-}" ] || continue
    wanted="$(sed -n 's/.*(= \(.*\))/\1/p' <<<"$dependency")"
    have="$(dpkg-query --root="$root" -W -f='${Version}' "$name" 2>/dev/null || true)"
    [ -n "$have" ] && { [ -z "$wanted" ] || [ "$have" = "$wanted" ]; } || unmet+=("$package: $dependency")
  done < <(dpkg-query --root="$root" -W -f='${Depends}\n' "$package" | tr ',' '\n' | sed 's/^ *//')
done
if [ ${#installed[@]} -eq ${#debs[@]} ] && [ ${#unmet[@]} -eq 0 ]; then
  ok "dpkg --root installs the ${#installed[@]} packages in turn (install ok installed); their dependencies on each other hold"
else
  fail "not every package installed, or unmet dependencies between them: ${unmet[*]:-none}"
fi

# A C program against the installed -dev package (pkg-config in the root's sysroot).
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
if PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_LIBDIR="$root$lib/pkgconfig:/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig" \
  cc -std=c11 -Wall -Wextra -Werror -o "$work/c-abi-check" Tests/InstallTest/c-abi-check.c \
  $(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_LIBDIR="$root$lib/pkgconfig:/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig" \
    pkg-config --cflags --libs gesture-bridge wayland-server) 2>"$work/c-abi.err" &&
  [ "$(LD_LIBRARY_PATH="$root$lib" "$work/c-abi-check" 2>&1)" = "c-abi-check: ok" ]; then
  ok "a C program builds with the packaged gesture-bridge.pc and header and runs on the packaged libgesture-bridge.so.$major"
else
  cat "$work/c-abi.err" >&2
  fail "the C ABI check program does not build or run against the packages"
fi

swift_lib="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift"
# shellcheck disable=SC2016 # the inner script's own $1 and $2
if [ -x "$root/usr/bin/gesture-bridge" ] && [ -d "$swift_lib/linux" ] &&
  unshare --mount --propagation private bash -c '
    mount -t tmpfs -o size=1m gesture-bridge-no-swift "$1" && unset LD_LIBRARY_PATH &&
    [ -z "$(ls -A "$1")" ] && exec "$2/usr/bin/gesture-bridge" replay --format json \
      "$2/usr/share/gesture-bridge/examples/recordings/pinch.yml"' _ "$swift_lib" "$root" \
    2>"$work/replay.err" | cmp -s - "$repo/Tests/GestureReplayTests/Golden/pinch.jsonl"; then
  ok "the packaged gesture-bridge replays pinch.yml to the golden output with $swift_lib hidden"
else
  cat "$work/replay.err" >&2
  fail "the packaged gesture-bridge does not replay pinch.yml to the golden output"
fi
if [ "$("$root/usr/bin/gesture-bridge" --version 2>&1)" = "$version" ]; then
  ok "the packaged gesture-bridge --version prints $version"
else
  fail "the packaged gesture-bridge --version does not print $version"
fi

# Removal, in the reverse order.
removed=yes
for ((i = ${#installed[@]} - 1; i >= 0; i--)); do
  dpkg --root="$root" -r "${installed[$i]}" >>"$work/dpkg-r.log" 2>&1 || removed=""
done
if [ -n "$removed" ] && [ -z "$(find "$root" -path "$root/var" -prune -o ! -type d -print -quit)" ]; then
  ok "dpkg --root -r removes every file of the ${#installed[@]} packages"
else
  cat "$work/dpkg-r.log" >&2
  find "$root" -path "$root/var" -prune -o ! -type d -print >&2
  fail "dpkg --root -r failed or left files"
fi
summary
