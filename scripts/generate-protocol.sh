#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Generates the C code of the gesture-bridge-v1 Wayland protocol with wayland-scanner:
#   Protocols/gesture-bridge-v1.xml
#     -> Sources/CWaylandProtocols/include/gesture-bridge-v1-server-protocol.h
#     -> Sources/CWaylandProtocols/include/gesture-bridge-v1-client-protocol.h
#     -> Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c   (private code)
#     -> Sources/GestureBridgeServer/ProtocolEnums.swift and
#        Sources/GestureBridgeClient/ProtocolEnums.swift   (its enums in Swift, one copy a side
#        as in the scanner's two headers, internal to the server and public in the client
#        library; by scripts/protocol-enums-swift.awk)
#     -> Sources/GestureBridgeServer/RequestTables.swift   (the server's request tables: each
#        request calls the handler of its object named after it; by
#        scripts/protocol-requests-swift.awk)
#     -> Sources/GestureBridgeTesting/ScriptedRequestTables.swift   (the scripted test manager's
#        tables and RecordedRequest.Kind, one case a request; the same script, mode=record)
#     -> Sources/GestureBridgeServer/WireRecognizerParameter.swift and
#        Sources/GestureBridgeClient/WireRecognizerParameter.swift   (which type each parameter
#        request applies to, from the XML's Types lines), Sources/GestureBridgeClient/
#        RecognizerRequest.swift and RecognizerEvent.swift (the client library's requests and
#        listener), Sources/GestureBridgeTesting/RecognizerEvent.swift and
#        RecognizerEvent+Send.swift (the test client's listener, the scripted manager's
#        events; all by scripts/protocol-recognizer-swift.awk)
#     -> Sources/GestureBridgeClientC/include/gesture-bridge-client-values.h and
#        Sources/GestureBridgeClientC/gesture-bridge-client-events.c   (libgesture-bridge-client's
#        enums, struct gbc_gesture and event assembly; by scripts/protocol-client-c.awk)
# and the client code of the stable xdg-shell protocol (for the demo client's window):
#   /usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml   (Debian package wayland-protocols)
#     -> Sources/CWaylandProtocols/include/xdg-shell-client-protocol.h
#     -> Sources/CWaylandProtocols/xdg-shell-protocol.c   (private code)
# The XML is validated against wayland-scanner's built-in DTD (--strict fails on any error).
# Headers include only the *-core.h wayland headers (-c), so no deprecated wl_resource layout.
#
# Usage: scripts/generate-protocol.sh [OUTPUT_ROOT]
#   OUTPUT_ROOT defaults to the repository root; scripts/check-generated.sh passes a temp dir.
# Needs: wayland-scanner (Debian package libwayland-bin), wayland-protocols.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_root="${1:-$repo_root}"
xml="$repo_root/Protocols/gesture-bridge-v1.xml"
target_dir="$out_root/Sources/CWaylandProtocols"
xdg_shell_xml="${XDG_SHELL_XML:-/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml}"

if ! command -v wayland-scanner >/dev/null 2>&1; then
  echo "generate-protocol.sh: wayland-scanner not found; install the Debian package libwayland-bin" >&2
  exit 1
fi
if [[ ! -f "$xml" ]]; then
  echo "generate-protocol.sh: protocol file missing: $xml" >&2
  exit 1
fi
if [[ ! -f "$xdg_shell_xml" ]]; then
  echo "generate-protocol.sh: xdg-shell protocol file missing: $xdg_shell_xml; install the Debian package wayland-protocols" >&2
  exit 1
fi

mkdir -p "$target_dir/include"

# generate MODE OUTPUT [XML SOURCE]: runs the scanner on XML (default: the gesture-bridge-v1
# protocol) and prefixes the "generated, do not edit" notice naming SOURCE.
generate() {
  local mode="$1" output="$2" xml="${3:-$xml}" source="${4:-Protocols/gesture-bridge-v1.xml}" tmp
  tmp="$(mktemp)"
  if ! wayland-scanner --strict --include-core-only "$mode" "$xml" "$tmp"; then
    rm -f "$tmp"
    echo "generate-protocol.sh: wayland-scanner $mode failed for $xml (see the messages above)" >&2
    exit 1
  fi
  {
    echo "/* SPDX-License-Identifier: MIT */"
    echo "/* GENERATED FILE, DO NOT EDIT."
    echo " * Source: $source, generator: wayland-scanner $mode."
    echo " * Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh."
    echo " */"
    cat "$tmp"
  } >"$output"
  rm -f "$tmp"
}

generate server-header "$target_dir/include/gesture-bridge-v1-server-protocol.h"
generate client-header "$target_dir/include/gesture-bridge-v1-client-protocol.h"
generate private-code "$target_dir/gesture-bridge-v1-protocol.c"
# After the scanner: only XML that wayland-scanner --strict accepted reaches the awk scripts.
# from_xml OUTPUT WHAT GENERATOR [AWK_ARGUMENTS...]: writes OUTPUT with scripts/GENERATOR after
# scripts/protocol-xml.awk, through a temporary file (WHAT names it in the error message).
from_xml() {
  local output="$1" what="$2" generator="$3"
  shift 3
  mkdir -p "$(dirname "$output")"
  if ! awk -v source=Protocols/gesture-bridge-v1.xml "$@" -f "$repo_root/scripts/protocol-xml.awk" \
    -f "$repo_root/scripts/$generator" "$xml" >"$output.tmp"; then
    rm -f "$output.tmp"
    echo "generate-protocol.sh: writing $what of $xml failed (see the messages above)" >&2
    exit 1
  fi
  mv "$output.tmp" "$output"
}

# The protocol's enums in Swift, one copy a side (as the scanner's two headers).
from_xml "$out_root/Sources/GestureBridgeServer/ProtocolEnums.swift" "the server's Swift enums" \
  protocol-enums-swift.awk -v side=server -v module=GestureBridgeServer
from_xml "$out_root/Sources/GestureBridgeClient/ProtocolEnums.swift" \
  "the client library's Swift enums" protocol-enums-swift.awk -v side=client \
  -v module=GestureBridgeClient
# The server's request tables: interface:Swift type:table[:inert table].
tables="gesture_bridge_manager_v1:ManagerResource:managerImplementation"
tables+=",gesture_bridge_recognizer_v1:RecognizerResource:recognizerImplementation"
tables+=":inertRecognizerImplementation"
tables+=",gesture_bridge_system_gesture_surface_v1:SystemGestureSurfaceResource"
tables+=":systemGestureSurfaceImplementation"
from_xml "$out_root/Sources/GestureBridgeServer/RequestTables.swift" \
  "the server's request tables" protocol-requests-swift.awk -v tables="$tables"
# The test support's scripted manager: the same requests recorded as RecordedRequest.Kind.
tables="gesture_bridge_manager_v1:scriptedRequest:scriptedManagerRequests"
tables+=",gesture_bridge_recognizer_v1:scriptedRequest:scriptedRecognizerRequests"
tables+=",gesture_bridge_system_gesture_surface_v1:scriptedRequest:scriptedSystemGestureSurfaceRequests"
from_xml "$out_root/Sources/GestureBridgeTesting/ScriptedRequestTables.swift" \
  "the scripted manager's request tables" protocol-requests-swift.awk -v mode=record \
  -v tables="$tables"
# The requests and events of gesture_bridge_recognizer_v1 in Swift: which type each parameter
# request applies to (the XML's Types lines) on each side, the client library's parameter
# requests and listener, and the test support's events, listener and sender.
from_xml "$out_root/Sources/GestureBridgeServer/WireRecognizerParameter.swift" \
  "the server's parameter requests" protocol-recognizer-swift.awk -v part=types
from_xml "$out_root/Sources/GestureBridgeClient/WireRecognizerParameter.swift" \
  "the client library's parameter requests" protocol-recognizer-swift.awk -v part=types
from_xml "$out_root/Sources/GestureBridgeClient/RecognizerRequest.swift" \
  "the client library's requests" protocol-recognizer-swift.awk -v part=requests
from_xml "$out_root/Sources/GestureBridgeClient/RecognizerEvent.swift" \
  "the client library's listener" protocol-recognizer-swift.awk -v part=events \
  -v listener=recognizerListener -v receiver=CompositorGestureRecognizer.receive
from_xml "$out_root/Sources/GestureBridgeTesting/RecognizerEvent.swift" \
  "the test client's listener" protocol-recognizer-swift.awk -v part=events -v access=public \
  -v listener=recognizerListener -v receiver=RecognizerEventLog.receive
from_xml "$out_root/Sources/GestureBridgeTesting/RecognizerEvent+Send.swift" \
  "the scripted manager's events" protocol-recognizer-swift.awk -v part=send
# libgesture-bridge-client (C): its public enums and struct gbc_gesture, and the listener that
# assembles value events per frame.
client_c_dir="$out_root/Sources/GestureBridgeClientC"
from_xml "$client_c_dir/include/gesture-bridge-client-values.h" "the C client header" \
  protocol-client-c.awk -v part=header
from_xml "$client_c_dir/gesture-bridge-client-events.c" "the C client code" \
  protocol-client-c.awk -v part=code
generate client-header "$target_dir/include/xdg-shell-client-protocol.h" "$xdg_shell_xml" \
  "wayland-protocols stable/xdg-shell/xdg-shell.xml"
generate private-code "$target_dir/xdg-shell-protocol.c" "$xdg_shell_xml" \
  "wayland-protocols stable/xdg-shell/xdg-shell.xml"
