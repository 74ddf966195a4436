#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Removes what scripts/install.sh installed, exactly: the files and links listed in its
# manifest (PREFIX/share/gesture-bridge/install-manifest), then the directories the install
# created, each only if it is empty by then. Nothing else is touched.
#
# Usage: scripts/uninstall.sh [--prefix DIR] [--destdir DIR]
#   the same --prefix (default /usr/local) and --destdir (default empty) as the install
# Entries already gone are reported and skipped. Without --destdir, as root, it runs ldconfig.
# Exit status: 0 on success, 1 on failure (one "uninstall: error: ..." line), 2 on bad usage.
set -euo pipefail

die() {
  echo "uninstall: error: $*" >&2
  exit 1
}
usage() {
  echo "uninstall: usage: scripts/uninstall.sh [--prefix DIR] [--destdir DIR]" >&2
  exit 2
}

prefix=/usr/local
destdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 1 && /^# SPDX-License-Identifier:/ { next } NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    --prefix | --destdir)
      [ $# -ge 2 ] || { echo "uninstall: error: $1 needs a value" >&2; usage; }
      if [ "$1" = --prefix ]; then prefix="$2"; else destdir="$2"; fi
      shift 2
      ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    --destdir=*) destdir="${1#*=}"; shift ;;
    *) echo "uninstall: error: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "uninstall: error: --prefix must be an absolute path, got '$prefix'" >&2; usage ;;
esac
prefix="${prefix%/}"
[ -n "$prefix" ] || prefix=/usr
destdir="${destdir%/}"

manifest="$destdir$prefix/share/gesture-bridge/install-manifest"
[ -f "$manifest" ] ||
  die "no install manifest at $manifest: nothing installed there by scripts/install.sh (check --prefix and --destdir)"

# Check the whole manifest before removing anything.
while read -r kind path; do
  case "$kind" in
    d | f | l) ;;
    *) die "$manifest: unreadable line '$kind $path'" ;;
  esac
  case "$path" in
    /*) ;;
    *) die "$manifest: '$path' is not an absolute path" ;;
  esac
  case "/$path/" in
    */../* | */./*) die "$manifest: '$path' is not a plain path" ;;
  esac
done <"$manifest"

mapfile -t directories < <(sed -n 's/^d //p' "$manifest" | sort -r)
removed=0
while read -r kind path; do
  target="$destdir$path"
  case "$kind" in
    f | l)
      if [ -L "$target" ] || [ -f "$target" ]; then
        rm -f "$target" || die "cannot remove $target"
        removed=$((removed + 1))
      elif [ -e "$target" ]; then
        echo "uninstall: warning: $target is not a file or link any more; left alone" >&2
      else
        echo "uninstall: $target is already gone" >&2
      fi
      ;;
  esac
done <"$manifest"

# Directories, deepest first (reverse order puts every directory before its parent).
kept=0
for path in "${directories[@]}"; do
  target="$destdir$path"
  [ -d "$target" ] || continue
  if ! rmdir "$target" 2>/dev/null; then kept=$((kept + 1)); fi
done

if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null 2>&1; then
  ldconfig
fi
note=""
[ "$kept" -eq 0 ] || note="; kept $kept directories the install made that hold other files now"
echo "uninstall: removed $removed files and links under $destdir$prefix and weston's module directory$note"
