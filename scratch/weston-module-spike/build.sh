#!/usr/bin/env bash
# Builds libgesture-bridge-weston-spike.so (self-contained Swift runtime via -static-stdlib).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
out="$here/.build"
mkdir -p "$out"
proto="$root/Sources/CGestureBridgeProtocol"
cc -fPIC -c -O1 -I "$proto/include" "$proto/gesture-bridge-v1-protocol.c" -o "$out/protocol.o"
cc -fPIC -c -O1 -I "$proto/include" "$proto/InterfaceAccessors.c" -o "$out/accessors.o"
swiftc -emit-library -static-stdlib -module-name WestonModuleSpike \
  -I "$here" -I "$proto/include" \
  $(pkg-config --cflags-only-I libweston-10 | sed 's/-I/-Xcc -I/g') \
  "$here/WestonModuleSpike.swift" "$out/protocol.o" "$out/accessors.o" \
  $(pkg-config --libs libweston-10 wayland-server) \
  -o "$out/libgesture-bridge-weston-spike.so"
echo "built $out/libgesture-bridge-weston-spike.so"
