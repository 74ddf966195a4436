#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package test (part of scripts/test.sh): scripts/package-deb.sh builds the .deb
# (reusing .build-install/), then
#   - its Depends are exactly the expected packages (names; dpkg-shlibdeps picks the
#     versions), none of them a Swift package;
#   - it holds the expected files (and not install.sh's manifest);
#   - lintian reports no error or warning that packaging/debian/lintian-overrides does not
#     override (each override is explained in docs/packaging.md);
#   - `dpkg --root` installs it into a throw-away root (with --force-depends: that root has no
#     other package), the installed gesture-bridge replays pinch.yml to the golden output with
#     the Swift toolchain's library folder hidden (private mount namespace), and
#     `dpkg --root -r` removes every file again.
# Needs root (dpkg --root, unshare). Prints "test-deb: ok|FAIL ..." per check and
# "test-deb: N passed, N failed"; exit status 1 if any check failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

# No libumockdev0 or libglib2.0-0: the CLI loads libumockdev at run time (replay --through-libinput).
expected_depends="libc6 libgcc-s1 libinput10 libmtdev1 libpixman-1-0 libstdc++6 libudev1 libwayland-server0 libweston-10-0"

checks_name=test-deb
# shellcheck source=scripts/test-checks.sh
source scripts/test-checks.sh

[ "$(id -u)" -eq 0 ] || { echo "test-deb: error: needs root (dpkg --root, unshare)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-deb-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if bash scripts/package-deb.sh --output "$work" >"$work/package.log" 2>&1; then
  deb="$(tail -n 1 "$work/package.log")"
  ok "scripts/package-deb.sh built $(basename "$deb")"
else
  tail -n 30 "$work/package.log" >&2
  fail "scripts/package-deb.sh failed"
  summary
  exit 1
fi

depends="$(dpkg-deb -f "$deb" Depends)"
names="$(tr ',' '\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | grep . | sort | paste -sd' ' -)"
if [ "$names" = "$expected_depends" ] && ! grep -qi swift <<<"$depends"; then
  ok "Depends: $depends"
else
  fail "Depends are '$names', expected '$expected_depends' (and no Swift package)"
fi

multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
missing=()
for path in /usr/bin/gesture-bridge "/usr/lib/$multiarch/libgesture-bridge.so.$(tr -d '[:space:]' <VERSION)" \
  "/usr/lib/$multiarch/libgesture-bridge.so.0" "/usr/lib/$multiarch/libgesture-bridge.so" \
  "/usr/lib/$multiarch/pkgconfig/gesture-bridge.pc" /usr/include/gesture_bridge.h \
  "/usr/lib/$multiarch/weston/libgesture-bridge-weston.so" \
  /usr/lib/gesture-bridge/libUmockdevPreloadFix.so \
  /usr/share/gesture-bridge/protocols/gesture-bridge-v1.xml \
  /usr/lib/systemd/user/gesture-bridge.service /usr/share/man/man1/gesture-bridge.1.gz \
  /usr/share/gesture-bridge/examples/configs/lisgd.json \
  /usr/share/gesture-bridge/examples/recordings/pinch.yml \
  /usr/share/doc/gesture-bridge/copyright /usr/share/doc/gesture-bridge/changelog.Debian.gz; do
  grep -qx -- "$path" "$work/contents" || missing+=("$path")
done
if [ ${#missing[@]} -eq 0 ] && ! grep -q install-manifest "$work/contents"; then
  ok "the package holds the $(grep -vc '/$' "$work/contents") expected files and links, no install manifest"
else
  fail "the package lacks ${missing[*]:-nothing} or holds install.sh's manifest"
fi

echo "--- lintian (after the overrides in packaging/debian/lintian-overrides):"
sed -n '/^package-deb: lintian/,$p' "$work/package.log" | sed '1d;$d'
if ! grep -q '^package-deb: lintian ' "$work/package.log"; then
  fail "lintian did not run (scripts/setup.sh installs it)"
elif grep -q '^[EW]: ' "$work/package.log"; then
  fail "lintian reports errors or warnings that are not overridden"
else
  ok "lintian: no error or warning beyond the explained overrides"
fi

# dpkg --root into a throw-away root.
root="$work/dpkg-root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
if dpkg --root="$root" --force-depends -i "$deb" >"$work/dpkg-i.log" 2>&1 &&
  dpkg --root="$root" -s gesture-bridge 2>/dev/null | grep -qx 'Status: install ok installed'; then
  ok "dpkg --root installs it (status: install ok installed)"
else
  cat "$work/dpkg-i.log" >&2
  fail "dpkg --root -i failed"
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
if dpkg --root="$root" -r gesture-bridge >"$work/dpkg-r.log" 2>&1 &&
  [ -z "$(find "$root" -path "$root/var" -prune -o ! -type d -print -quit)" ]; then
  ok "dpkg --root -r removes every file it installed"
else
  cat "$work/dpkg-r.log" >&2
  find "$root" -path "$root/var" -prune -o ! -type d -print >&2
  fail "dpkg --root -r failed or left files"
fi
summary
