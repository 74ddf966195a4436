#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails if the committed generated protocol code differs from what
# scripts/generate-protocol.sh produces from Protocols/gesture-bridge-v1.xml (and from the
# installed wayland-protocols' xdg-shell.xml, for Sources/CWaylandProtocols) now, the Swift
# enums of the server and the client library and the server's request tables included, and the
# CLI's version generated from VERSION
# (scripts/generate-version.sh), and debian/changelog generated from VERSION and CHANGELOG.md
# (scripts/debian_changelog.py).
# Regenerates into a temporary directory; never touches the working tree.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$repo_root/scripts/generate-protocol.sh" "$tmp"
# The CLI's version from VERSION (gesture-bridge --version).
"$repo_root/scripts/generate-version.sh" "$tmp"
# debian/changelog from VERSION and CHANGELOG.md.
python3 "$repo_root/scripts/debian_changelog.py" --output "$tmp/debian/changelog"

files=(
  Sources/CWaylandProtocols/include/gesture-bridge-v1-server-protocol.h
  Sources/CWaylandProtocols/include/gesture-bridge-v1-client-protocol.h
  Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c
  Sources/GestureBridgeServer/ProtocolEnums.swift
  Sources/GestureBridgeClient/ProtocolEnums.swift
  Sources/GestureBridgeServer/RequestTables.swift
  Sources/GestureBridgeTesting/ScriptedRequestTables.swift
  Sources/GestureBridgeClientC/include/gesture-bridge-client-values.h
  Sources/GestureBridgeClientC/gesture-bridge-client-events.c
  Sources/CWaylandProtocols/include/xdg-shell-client-protocol.h
  Sources/CWaylandProtocols/xdg-shell-protocol.c
  Sources/gesture-bridge/GestureBridgeVersion.swift
  debian/changelog
)
status=0
for f in "${files[@]}"; do
  if [[ ! -f "$repo_root/$f" ]]; then
    echo "check-generated.sh: $f is missing; run scripts/generate-protocol.sh and commit the result" >&2
    status=1
  elif ! diff -u "$repo_root/$f" "$tmp/$f" >"$tmp/diff.txt"; then
    echo "check-generated.sh: $f is out of date with its protocol XML (or VERSION)" >&2
    echo "  (or was edited by hand, or was made by another wayland-scanner than $(wayland-scanner --version 2>&1));" >&2
    echo "  run scripts/generate-protocol.sh (scripts/generate-version.sh for the version, scripts/debian_changelog.py for debian/changelog) and commit the result. First lines of the difference:" >&2
    head -n 20 "$tmp/diff.txt" >&2
    status=1
  fi
done
if [[ $status -eq 0 ]]; then
  echo "check-generated.sh: generated protocol code is up to date (${#files[@]} files)"
fi
exit $status
