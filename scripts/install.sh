#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds GestureBridge in release mode with the Swift runtime linked statically (no
# libswift*.so needed at run time) and installs it:
#
#   PREFIX/bin/gesture-bridge
#   LIBDIR/libgesture-bridge.so.VERSION (soname libgesture-bridge.so.MAJOR) and the
#     libgesture-bridge.so.MAJOR and libgesture-bridge.so links: the C ABI
#   PREFIX/lib/gesture-bridge/libUmockdevPreloadFix.so (for `replay --through-libinput`)
#   PREFIX/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so (LD_PRELOAD loader for
#     phoc and sway, docs/phones.md; for the newest wlroots installed with a version layer:
#     0.15, 0.18, 0.19 or 0.20; only when one is)
#   PREFIX/include/gesture_bridge.h, LIBDIR/pkgconfig/gesture-bridge.pc (pkgdatadir)
#   LIBDIR/libgesture-bridge-client.so.VERSION (soname libgesture-bridge-client.so.0) and its
#     .so.0 and .so links, PREFIX/include/gesture-bridge-client{,-values,-glib}.h,
#     LIBDIR/pkgconfig/gesture-bridge-client.pc: the C client library for apps
#   PREFIX/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so (the test seat module
#     `gesture-bridge drive` loads; outside weston's module directory, docs/app-testing.md)
#   WESTON_MODULE_DIR/libgesture-bridge-weston.so, where WESTON_MODULE_DIR is
#     `pkg-config --variable=libdir libweston-N`/weston (weston loads it by bare name), N the
#     newest of 16, 14, 10 installed or GESTURE_BRIDGE_WESTON_MAJOR (as Package.swift picks)
#   PREFIX/share/gesture-bridge/protocols/gesture-bridge-v1.xml
#   PREFIX/share/gesture-bridge/wlroots-adapter/ (the wlroots adapter's C sources, for
#     compositors built with GestureBridge: gesture-bridge.pc's wlroots_adapter_dir)
#   PREFIX/lib/systemd/user/gesture-bridge.service (the daemon, `gesture-bridge run`)
#   PREFIX/share/gesture-bridge/examples/{configs,recordings}/
#   PREFIX/share/man/man1/gesture-bridge.1 (generated from --help by swift-argument-parser)
#   PREFIX/share/gesture-bridge/install-manifest (what scripts/uninstall.sh removes)
#
# Usage: scripts/install.sh [--prefix DIR] [--destdir DIR] [--libdir DIR]
#   --prefix DIR   where it is installed (default /usr/local); absolute
#   --destdir DIR  staging root prepended to every path (default empty), as make's DESTDIR
#   --libdir DIR   LIBDIR, for the C library and its .pc (default PREFIX/lib; absolute)
# Every file is built and checked before the first one is installed; if installing fails
# half-way, the files this run added are removed again. Binaries are stripped. The Swift
# products are built by scripts/release-build.sh's release_build, each shared library with
# its version script (only its API exported, versioned; the Swift runtime in it hidden). Needs a Swift 6
# toolchain, cc, pkg-config and libweston-N-dev (scripts/setup.sh installs the packages); the
# build goes to .build-install/ (or GESTURE_BRIDGE_RELEASE_SCRATCH_PATH, scripts/release-build.sh)
# and is reused by the next run. Running it again is safe.
# Without --destdir, as root, it runs ldconfig.
# Exit status: 0 on success, 1 on failure (one "install: error: ..." line), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

die() {
  echo "install: error: $*" >&2
  exit 1
}
usage() {
  echo "install: usage: scripts/install.sh [--prefix DIR] [--destdir DIR] [--libdir DIR]" >&2
  exit 2
}

prefix=/usr/local
destdir=""
libdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 1 && /^# SPDX-License-Identifier:/ { next } NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    --prefix | --destdir | --libdir)
      [ $# -ge 2 ] || { echo "install: error: $1 needs a value" >&2; usage; }
      case "$1" in
        --prefix) prefix="$2" ;;
        --destdir) destdir="$2" ;;
        *) libdir="$2" ;;
      esac
      shift 2
      ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    --destdir=*) destdir="${1#*=}"; shift ;;
    --libdir=*) libdir="${1#*=}"; shift ;;
    *) echo "install: error: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "install: error: --prefix must be an absolute path, got '$prefix'" >&2; usage ;;
esac
prefix="${prefix%/}"
[ -n "$prefix" ] || prefix=/usr
libdir="${libdir:-$prefix/lib}"
case "$libdir" in
  /*) libdir="${libdir%/}" ;;
  *) echo "install: error: --libdir must be an absolute path, got '$libdir'" >&2; usage ;;
esac
if [ -n "$destdir" ]; then
  mkdir -p "$destdir" || die "cannot create --destdir $destdir"
  destdir="$(cd "$destdir" && pwd)"
  [ "$destdir" != / ] || destdir=""
fi

version="$(tr -d '[:space:]' <VERSION)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "VERSION holds '$version', not MAJOR.MINOR.PATCH"
major="${version%%.*}"
soname="libgesture-bridge.so.$major"

command -v swift >/dev/null 2>&1 ||
  die "swift is not on the PATH: building needs a Swift 6 toolchain (https://www.swift.org/install/linux/)"
command -v pkg-config >/dev/null 2>&1 || die "pkg-config is not installed (scripts/setup.sh installs it)"
# The weston major the module is built for, as Package.swift picks it:
# GESTURE_BRIDGE_WESTON_MAJOR, else the newest libweston (16, 14, 10) pkg-config finds.
weston_major="${GESTURE_BRIDGE_WESTON_MAJOR:-}"
if [ -z "$weston_major" ]; then
  for candidate in 16 14 10; do
    if pkg-config --exists "libweston-$candidate"; then weston_major=$candidate && break; fi
  done
fi
[ -n "$weston_major" ] && pkg-config --exists "libweston-$weston_major" ||
  die "pkg-config knows no libweston-${weston_major:-16, -14 or -10}: install libweston-N-dev (scripts/setup.sh installs it)"
for tool in readelf strip; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (Debian package binutils)"
done
command -v cc >/dev/null 2>&1 || die "cc is not installed (Debian package gcc; scripts/setup.sh installs it)"

bindir="$prefix/bin"
includedir="$prefix/include"
datarootdir="$prefix/share"
pkgdatadir="$datarootdir/gesture-bridge"
mandir="$datarootdir/man"
weston_moduledir="$(pkg-config --variable=libdir "libweston-$weston_major")/weston"
manifest="$pkgdatadir/install-manifest"

# --- Build (release, Swift runtime static) -------------------------------------------------
# shellcheck source=scripts/release-build.sh
source "$root/scripts/release-build.sh"
build_dir="$release_build_dir"
echo "install: building GestureBridge $version (release, Swift runtime linked statically) in ${build_dir#"$root"/}"
release_build --product gesture-bridge || die "building gesture-bridge failed"
# Each shared library is linked with its version script: it exports its API only, with a
# symbol version, and the Swift runtime linked into it stays local (docs/packaging.md).
release_build -Xlinker "-soname=$soname" \
  -Xlinker "--version-script=$root/Sources/GestureBridgeServer/CABI/gesture-bridge.map" \
  --product gesture-bridge-c || die "building the C library (gesture-bridge-c) failed"
release_build -Xlinker "--version-script=$root/Sources/GestureBridgeWeston/gesture-bridge-weston.map" \
  --product gesture-bridge-weston || die "building the weston module failed"
bin="$build_dir/release"

# The man page: swift-argument-parser's generate-manual tool (the tool its GenerateManual
# plugin runs; the plugin itself would build every product of the package once more), built
# from the checkout SwiftPM resolved for the build above.
# (With GESTURE_BRIDGE_PACKAGE_DEPENDENCIES, the dependencies a source package carries, by path.)
parser_checkout="${GESTURE_BRIDGE_PACKAGE_DEPENDENCIES:-$build_dir/checkouts}/swift-argument-parser"
[ -f "$parser_checkout/Tools/generate-manual/GenerateManual.swift" ] ||
  die "no generate-manual tool in $parser_checkout (swift-argument-parser 1.5 or later has it)"
swift build --package-path "$parser_checkout" --scratch-path "$build_dir/generate-manual" \
  --product generate-manual || die "building swift-argument-parser's generate-manual failed"
generate_manual="$build_dir/generate-manual/debug/generate-manual"

stage="$(mktemp -d "$build_dir/stage.XXXXXX")"
installed=()
finished=""
cleanup() {
  if [ -z "$finished" ] && [ ${#installed[@]} -gt 0 ]; then
    echo "install: removing the ${#installed[@]} file(s) this run added" >&2
    local path
    for path in "${installed[@]}"; do rm -f "$path"; done
  fi
  rm -rf "$stage"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- Stage and check everything -----------------------------------------------------------
strip_to() { # strip_to SOURCE DESTINATION
  strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$2" "$1" ||
    die "strip $1 failed"
}
strip_to "$bin/gesture-bridge" "$stage/gesture-bridge"
strip_to "$bin/libgesture-bridge-c.so" "$stage/libgesture-bridge.so.$version"
strip_to "$bin/libgesture-bridge-weston.so" "$stage/libgesture-bridge-weston.so"
# The preload fix is plain C: built with cc, so it carries no second copy of the Swift runtime
# (a SwiftPM build with -static-stdlib would link one in: 6 MB instead of 14 kB).
cc -shared -fPIC -O2 -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now \
  -I Sources/UmockdevPreloadFix/include -o "$stage/libUmockdevPreloadFix.so.unstripped" \
  Sources/UmockdevPreloadFix/UmockdevPreloadFix.c -ldl || die "building libUmockdevPreloadFix.so failed"
strip_to "$stage/libUmockdevPreloadFix.so.unstripped" "$stage/libUmockdevPreloadFix.so"
for binary in gesture-bridge "libgesture-bridge.so.$version" libgesture-bridge-weston.so \
  libUmockdevPreloadFix.so; do
  needed="$(readelf -d "$stage/$binary" | grep -F '(NEEDED)' || true)"
  if grep -qi 'libswift\|libFoundation\|libdispatch\|libBlocksRuntime' <<<"$needed"; then
    die "$binary still needs the Swift runtime: $(grep -oi 'lib[a-z_]*swift[^]]*\|libFoundation[^]]*' <<<"$needed" | paste -sd' ' -)"
  fi
  if readelf -d "$stage/$binary" | grep -q '(RUNPATH)\|(RPATH)'; then
    die "$binary has a run path; the build should not add one (--disable-local-rpath)"
  fi
done
readelf -d "$stage/libgesture-bridge.so.$version" | grep -qF "Library soname: [$soname]" ||
  die "libgesture-bridge.so.$version has no soname $soname"

sed -e "s|@prefix@|$prefix|" -e "s|@libdir@|$libdir|" -e "s|@includedir@|$includedir|" \
  -e "s|@datarootdir@|$datarootdir|" -e "s|@version@|$version|" gesture-bridge.pc.in \
  >"$stage/gesture-bridge.pc"
! grep -q '@[a-z]*@' "$stage/gesture-bridge.pc" || die "gesture-bridge.pc.in has an unknown @...@"

# libgesture-bridge-client, the C client library for apps: plain C built with cc and checked
# (no Swift runtime, gbc_* symbols only) by scripts/build-client-library.sh; its .pc.
client_library="libgesture-bridge-client.so.$version"
scripts/build-client-library.sh "$stage/client" >/dev/null || die "building libgesture-bridge-client failed"
sed -e "s|@prefix@|$prefix|" -e "s|@libdir@|$libdir|" -e "s|@includedir@|$includedir|" \
  -e "s|@version@|$version|" gesture-bridge-client.pc.in >"$stage/gesture-bridge-client.pc"
! grep -q '@[a-z]*@' "$stage/gesture-bridge-client.pc" || die "gesture-bridge-client.pc.in has an unknown @...@"

# The LD_PRELOAD loader for unmodified wlroots compositors (phoc, sway; docs/phones.md):
# plain C built with cc by its own build.sh against the staged C library (through a
# libgesture-bridge.so link, so it needs libgesture-bridge.so.MAJOR), for the newest wlroots
# whose headers are installed and that has a version layer (0.15, 0.18, 0.19, 0.20:
# Compositors/wlroots/version/select.sh); skipped without any.
wlroots_loader=""
if wlroots_selected="$(Compositors/wlroots/version/select.sh 2>/dev/null)"; then
  mkdir "$stage/wlroots-link"
  ln -s "../libgesture-bridge.so.$version" "$stage/wlroots-link/libgesture-bridge.so"
  Compositors/wlroots-preload/build.sh "$stage/wlroots-loader.unstripped" \
    "$stage/wlroots-link" gesture-bridge || die "building libgesture-bridge-wlroots-preload.so failed"
  strip_to "$stage/wlroots-loader.unstripped" "$stage/libgesture-bridge-wlroots-preload.so"
  readelf -d "$stage/libgesture-bridge-wlroots-preload.so" | grep -qF "Shared library: [$soname]" ||
    die "libgesture-bridge-wlroots-preload.so does not need $soname"
  wlroots_loader="$stage/libgesture-bridge-wlroots-preload.so"
  echo "install: the phoc/sway loader is built for wlroots ${wlroots_selected%% *}"
else
  echo "install: no wlroots headers with a version layer (libwlroots-dev, libwlroots-0.18-dev, ...): the phoc/sway loader is not installed" >&2
fi

# The test seat module of `gesture-bridge drive` (docs/app-testing.md): test machinery, so it
# goes to PREFIX/lib/gesture-bridge/, outside weston's module directory, where no production
# weston loads it by its bare name; drive finds it at ../lib/gesture-bridge/ beside its binary.
# Linked with its version script (wet_module_init only; its static Swift runtime, Foundation
# and ICU data stay local).
release_build -Xlinker "--version-script=$root/Sources/DriveSeat/gesture-bridge-weston-test-seat.map" \
  --product gesture-bridge-weston-test-seat || die "building the test seat module failed"
strip_to "$bin/libgesture-bridge-weston-test-seat.so" "$stage/libgesture-bridge-weston-test-seat.so"
if readelf -d "$stage/libgesture-bridge-weston-test-seat.so" | grep -F '(NEEDED)' |
  grep -qi 'libswift\|libFoundation\|libdispatch\|libBlocksRuntime\|libicu'; then
  die "libgesture-bridge-weston-test-seat.so still needs the Swift runtime or ICU"
fi

# The unit runs the installed binary (the example in Examples/systemd runs ~/.local/bin's).
# shellcheck disable=SC2016 # the unit's text, written as it is
sed -e "s|^ExecStart=%h/.local/bin/gesture-bridge |ExecStart=$bindir/gesture-bridge |" \
  -e '/^# Install (see docs\/daemon.md):$/,/^#$/d' \
  -e '/^# The binary is expected at/,/^# \/dev\/input\/event\* needs/c\
# Installed by scripts/install.sh. Enable it for your user with\
#   mkdir -p ~/.config/gesture-bridge\
#   cp '"$pkgdatadir"'/examples/configs/lisgd.json ~/.config/gesture-bridge/config.json\
#   systemctl --user daemon-reload; systemctl --user enable --now gesture-bridge.service\
# Reading /dev/input/event* needs membership in the `input` group. Commands that talk to the' \
  Examples/systemd/gesture-bridge.service >"$stage/gesture-bridge.service"
grep -q "^ExecStart=$bindir/gesture-bridge run " "$stage/gesture-bridge.service" ||
  die "Examples/systemd/gesture-bridge.service: no ExecStart=%h/.local/bin/gesture-bridge line to rewrite"

# The page's date: the last commit's, so the same sources give the same page.
# (SOURCE_DATE_EPOCH in a package build, which dpkg-buildpackage sets from debian/changelog.)
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  man_date="$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)"
else
  man_date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
fi
mkdir "$stage/man"
"$generate_manual" "$stage/gesture-bridge" --date "$man_date" --output-directory "$stage/man" ||
  die "generate-manual failed on gesture-bridge"
[ -s "$stage/man/gesture-bridge.1" ] || die "generate-manual made no gesture-bridge.1"
# Blank lines between paragraphs are mdoc warnings; .Pp is mdoc's paragraph break.
sed -i 's/^$/.Pp/' "$stage/man/gesture-bridge.1"

# --- Install --------------------------------------------------------------------------------
new_manifest="$stage/install-manifest"
: >"$new_manifest"
made_dir() { # made_dir DIR: mkdir -p, recording each directory it creates
  local dir="$1" missing=()
  while [ ! -d "$destdir$dir" ]; do
    missing=("$dir" "${missing[@]}")
    dir="$(dirname "$dir")"
  done
  for dir in "${missing[@]}"; do
    mkdir -m 755 "$destdir$dir" || die "cannot create $destdir$dir"
    echo "d $dir" >>"$new_manifest"
  done
}
put() { # put MODE SOURCE DESTINATION: installs through a temporary name and rename
  local mode="$1" source="$2" target="$3"
  made_dir "$(dirname "$target")"
  [ -e "$destdir$target" ] || [ -L "$destdir$target" ] || installed+=("$destdir$target")
  install -m "$mode" "$source" "$destdir$target.install-tmp" || die "cannot write $destdir$target"
  mv -f "$destdir$target.install-tmp" "$destdir$target" || die "cannot write $destdir$target"
  echo "f $target" >>"$new_manifest"
}
link() { # link TARGET NAME
  made_dir "$(dirname "$2")"
  [ -e "$destdir$2" ] || [ -L "$destdir$2" ] || installed+=("$destdir$2")
  ln -sfn "$1" "$destdir$2" || die "cannot make the link $destdir$2"
  echo "l $2" >>"$new_manifest"
}

echo "install: installing into ${destdir}${prefix} (weston module into ${destdir}${weston_moduledir})"
put 755 "$stage/gesture-bridge" "$bindir/gesture-bridge"
put 644 "$stage/libgesture-bridge.so.$version" "$libdir/libgesture-bridge.so.$version"
link "libgesture-bridge.so.$version" "$libdir/$soname"
link "$soname" "$libdir/libgesture-bridge.so"
put 644 "$stage/libUmockdevPreloadFix.so" "$prefix/lib/gesture-bridge/libUmockdevPreloadFix.so"
[ -z "$wlroots_loader" ] ||
  put 644 "$wlroots_loader" "$prefix/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so"
put 644 Sources/CGestureBridge/include/gesture_bridge.h "$includedir/gesture_bridge.h"
put 644 "$stage/gesture-bridge.pc" "$libdir/pkgconfig/gesture-bridge.pc"
put 644 "$stage/libgesture-bridge-weston.so" "$weston_moduledir/libgesture-bridge-weston.so"
put 644 "$stage/libgesture-bridge-weston-test-seat.so" \
  "$prefix/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so"
# libgesture-bridge-client: the library, its links, headers and .pc.
put 644 "$stage/client/$client_library" "$libdir/$client_library"
link "$client_library" "$libdir/libgesture-bridge-client.so.0"
link libgesture-bridge-client.so.0 "$libdir/libgesture-bridge-client.so"
for header in gesture-bridge-client.h gesture-bridge-client-values.h gesture-bridge-client-glib.h; do
  put 644 "Sources/GestureBridgeClientC/include/$header" "$includedir/$header"
done
put 644 "$stage/gesture-bridge-client.pc" "$libdir/pkgconfig/gesture-bridge-client.pc"
put 644 Protocols/gesture-bridge-v1.xml "$pkgdatadir/protocols/gesture-bridge-v1.xml"
# The wlroots adapter's sources, which a compositor built with GestureBridge compiles itself
# (gesture-bridge.pc's wlroots_adapter_dir; Integrations/phoc, docs/phones.md).
for source in Compositors/wlroots/gb_wlr_adapter.c Compositors/wlroots/include/*.h \
  Compositors/wlroots/version/*.h Compositors/wlroots/version/*/*.h; do
  put 644 "$source" "$pkgdatadir/wlroots-adapter/${source#Compositors/wlroots/}"
done
put 644 "$stage/gesture-bridge.service" "$prefix/lib/systemd/user/gesture-bridge.service"
for config in Examples/configs/*.json; do
  put 644 "$config" "$pkgdatadir/examples/configs/$(basename "$config")"
done
for recording in Examples/recordings/*.yml; do
  put 644 "$recording" "$pkgdatadir/examples/recordings/$(basename "$recording")"
done
put 644 "$stage/man/gesture-bridge.1" "$mandir/man1/gesture-bridge.1"

# The manifest: this run's entries plus, from an earlier install, the directories it made and
# the files it installed that still exist (so uninstalling removes those too).
if [ -f "$destdir$manifest" ]; then
  while read -r kind path; do
    case "$kind" in
      d) [ -d "$destdir$path" ] && echo "d $path" ;;
      f | l) { [ -e "$destdir$path" ] || [ -L "$destdir$path" ]; } && echo "$kind $path" ;;
    esac
  done <"$destdir$manifest" >>"$new_manifest" || true
fi
echo "f $manifest" >>"$new_manifest"
sort -u -o "$new_manifest" "$new_manifest"
put 644 "$new_manifest" "$manifest"
finished=yes

if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null 2>&1; then
  ldconfig
fi
echo "install: installed $(grep -c '^[fl] ' "$destdir$manifest") files and links; the list is $destdir$manifest"
echo "install: remove them with: scripts/uninstall.sh --prefix $prefix${destdir:+ --destdir $destdir}"
