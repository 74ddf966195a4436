#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks the ABI of the installed C libraries against the baselines stored in abi/ with
# libabigail (abidw, abidiff), and the soname policy: an incompatible change (a function or
# type of the public header removed or changed, a symbol version changed) fails unless the
# library's soname changed with it (the soname's major is VERSION's major: bump VERSION's
# major, run --update, commit abi/).
#
# For each library in the table below, with the installed header:
#   abi/SONAME.abi         abidw --headers-dir of the installed (stripped) library: its soname,
#                          NEEDED libraries, exported functions with their symbol versions
#   abi/SONAME.header.abi  the types of the API: abidw --headers-dir of a probe object built
#                          with -g from the installed header, one function pointer per
#                          function the header declares (`__typeof__(f) *const
#                          gesture_bridge_abi_f = f;`), linked with -z defs against the
#                          installed library. libgesture-bridge.so is Swift (@_cdecl
#                          functions over the header's C types): its DWARF describes Swift
#                          types, which libabigail does not read, so the C types come from
#                          the header the library and its users compile against.
# and checks that the library exports exactly the functions the header declares.
#
# Usage: scripts/check-abi.sh [--update] ROOT
#   ROOT      the DESTDIR of `scripts/install.sh --prefix /usr --destdir ROOT`
#             (scripts/test-install.sh passes its own)
#   --update  write the current ABI into abi/ (refused for an incompatible change while the
#             soname is unchanged); then commit abi/. The usual way:
#             `bash scripts/test-install.sh --update-abi`.
#   --force   with --update: store an incompatible change under the same soname. Only for a
#             library no release has shipped yet (its first release is still being made);
#             never for a released one, whose users would break.
# Without --update, abidiff --no-added-syms against the baseline: no difference passes;
# functions only added pass with a note (run --update to store them); anything else fails.
# Prints "check-abi: ok|FAIL ..." lines; exit status 1 on a failure, 2 on bad usage.
# Needs abidw/abidiff (Debian package abigail-tools), gcc, nm, pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

# The libraries: SONAME HEADER (under ROOT/usr/include) PKG-CONFIG-PACKAGES-OF-THE-HEADER.
# A library not installed is skipped, except libgesture-bridge.so, which must be.
libraries=(
  "libgesture-bridge.so.0 gesture_bridge.h wayland-server"
  "libgesture-bridge-client.so.0 gesture-bridge-client.h wayland-client"
)
required=libgesture-bridge.so.0

update=""
force=""
root=""
for argument in "$@"; do
  case "$argument" in
    --update) update=yes ;;
    --force) force=yes ;;
    -h | --help)
      awk 'NR > 1 && /^# SPDX-License-Identifier:/ { next } NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    -*) echo "check-abi: error: unknown option '$argument'" >&2; exit 2 ;;
    *) root="$argument" ;;
  esac
done
[ -z "$force" ] || [ -n "$update" ] ||
  { echo "check-abi: --force goes with --update only" >&2; exit 2; }
[ -n "$root" ] && [ -d "$root/usr/include" ] ||
  { echo "check-abi: usage: scripts/check-abi.sh [--update] ROOT (an install's DESTDIR)" >&2; exit 2; }
root="$(cd "$root" && pwd)"
for tool in abidw abidiff gcc nm pkg-config; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "check-abi: error: $tool is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
done

failures=0
ok() { echo "check-abi: ok   $*"; }
fail() {
  echo "check-abi: FAIL $*"
  failures=$((failures + 1))
}

work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-abi.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The current ABI of one library into $work/NAME.abi and $work/NAME.header.abi.
describe() { # describe LIBRARY_PATH HEADER PACKAGES NAME
  local library="$1" header="$2" packages="$3" name="$4" cflags
  local include="$root/usr/include"
  # shellcheck disable=SC2086 # pkg-config prints several words on purpose
  cflags="$(pkg-config --cflags $packages)"
  # The functions the header declares (gcc's -aux-info lists every declaration it read).
  printf '#include <%s>\n' "$header" >"$work/$name.decl.c"
  # shellcheck disable=SC2086
  gcc -fsyntax-only -aux-info "$work/$name.aux" -I "$include" $cflags "$work/$name.decl.c" ||
    { fail "$header does not compile"; return 1; }
  # Declarations only (NC): a static inline function the header defines (NF) is not exported.
  grep -F "/* $include/$header:" "$work/$name.aux" | grep ':NC \*/' |
    sed -n 's/.*[ *]\([A-Za-z_][A-Za-z0-9_]*\) (.*/\1/p' | sort -u >"$work/$name.declared"
  nm -D --defined-only "$library" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' |
    sort -u >"$work/$name.exported"
  if [ -s "$work/$name.declared" ] && cmp -s "$work/$name.declared" "$work/$name.exported"; then
    ok "$name exports exactly the $(wc -l <"$work/$name.declared") functions $header declares"
  else
    fail "$name's exported functions differ from those $header declares (< header, > library):"
    diff "$work/$name.declared" "$work/$name.exported" | grep '^[<>]' || true
  fi
  {
    printf '#include <%s>\n' "$header"
    while read -r function; do
      printf '__typeof__(%s) *const gesture_bridge_abi_%s = %s;\n' "$function" "$function" "$function"
    done <"$work/$name.declared"
  } >"$work/$name.probe.c"
  # shellcheck disable=SC2086
  # Built in $work with relative names and the debug prefix mapped, so the corpus names no
  # temporary directory and the same sources give the same baseline.
  (cd "$work" && gcc -g -O0 -shared -fPIC -fdebug-prefix-map="$work"=. -I "$include" $cflags \
    -Wl,-z,defs -Wl,--no-as-needed -Wl,-soname,"$name.abi-probe" -o "$name.probe.so" \
    "$name.probe.c" "$library") ||
    { fail "the ABI probe of $header does not link against $name"; return 1; }
  abidw --no-corpus-path --no-show-locs --headers-dir "$include" "$library" \
    >"$work/$name.abi" || { fail "abidw $name failed"; return 1; }
  abidw --no-corpus-path --no-show-locs --headers-dir "$include" "$work/$name.probe.so" \
    >"$work/$name.header.abi" || { fail "abidw of the probe of $header failed"; return 1; }
}

# Compares one current corpus with its baseline; sets $verdict: same, added or incompatible.
compare() { # compare BASELINE CURRENT
  local status=0
  abidiff --no-added-syms "$1" "$2" >"$work/diff.txt" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    verdict=incompatible
    return
  fi
  status=0
  abidiff "$1" "$2" >"$work/added.txt" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then verdict=same; else verdict=added; fi
}

checked=0
for entry in "${libraries[@]}"; do
  read -r soname header packages <<<"$entry"
  library="$(find "$root" -name "$soname" \( -type l -o -type f \) -print -quit)"
  if [ -z "$library" ] || [ ! -f "$root/usr/include/$header" ]; then
    if [ "$soname" = "$required" ]; then
      fail "$soname or its header $header is not installed under $root"
    fi
    continue
  fi
  checked=$((checked + 1))
  library="$(readlink -f "$library")"
  actual_soname="$(readelf -d "$library" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')"
  base="${soname%.so.*}"
  describe "$library" "$header" "$packages" "$actual_soname" || continue
  baseline="$repo/abi/$actual_soname.abi"
  # The baseline of this library under any soname (an earlier major).
  previous=""
  if [ -d "$repo/abi" ]; then
    previous="$(find "$repo/abi" -maxdepth 1 -name "$base.so.*.abi" ! -name '*.header.abi' |
      sort | tail -n 1)"
  fi
  if [ -n "$update" ]; then
    if [ -n "$previous" ] && [ "$(basename "$previous")" = "$actual_soname.abi" ]; then
      refused=""
      for kind in abi header.abi; do
        compare "$repo/abi/$actual_soname.$kind" "$work/$actual_soname.$kind"
        if [ "$verdict" = incompatible ]; then
          refused=yes
          cat "$work/diff.txt"
        fi
      done
      if [ -n "$refused" ] && [ -n "$force" ]; then
        echo "check-abi: --force: storing the incompatible change above under the same soname $actual_soname"
      elif [ -n "$refused" ]; then
        fail "not updating abi/$actual_soname.*: the change above is incompatible and the soname is still $actual_soname (bump VERSION's major first)"
        continue
      fi
    fi
    mkdir -p "$repo/abi"
    if [ -n "$previous" ] && [ "$(basename "$previous")" != "$actual_soname.abi" ]; then
      rm -f "$previous" "${previous%.abi}.header.abi"
    fi
    cp "$work/$actual_soname.abi" "$work/$actual_soname.header.abi" "$repo/abi/"
    ok "stored abi/$actual_soname.abi and abi/$actual_soname.header.abi (commit them)"
    continue
  fi
  if [ ! -f "$baseline" ]; then
    if [ -n "$previous" ]; then
      fail "$base's soname is now $actual_soname (baseline: $(basename "$previous")): store the new baseline with --update"
    else
      fail "no ABI baseline abi/$actual_soname.abi: store it with scripts/test-install.sh --update-abi"
    fi
    continue
  fi
  for kind in abi header.abi; do
    if [ ! -f "$repo/abi/$actual_soname.$kind" ]; then
      fail "abi/$actual_soname.$kind is missing: store it with --update"
      continue
    fi
    compare "$repo/abi/$actual_soname.$kind" "$work/$actual_soname.$kind"
    case "$verdict" in
      same) ok "abidiff abi/$actual_soname.$kind: no change" ;;
      added)
        ok "abidiff abi/$actual_soname.$kind: compatible additions only (store them with --update):"
        sed -n '/^[0-9]* Added/,$p' "$work/added.txt" | sed 's/^/    /'
        ;;
      incompatible)
        sed 's/^/    /' "$work/diff.txt"
        fail "abidiff abi/$actual_soname.$kind: an incompatible ABI change with the soname unchanged ($actual_soname); bump VERSION's major (the soname's) or undo it"
        ;;
    esac
  done
done
[ "$checked" -gt 0 ] || fail "no library checked"
if [ "$failures" -eq 0 ]; then
  echo "check-abi: $checked librar$([ "$checked" -eq 1 ] && echo y || echo ies) checked, no failure"
  exit 0
fi
echo "check-abi: $failures failure(s)"
exit 1
