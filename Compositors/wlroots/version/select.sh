#!/bin/sh
# SPDX-License-Identifier: MIT
# Picks the wlroots version a build of the wlroots adapter (and the loader, the test kiosk,
# the Wayfire plugin) is for, and prints one line:
#   SERIES PACKAGE SONAME
# e.g. "0.18 wlroots-0.18 libwlroots-0.18.so": the series (the folder wlroots-SERIES beside
# this script holds its gb_wlr_version.h, the version layer: put it on the include path), the
# pkg-config package of its headers, and the library compositors built on it link.
#
# Usage: select.sh [SERIES]
#   SERIES  0.15, 0.18, ...: that version (its -dev package must be installed). Without it:
#           the newest version that has a layer here and whose headers are installed
#           (pkg-config wlroots-X.Y, or wlroots at X.Y.* for 0.15).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
wanted=${1:-}

# The pkg-config package of SERIES, if installed.
package_of() {
  if pkg-config --exists "wlroots-$1" 2>/dev/null; then
    echo "wlroots-$1"
  elif pkg-config --exists wlroots 2>/dev/null; then
    case $(pkg-config --modversion wlroots) in
    "$1".*) echo wlroots ;;
    esac
  fi
}

supported=$(cd "$here" && ls -d wlroots-*/ 2>/dev/null | sed 's|^wlroots-||; s|/$||' | sort -V -r)
[ -n "$supported" ] || { echo "$0: no version layer in $here" >&2; exit 1; }
if [ -n "$wanted" ]; then
  echo "$supported" | grep -qxF "$wanted" || {
    echo "$0: wlroots $wanted has no version layer (Compositors/wlroots/version/wlroots-$wanted); supported:" $supported >&2
    exit 1
  }
  candidates=$wanted
else
  candidates=$supported
fi
for series in $candidates; do
  package=$(package_of "$series")
  [ -n "$package" ] || continue
  soname=$(sed -n 's/^#define GB_WLR_SONAME "\(.*\)"$/\1/p' "$here/wlroots-$series/gb_wlr_version.h")
  [ -n "$soname" ] || { echo "$0: wlroots-$series/gb_wlr_version.h defines no GB_WLR_SONAME" >&2; exit 1; }
  echo "$series $package $soname"
  exit 0
done
if [ -n "$wanted" ]; then
  echo "$0: the headers of wlroots $wanted are not installed (pkg-config finds no wlroots-$wanted)" >&2
else
  echo "$0: no wlroots headers installed for a version with a layer here:" $supported >&2
fi
exit 1
