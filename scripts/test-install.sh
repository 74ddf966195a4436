#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The install test (part of scripts/test.sh): GestureBridge installed by scripts/install.sh
# runs without a Swift toolchain.
#
# 1. scripts/install.sh --prefix /usr --destdir WORK/root (release build, reused from
#    .build-install/ when current), and the installed layout is checked.
# 2. In a private mount namespace (unshare; needs root), WORK/root/usr is laid over /usr with a
#    read-only overlayfs, so the installed files are where a package would put them and weston
#    finds the module in its own module directory; the Swift toolchain's library folder
#    (lib/swift of the toolchain running this script) and /usr/local (where an install of the
#    machine's own would be found first) are hidden under empty tmpfs mounts, PATH
#    holds only system directories and LD_LIBRARY_PATH is unset. There:
#    - ldd of the installed binaries shows no libswift and nothing "not found";
#    - the installed `gesture-bridge replay --format json` prints, for every installed bundled
#      recording, exactly Tests/GestureReplayTests/Golden/NAME.jsonl, also with
#      --through-libinput for pinch.yml;
#    - `man gesture-bridge` shows the installed page;
#    - a small compositor program (Tests/InstallTest/c-abi-check.c) builds with
#      `pkg-config --cflags --libs gesture-bridge wayland-server` and runs on the installed
#      libgesture-bridge.so;
#    - the example C client builds from the installed XML (pkgdatadir) with
#      `pkg-config --cflags --libs gesture-bridge wayland-client`;
#    - headless weston loads `--modules=libgesture-bridge-weston.so` (bare name) from its
#      module directory and, after it, the installed test seat module, which replays the
#      installed pinch.yml through the installed module to the C client, and the client's
#      gestures are the installed in-core replay's (recognizers, states, times to the us);
#    - the installed `gesture-bridge drive` plays the installed pinch.yml into
#      weston-simple-touch with the installed modules (the test seat found at
#      ../lib/gesture-bridge/ beside the binary) and logs the client's 2 downs and 2 ups.
#    Nothing of this is visible outside the namespace; the real /usr is never written.
#    Before that, outside: the installed weston module and C library link no Foundation, ICU
#    data or umockdev (their NEEDED entries, and no Foundation code linked in statically), and
#    the test seat module (test machinery, for `gesture-bridge drive`) is installed only in
#    PREFIX/lib/gesture-bridge/, never in weston's module directory.
#    Before that, outside as well: every installed shared library exports only its API, each
#    symbol with its version (nm -D --defined-only: no swift_* and no $s... symbol of the
#    Swift runtime linked into it), and scripts/check-abi.sh compares the C libraries' ABI
#    with the baselines in abi/ (libabigail).
#    Inside, weston also runs with LD_PRELOAD=libgesture-bridge.so.0 (the C library in the
#    global scope, as in a compositor linked with it) and a second module built here
#    (Tests/InstallTest/two-runtimes-module.c) that drives pans through the C library's own
#    bridge while the weston module serves the client: two Swift runtimes in one process,
#    and no symbol of the one bound to the other (LD_DEBUG=bindings).
# 3. scripts/uninstall.sh removes every file and directory the install made.
#
# Usage: scripts/test-install.sh [--update-abi]
#   --update-abi  install, store the current ABI in abi/ (scripts/check-abi.sh --update) and
#                 stop; refused for an incompatible change without a new soname.
# Prints one "test-install: ok|FAIL ..." line per check and "test-install: N passed, N failed";
# exit status 1 if any check failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

checks_name=test-install
# shellcheck source=scripts/test-checks.sh
source scripts/test-checks.sh

# ---------------------------------------------------------------------------------------------
# Inside the mount namespace: scripts/test-install.sh --inside WORK TOOLCHAIN_LIB
# ---------------------------------------------------------------------------------------------
inside() {
  local work="$1" swift_lib="$2"
  mount -t overlay gesture-bridge-install-test -o "lowerdir=$work/root/usr:/usr" /usr
  mount -t tmpfs -o size=1m,mode=755 gesture-bridge-no-swift "$swift_lib"
  # An install of the machine's own in /usr/local would come first for pkg-config and ld.so.
  mount -t tmpfs -o size=1m,mode=755 gesture-bridge-no-usr-local /usr/local
  unset LD_LIBRARY_PATH LD_PRELOAD
  export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  local installed_module
  installed_module="$(pkg-config --variable=libdir libweston-10)/weston/libgesture-bridge-weston.so"

  if [ -z "$(ls -A "$swift_lib")" ] && ! command -v swift >/dev/null 2>&1 &&
    ! ldconfig -p | grep -q libswift; then
    ok "the Swift toolchain's library folder $swift_lib is empty here, swift is not on the PATH, the loader cache has no libswift"
  else
    fail "the Swift toolchain is still reachable ($swift_lib, PATH or ldconfig -p)"
  fi

  # ldd: no libswift, nothing missing.
  local binary out
  for binary in /usr/bin/gesture-bridge /usr/lib/libgesture-bridge.so.0 "$installed_module" \
    /usr/lib/gesture-bridge/libUmockdevPreloadFix.so /usr/lib/libgesture-bridge-client.so.0 \
    /usr/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so; do
    out="$(ldd "$binary" 2>&1)" || true
    echo "--- ldd $binary"
    echo "$out"
    if grep -qi 'swift' <<<"$out" || grep -q 'not found' <<<"$out" || [ -z "$out" ]; then
      fail "ldd $binary shows libswift or a missing library"
    else
      ok "ldd $binary: no libswift, nothing missing"
    fi
  done

  # The installed replay against the golden files.
  local recording name golden mismatched=()
  local recordings=(/usr/share/gesture-bridge/examples/recordings/*.yml)
  for recording in "${recordings[@]}"; do
    name="$(basename "$recording" .yml)"
    golden="$repo/Tests/GestureReplayTests/Golden/$name.jsonl"
    if ! gesture-bridge replay --format json "$recording" 2>/dev/null | cmp -s - "$golden"; then
      mismatched+=("$name")
    fi
  done
  if [ ${#recordings[@]} -ge 12 ] && [ ${#mismatched[@]} -eq 0 ]; then
    ok "installed gesture-bridge replay gives the golden output for all ${#recordings[@]} bundled recordings"
  else
    fail "installed gesture-bridge replay differs from the golden output for: ${mismatched[*]:-(fewer than 12 recordings installed)}"
  fi
  if gesture-bridge replay --through-libinput --format json \
    /usr/share/gesture-bridge/examples/recordings/pinch.yml 2>"$work/through.err" |
    cmp -s - "$repo/Tests/GestureReplayTests/Golden/pinch.jsonl"; then
    ok "installed gesture-bridge replay --through-libinput pinch.yml gives the golden output (fix library found in /usr/lib/gesture-bridge)"
  else
    cat "$work/through.err" >&2
    fail "installed gesture-bridge replay --through-libinput pinch.yml differs from the golden output"
  fi

  # The installed drive: headless weston with the installed module (bare name) and the
  # installed test seat (../lib/gesture-bridge/ beside the binary), an unmodified app.
  if gesture-bridge drive --quiet --timeout 60 \
    --recording /usr/share/gesture-bridge/examples/recordings/pinch.yml \
    --log "$work/drive.jsonl" -- weston-simple-touch 2>"$work/drive.err" &&
    grep -q '"type":"summary","status":0,.*"down":2,"motion":144,"up":2,' "$work/drive.jsonl"; then
    ok "installed gesture-bridge drive plays pinch.yml into weston-simple-touch (2 downs, 144 motions, 2 ups) with the installed modules"
  else
    cat "$work/drive.err" >&2
    tail -n 1 "$work/drive.jsonl" >&2 2>/dev/null || true
    fail "installed gesture-bridge drive did not play pinch.yml into weston-simple-touch"
  fi

  # The man page.
  if [ "$(man -w gesture-bridge 2>/dev/null)" = /usr/share/man/man1/gesture-bridge.1 ] &&
    grep -q '^ *replay  *Replay a' <<<"$(MANWIDTH=80 man gesture-bridge 2>/dev/null)"; then
    ok "man gesture-bridge shows the installed page, with the replay subcommand"
  else
    fail "man gesture-bridge does not show the installed page"
  fi

  # pkg-config and the C ABI.
  if [ "$(pkg-config --modversion gesture-bridge)" = "$(tr -d '[:space:]' <"$repo/VERSION")" ] &&
    [ "$(pkg-config --variable=pkgdatadir gesture-bridge)" = /usr/share/gesture-bridge ]; then
    ok "pkg-config finds gesture-bridge $(pkg-config --modversion gesture-bridge), pkgdatadir /usr/share/gesture-bridge"
  else
    fail "pkg-config gesture-bridge: wrong version or pkgdatadir"
  fi
  local cflags
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  if cc -std=c11 -Wall -Wextra -Werror -o "$work/c-abi-check" "$repo/Tests/InstallTest/c-abi-check.c" \
    $(pkg-config --cflags --libs gesture-bridge wayland-server) 2>"$work/c-abi.err" &&
    grep -Eq 'libgesture-bridge\.so\.0 => (/usr)?/lib/libgesture-bridge\.so\.0' \
      <<<"$(ldd "$work/c-abi-check")" &&
    [ "$("$work/c-abi-check" 2>&1)" = "c-abi-check: ok" ]; then
    ok "a C program built with pkg-config gesture-bridge runs on the installed libgesture-bridge.so.0"
  else
    cat "$work/c-abi.err" >&2
    ldd "$work/c-abi-check" >&2 || true
    "$work/c-abi-check" >&2 || true
    fail "the C ABI check program did not build or run against the installed library"
  fi

  # The example C client from the installed XML.
  local xml client_dir="$work/c-client"
  xml="$(pkg-config --variable=pkgdatadir gesture-bridge)/protocols/gesture-bridge-v1.xml"
  local xdg=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml
  mkdir -p "$client_dir"
  cflags="$(pkg-config --cflags --libs gesture-bridge wayland-client)"
  # shellcheck disable=SC2086 # $cflags holds several words on purpose
  if wayland-scanner --strict client-header "$xml" "$client_dir/gesture-bridge-v1-client-protocol.h" &&
    wayland-scanner --strict private-code "$xml" "$client_dir/gesture-bridge-v1-protocol.c" &&
    wayland-scanner client-header "$xdg" "$client_dir/xdg-shell-client-protocol.h" &&
    wayland-scanner private-code "$xdg" "$client_dir/xdg-shell-protocol.c" &&
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I "$client_dir" \
      -o "$client_dir/gesture-bridge-c-client" "$repo/Examples/c-client/gesture-bridge-c-client.c" \
      "$client_dir/gesture-bridge-v1-protocol.c" "$client_dir/xdg-shell-protocol.c" $cflags \
      2>"$work/c-client.err"; then
    ok "the example C client builds from $xml with pkg-config --cflags --libs gesture-bridge"
  else
    cat "$work/c-client.err" >&2 2>/dev/null || true
    fail "the example C client does not build from the installed XML and .pc"
    return
  fi

  # A second module in the same weston, linked with the installed C library: two Swift
  # runtimes in one process (Tests/InstallTest/two-runtimes-module.c).
  local two_runtimes="$work/two-runtimes-module.so"
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  if ! cc -std=c11 -Wall -Wextra -Werror -shared -fPIC -o "$two_runtimes" \
    "$repo/Tests/InstallTest/two-runtimes-module.c" \
    $(pkg-config --cflags --libs gesture-bridge libweston-10) 2>"$work/two-runtimes.err"; then
    cat "$work/two-runtimes.err" >&2
    fail "the two-runtimes weston module does not build with pkg-config gesture-bridge libweston-10"
    return
  fi
  cat >"$work/two-runtimes.json" <<'JSON'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "screen", "frame": [0, 0, 960, 540],
   "recognizers": [{"name": "pan", "type": "pan"}]}],
 "bindings": []}
JSON

  # weston with the module by bare name, the installed pinch.yml, the C client; the C library
  # preloaded (in the global scope before the module) and the two-runtimes module after it.
  local runtime="$work/runtime" socket="gesture-bridge-install-test-$$"
  local recording_path=/usr/share/gesture-bridge/examples/recordings/pinch.yml
  local test_seat="$work/libgesture-bridge-weston-test-seat.so"
  mkdir -m 700 "$runtime"
  printf '[gesture-bridge]\nrecording=%s\nrecording-start-recognizers=3\n' "$recording_path" \
    >"$work/weston.ini"
  XDG_RUNTIME_DIR="$runtime" LD_PRELOAD=/usr/lib/libgesture-bridge.so.0 LD_DEBUG=bindings \
    LD_DEBUG_OUTPUT="$work/bindings" GESTURE_BRIDGE_TWO_RUNTIMES_CONFIG="$work/two-runtimes.json" \
    weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so --socket="$socket" \
    --modules="libgesture-bridge-weston.so,$test_seat,$two_runtimes" \
    --width=960 --height=540 --config="$work/weston.ini" --log="$work/weston.log" \
    >"$work/weston.out" 2>&1 &
  weston_pid=$!
  local deadline=$((SECONDS + 30))
  until grep -qF 'test seat ready' "$work/weston.log" 2>/dev/null; do
    if ! kill -0 "$weston_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then break; fi
    sleep 0.1
  done
  if grep -qF "Loading module '$installed_module'" "$work/weston.log" 2>/dev/null &&
    grep -qF 'gesture_bridge_manager_v1 advertised' "$work/weston.log" &&
    grep -qF 'test seat ready' "$work/weston.log"; then
    ok "weston loads --modules=libgesture-bridge-weston.so from its module directory ($installed_module), then the test seat module"
  else
    tail -n 20 "$work/weston.log" "$work/weston.out" >&2 2>/dev/null || true
    fail "weston did not load the installed module by its bare name"
    return
  fi
  if grep -qF 'two-runtimes: bridge of libgesture-bridge.so.0 ready' "$work/weston.log"; then
    ok "weston loaded the two-runtimes module (libgesture-bridge.so.0 preloaded) after the installed module"
  else
    grep -F 'two-runtimes' "$work/weston.log" >&2 || true
    fail "the two-runtimes module did not start in weston"
  fi
  # Without --print-failed: the replay prints no failed state changes either.
  WAYLAND_DISPLAY="$socket" XDG_RUNTIME_DIR="$runtime" "$client_dir/gesture-bridge-c-client" \
    >"$work/client.out" 2>"$work/client.err" &
  client_pid=$!
  deadline=$((SECONDS + 30))
  until grep -qF "recording $recording_path: finished" "$work/weston.log"; do
    if ! kill -0 "$client_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then break; fi
    sleep 0.1
  done
  sleep 1 # recognizers may report after the last touch (timers)
  kill -TERM "$client_pid" 2>/dev/null || true
  local status=0
  wait "$client_pid" || status=$?
  client_pid=""

  # The expected gestures: the installed in-core replay on the same geometry (960x540 output,
  # the 400x300 window centred at (280, 120)) with the C client's recognizers.
  cat >"$work/scene.json" <<'EOF'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "surface", "frame": [280, 120, 400, 300], "children": [],
   "recognizers": [
     {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
     {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2},
     {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]}]}]}
EOF
  gesture-bridge replay --format json --scene "$work/scene.json" "$recording_path" \
    >"$work/expected.jsonl"
  local origin
  origin="$(grep -o 'origin [0-9]* us' "$work/weston.log" | head -n 1 | cut -d' ' -f2)"
  # "recognizer state microseconds" per line; the client's times minus the playback origin.
  to_lines() { # to_lines ORIGIN_US < JSON Lines
    sed -n 's/^{"time":\([0-9]*\)\.\([0-9]\{6\}\),"recognizer":"\([^"]*\)".*"state":"\([a-z]*\)".*/\3 \4 \1\2/p' |
      awk -v origin="$1" '{ printf "%s %s %d\n", $1, $2, $3 - origin }'
  }
  to_lines "${origin:-0}" <"$work/client.out" >"$work/client.lines"
  to_lines 0 <"$work/expected.jsonl" >"$work/expected.lines"
  if [ "$status" -eq 0 ] && [ -n "$origin" ] && grep -q '^pinch began ' "$work/expected.lines" &&
    grep -q '^pinch ended ' "$work/expected.lines" &&
    cmp -s "$work/client.lines" "$work/expected.lines"; then
    ok "the C client got pinch.yml's $(wc -l <"$work/client.lines") gesture states from the installed module as the installed replay reports them (times to the us)"
  else
    echo "--- client exit status $status; its stderr:" >&2
    cat "$work/client.err" >&2
    echo "--- expected (installed replay) vs the client's lines:" >&2
    diff "$work/expected.lines" "$work/client.lines" >&2 || true
    grep -E 'gesture-bridge-weston(-test-seat)?:' "$work/weston.log" >&2 || true
    fail "the C client's gestures through the installed module differ from the installed replay"
  fi

  # The C library's own bridge ran its pans in the same process, and no symbol of the one
  # library was bound to the other (their Swift runtimes stay apart).
  deadline=$((SECONDS + 60))
  until grep -qF 'two-runtimes: done' "$work/weston.log"; do
    if ! kill -0 "$weston_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then break; fi
    sleep 0.1
  done
  local drags
  drags="$(grep 'two-runtimes: drag [0-9]*:' "$work/weston.log" || true)"
  if grep -qF 'two-runtimes: done, 20 drags, 20 pans ended' "$work/weston.log" &&
    [ "$(grep -c . <<<"$drags")" -eq 20 ] &&
    [ "$(grep -cE 'began( changed)+ ended$' <<<"$drags")" -eq 20 ] &&
    kill -0 "$weston_pid" 2>/dev/null; then
    ok "in the same weston, libgesture-bridge.so.0's own bridge recognized 20 pans (began, changed..., ended) while the module served the client"
  else
    grep -F 'two-runtimes' "$work/weston.log" >&2 || true
    fail "the C library's pans in the weston process did not all run (or weston died)"
  fi
  stop_processes
  local bindings
  bindings="$(cat "$work"/bindings.* 2>/dev/null || true)"
  local module_re='libgesture-bridge-weston\.so' library_re='libgesture-bridge\.so\.0'
  if grep -q "binding file [^ ]*two-runtimes-module\.so .* to [^ ]*$library_re .*gb_bridge_create" <<<"$bindings" &&
    ! grep -q "binding file [^ ]*$module_re .* to [^ ]*$library_re " <<<"$bindings" &&
    ! grep -q "binding file [^ ]*$library_re .* to [^ ]*$module_re " <<<"$bindings" &&
    ! grep -q "binding file [^ ]*$library_re .* to [^ ]*test-seat[^ ]* " <<<"$bindings"; then
    ok "LD_DEBUG=bindings: the two-runtimes module binds gb_* to libgesture-bridge.so.0; no symbol of the weston module and the C library is bound to the other"
  else
    grep -E "binding file [^ ]*($module_re|$library_re|two-runtimes)" <<<"$bindings" |
      grep -E "to [^ ]*($module_re|$library_re)" | head -n 20 >&2 || true
    fail "symbols crossed between the weston module and libgesture-bridge.so.0 (LD_DEBUG=bindings, above), or no binding was logged"
  fi
}

weston_pid=""
client_pid=""
stop_processes() {
  local pid
  for pid in "$client_pid" "$weston_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
}

if [ "${1:-}" = --inside ]; then
  trap stop_processes EXIT
  inside "$2" "$3"
  stop_processes
  echo "inside: $passed $failed" >"$2/inside.counts"
  exit 0
fi

# ---------------------------------------------------------------------------------------------
# Outside: install, run the checks inside the namespace, uninstall.
# ---------------------------------------------------------------------------------------------
update_abi=""
case "${1:-}" in
  --update-abi) update_abi=yes ;;
  "") ;;
  *) echo "test-install: usage: scripts/test-install.sh [--update-abi]" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "test-install: error: needs root (unshare and mount)" >&2; exit 1; }
for tool in unshare mount weston cc wayland-scanner pkg-config man ldd readelf; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "test-install: error: $tool is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
done
swift_bin="$(readlink -f "$(command -v swift)")"
swift_lib="$(dirname "$(dirname "$swift_bin")")/lib/swift"
[ -d "$swift_lib/linux" ] ||
  { echo "test-install: error: no Swift runtime folder at $swift_lib/linux" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/root"

echo "test-install: scripts/install.sh --prefix /usr --destdir $root"
if bash scripts/install.sh --prefix /usr --destdir "$root" >"$work/install.log" 2>&1; then
  ok "scripts/install.sh --prefix /usr --destdir DIR"
else
  tail -n 30 "$work/install.log" >&2
  fail "scripts/install.sh failed"
  summary
  exit 1
fi

if [ -n "$update_abi" ]; then
  bash scripts/check-abi.sh --update "$root"
  exit
fi
weston_dir="$(pkg-config --variable=libdir libweston-10)/weston"
version="$(tr -d '[:space:]' <VERSION)"
expected=(
  usr/bin/gesture-bridge
  usr/lib/libgesture-bridge.so.$version usr/lib/libgesture-bridge.so.0 usr/lib/libgesture-bridge.so
  usr/lib/gesture-bridge/libUmockdevPreloadFix.so
  usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so
  usr/include/gesture_bridge.h usr/lib/pkgconfig/gesture-bridge.pc
  "${weston_dir#/}/libgesture-bridge-weston.so"
  usr/share/gesture-bridge/protocols/gesture-bridge-v1.xml
  usr/share/gesture-bridge/wlroots-adapter/gb_wlr_adapter.c
  usr/share/gesture-bridge/wlroots-adapter/include/gb_wlr_adapter.h
  usr/share/gesture-bridge/wlroots-adapter/version/wlroots-0.18/gb_wlr_version.h
  usr/lib/systemd/user/gesture-bridge.service
  usr/share/gesture-bridge/examples/configs/lisgd.json
  usr/share/gesture-bridge/examples/configs/touchegg.json
  usr/share/gesture-bridge/examples/configs/system-gestures.json
  usr/share/gesture-bridge/examples/recordings/pinch.yml
  usr/share/man/man1/gesture-bridge.1
  usr/share/gesture-bridge/install-manifest
)
missing=()
for path in "${expected[@]}"; do [ -e "$root/$path" ] || missing+=("$path"); done
if [ ${#missing[@]} -eq 0 ]; then
  ok "the installed tree has the ${#expected[@]} expected paths"
else
  fail "missing from the installed tree: ${missing[*]}"
fi
if grep -qF 'Library soname: [libgesture-bridge.so.0]' <<<"$(readelf -d "$root/usr/lib/libgesture-bridge.so.$version")" &&
  [ "$(readlink "$root/usr/lib/libgesture-bridge.so")" = libgesture-bridge.so.0 ] &&
  grep -qx 'ExecStart=/usr/bin/gesture-bridge run --config %E/gesture-bridge/config.json' \
    "$root/usr/lib/systemd/user/gesture-bridge.service"; then
  ok "soname libgesture-bridge.so.0, development link, unit runs /usr/bin/gesture-bridge"
else
  fail "soname, links or the unit's ExecStart are wrong"
fi
# The compositor side stays light: no Foundation (nor its ICU data) and no umockdev in the
# weston module and the C library, neither as NEEDED libraries nor linked in statically; the
# test seat module (recordings, touch scripts: `gesture-bridge drive`) is installed only in
# usr/lib/gesture-bridge/, where no weston loads it by its bare name.
light=()
for path in "${weston_dir#/}/libgesture-bridge-weston.so" usr/lib/libgesture-bridge.so.$version; do
  if grep -F '(NEEDED)' <<<"$(readelf -d "$root/$path")" | grep -qi 'Foundation\|libicu\|umockdev' ||
    grep -qa 'FoundationEssentials\|umockdev_testbed' "$root/$path"; then
    light+=("$path")
  fi
done
test_seats="$(cd "$root" && find . -name '*test-seat*' -printf '%P\n')"
if [ ${#light[@]} -eq 0 ] &&
  [ "$test_seats" = usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so ]; then
  ok "the weston module and the C library link no Foundation, ICU or umockdev; the test seat module is only in usr/lib/gesture-bridge/, not in weston's module directory"
else
  fail "Foundation, ICU or umockdev in ${light[*]:-(none)}, or test seat modules at '$test_seats' (expected only usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so)"
fi
# Every installed shared library exports its API only: `nm -D --defined-only` lists no symbol
# of the Swift runtime linked into it (swift_*, $s... mangled names) and, but for the
# LD_PRELOAD interposers (whose functions must stay unversioned to interpose libc's,
# libudev's and wlroots'), every symbol carries the version node of its version script.
exports_of() { # exports_of FILE: "NAME@@VERSION" (or "NAME" unversioned) per defined symbol
  nm -D --defined-only "$1" | awk '$2 != "A" { print $3 }' | sort
}
expected_exports() { # expected_exports FILE: the exact list, or "versioned" for the general rule
  case "$(basename "$1")" in
    libgesture-bridge.so.*)
      sed -n 's/^[a-z].*[ *]\(gb_[a-z_]*\)(.*/\1@@GESTURE_BRIDGE_0.3/p' \
        Sources/CGestureBridge/include/gesture_bridge.h | sort
      ;;
    libgesture-bridge-weston.so) echo 'wet_module_init@@GESTURE_BRIDGE_WESTON_0.3' ;;
    libgesture-bridge-weston-test-seat.so) echo 'wet_module_init@@GESTURE_BRIDGE_WESTON_TEST_SEAT_0.3' ;;
    libgesture-bridge-wlroots-preload.so)
      # The phoc/sway loader, an LD_PRELOAD interposer too: the wlroots functions it wraps and
      # libwayland-server's wl_resource_create (phoc's draggable layer surfaces), i.e. the
      # file's functions named wlr_* or wl_* that are not static.
      grep -v '^static' Compositors/wlroots-preload/gb_wlr_preload.c |
        sed -n 's/^[a-z].*[ *]\(wlr\{0,1\}_[a-z0-9_]*\)(.*/\1/p' | sort -u
      ;;
    libUmockdevPreloadFix.so)
      printf '%s\n' __fxstat __fxstat64 fstat fstat64 gesturebridge_umockdev_preload_fix_loaded \
        udev_device_get_is_initialized
      ;;
    *) echo versioned ;;
  esac
}
libraries_checked=()
export_failures=()
while read -r library; do
  exports="$(exports_of "$library")"
  expected="$(expected_exports "$library")"
  name="${library#"$root"/}"
  if grep -q 'swift\|^\$s\|^_\$s' <<<"$exports"; then
    export_failures+=("$name exports Swift runtime or mangled Swift symbols: $(grep -c 'swift\|^\$s\|^_\$s' <<<"$exports") of $(wc -l <<<"$exports")")
  elif [ "$expected" = versioned ]; then
    if [ -z "$exports" ] || grep -qv '@@\?[A-Z]' <<<"$exports"; then
      export_failures+=("$name: symbols without a version (a new library? give it a version script and a row in expected_exports): $(grep -v '@@\?[A-Z]' <<<"$exports" | head -n 5 | paste -sd' ' -)")
    fi
  elif [ "$exports" != "$expected" ]; then
    export_failures+=("$name exports $(paste -sd' ' - <<<"$exports"), expected $(paste -sd' ' - <<<"$expected")")
  fi
  libraries_checked+=("$(basename "$library"): $(wc -l <<<"$exports")")
done < <(find "$root" -type f \( -name '*.so' -o -name '*.so.*' \) | sort)
if [ ${#export_failures[@]} -eq 0 ] && [ ${#libraries_checked[@]} -ge 3 ]; then
  ok "the ${#libraries_checked[@]} installed shared libraries export their API only, versioned (${libraries_checked[*]} symbols)"
else
  printf '  %s\n' "${export_failures[@]}" >&2
  fail "installed shared libraries export more than their API (above)"
fi
# libabigail: the C libraries' ABI against abi/ (incompatible changes need a new soname).
if bash scripts/check-abi.sh "$root" >"$work/check-abi.log" 2>&1; then
  sed 's/^/  /' "$work/check-abi.log"
  ok "scripts/check-abi.sh: the C libraries' ABI matches abi/ (or only adds to it)"
else
  cat "$work/check-abi.log" >&2
  fail "scripts/check-abi.sh: ABI check failed (above)"
fi
# ...and it fails a tree whose gesture_bridge.h breaks the ABI under the same soname (a member
# added to a struct the library fills in), which --update refuses to store.
broken="$work/abi-broken"
mkdir -p "$broken/usr/lib"
cp -a "$root/usr/include" "$broken/usr/"
cp -a "$root/usr/lib/libgesture-bridge.so"* "$broken/usr/lib/"
sed -i 's/^  uint32_t direction;$/  uint32_t direction;\n  uint32_t added_member;/' \
  "$broken/usr/include/gesture_bridge.h"
baselines="$(cat abi/* | md5sum)"
if grep -q added_member "$broken/usr/include/gesture_bridge.h" &&
  ! bash scripts/check-abi.sh "$broken" >"$work/check-abi-broken.log" 2>&1 &&
  grep -q "FAIL abidiff abi/libgesture-bridge.so.0.header.abi: an incompatible ABI change" \
    "$work/check-abi-broken.log" &&
  ! bash scripts/check-abi.sh --update "$broken" >"$work/update-broken.log" 2>&1 &&
  grep -q "FAIL not updating abi/libgesture-bridge.so.0" "$work/update-broken.log" &&
  [ "$(cat abi/* | md5sum)" = "$baselines" ]; then
  ok "scripts/check-abi.sh fails a member added to struct gb_system_gesture under the same soname, and --update refuses to store it"
else
  cat "$work/check-abi-broken.log" "$work/update-broken.log" >&2 2>/dev/null || true
  fail "scripts/check-abi.sh did not catch an incompatible header change (or --update stored it)"
fi
# The test seat module for the weston check inside: the installed one (release, Swift runtime
# static and hidden by its version script), loaded by path after the installed module.
if cp "$root/usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so" "$work/"; then
  ok "the installed test seat module is there for the weston check"
else
  fail "no installed test seat module for the weston check"
fi
sizes="$(cd "$root" && stat -c '%s %n' usr/bin/gesture-bridge usr/lib/libgesture-bridge.so.$version \
  "${weston_dir#/}/libgesture-bridge-weston.so")"
echo "test-install: installed sizes (stripped, bytes):"
while read -r line; do echo "  $line"; done <<<"$sizes"

if unshare --mount --propagation private bash "$0" --inside "$work" "$swift_lib"; then
  read -r _ inside_passed inside_failed <"$work/inside.counts" ||
    { inside_passed=0; inside_failed=1; }
  passed=$((passed + inside_passed))
  failed=$((failed + inside_failed))
else
  fail "the checks in the mount namespace did not run (unshare or mount failed)"
fi

if bash scripts/uninstall.sh --prefix /usr --destdir "$root" >"$work/uninstall.log" 2>&1 &&
  [ -z "$(find "$root" -mindepth 1 -print -quit)" ]; then
  ok "scripts/uninstall.sh removes every file and directory the install made"
else
  cat "$work/uninstall.log" >&2
  find "$root" -mindepth 1 >&2
  fail "scripts/uninstall.sh left files behind or failed"
fi
summary
