#!/usr/bin/env bash
# Runs the spike: weston 10 headless + kiosk-shell with the Swift module, then weston-info
# and weston-simple-touch as clients. Prints PASS/FAIL per check; exits non-zero on a FAIL.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build.sh" >/dev/null || { echo "FAIL: build"; exit 1; }
runtime="$(mktemp -d /tmp/gb-weston-XXXXXX)"
chmod 700 "$runtime"
logs="$runtime/logs"
mkdir -p "$logs"
export XDG_RUNTIME_DIR="$runtime"
weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so --socket=gb-spike \
  --modules="$here/.build/libgesture-bridge-weston-spike.so" --log="$logs/weston.log" \
  >"$logs/weston.out" 2>&1 &
weston_pid=$!
sleep 1.5
WAYLAND_DISPLAY=gb-spike timeout 5 weston-info >"$logs/info.txt" 2>&1
WAYLAND_DEBUG=1 WAYLAND_DISPLAY=gb-spike timeout 4 weston-simple-touch >"$logs/touch.txt" 2>&1
kill "$weston_pid" 2>/dev/null
wait "$weston_pid" 2>/dev/null
status=0
check() { # check DESCRIPTION FILE PATTERN
  if grep -q -E "$3" "$2"; then echo "PASS: $1"; else echo "FAIL: $1 (no /$3/ in $2)"; status=1; fi
}
check "module loaded by weston" "$logs/weston.log" "Loading module '.*libgesture-bridge-weston-spike.so'"
check "wet_module_init ran (Swift print)" "$logs/weston.out" "wet_module_init called"
check "global advertised" "$logs/info.txt" "interface: 'gesture_bridge_manager_v1', version: 1"
check "seat with touch advertised" "$logs/info.txt" "capabilities: touch"
check "pick_view found the client's view" "$logs/weston.out" "view found, surface-local"
check "client received wl_touch.down" "$logs/touch.txt" "wl_touch@[0-9]+\.down\("
cat "$logs/weston.out"
grep -E "wl_touch@" "$logs/touch.txt"
rm -rf "$runtime"
exit $status
