# SPDX-License-Identifier: MIT
"""sid's Swift (swiftlang 6.2.3) in a Debian 13 root made for cross-compiling to arm64, as a
part of making that root (an mmdebstrap customize hook; docs/platforms.md).

Debian 13's own swiftlang (6.0.3) is too old, and sid's cannot be installed there as a package
(it asks for libc6 >= 2.42 and libpython3.14; its programs need only glibc 2.38, libstdc++
3.4.32 and sid's libxml2-16, whose package installs on Debian 13). So the hook, with sid's
sources added for the time it runs:
- installs sid's libxml2-16, amd64 and arm64 (lld, SwiftPM's FoundationXML and the arm64
  tests' Foundation link libxml2.so.16);
- downloads the amd64 swiftlang and libswiftlang .debs and unpacks their /usr/libexec/swift
  (the compiler, SwiftPM, lld, the amd64 runtime) at that path, where Debian's swiftlang puts
  it;
- downloads the arm64 swiftlang and libswiftlang .debs of the same version and unpacks their
  lib/swift (modules and dynamic runtime, XCTest and Testing), lib/swift_static (the static
  runtime) and lib/clang into RUNTIME_DIR, the arm64 Swift runtime the cross builds name
  (debian/rules: GESTURE_BRIDGE_SWIFT_HOST_RUNTIME; scripts/cross_arm64.py), with the version
  in RUNTIME_DIR/version;
- removes sid's sources again and updates the package lists (kept in the root: the arm64
  packages' `apt-get install --simulate` reads them).
So the downloads (about 4 minutes) happen once per root, outside any checkout.
"""
import shlex

# Where the arm64 runtime goes in the root (the arm64 swiftlang's /usr/libexec/swift/lib).
RUNTIME_DIR = "/usr/libexec/swift-aarch64-linux-gnu"
SID_LIST = "/etc/apt/sources.list.d/gesture-bridge-sid.list"
DOWNLOADS = "/var/tmp/gesture-bridge-swiftlang"

# $1: the root (mmdebstrap's hook argument); $2: the mirror.
HOOK = r"""set -e
root="$1"
apt() { chroot "$root" apt-get -q -o Acquire::Check-Valid-Until=false -o APT::Default-Release=trixie "$@"; }
printf 'deb %s sid main\n' "$2" >"$root@SID_LIST@"
apt update
apt install -y --no-install-recommends libxml2-16/sid libxml2-16:arm64/sid
rm -rf "$root@DOWNLOADS@" && mkdir -p "$root@DOWNLOADS@" && chroot "$root" chown _apt @DOWNLOADS@
chroot "$root" sh -c 'cd @DOWNLOADS@ && apt-get -q download swiftlang:amd64/sid libswiftlang:amd64/sid'
version=$(dpkg-deb -f "$root@DOWNLOADS@"/swiftlang_*_amd64.deb Version)
chroot "$root" sh -c 'cd @DOWNLOADS@ && apt-get -q download "swiftlang:arm64=$1" "libswiftlang:arm64=$1"' sh "$version"
for deb in "$root@DOWNLOADS@"/swiftlang_*_amd64.deb "$root@DOWNLOADS@"/libswiftlang_*_amd64.deb; do
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root" ./usr/libexec/swift
done
mkdir -p "$root@RUNTIME_DIR@/lib"
dpkg-deb --fsys-tarfile "$root@DOWNLOADS@"/swiftlang_*_arm64.deb | tar -x -C "$root@RUNTIME_DIR@/lib" \
  --strip-components=5 ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
dpkg-deb --fsys-tarfile "$root@DOWNLOADS@"/libswiftlang_*_arm64.deb | tar -x -C "$root@RUNTIME_DIR@/lib" \
  --strip-components=5 ./usr/libexec/swift/lib/swift
printf %s "$version" >"$root@RUNTIME_DIR@/version"
rm -rf "$root@DOWNLOADS@" "$root@SID_LIST@"
apt update
chroot "$root" /usr/libexec/swift/bin/swift --version
test -f "$root@RUNTIME_DIR@/lib/swift_static/linux/static-stdlib-args.lnk"
test -f "$root@RUNTIME_DIR@/lib/swift/linux/libXCTest.so"
"""


def hook_script():
    """The customize hook's shell script ($1 the root, $2 the mirror)."""
    return (HOOK.replace("@SID_LIST@", SID_LIST).replace("@DOWNLOADS@", DOWNLOADS)
            .replace("@RUNTIME_DIR@", RUNTIME_DIR))


def mmdebstrap_options(mirror):
    """mmdebstrap's options that put sid's swiftlang into the root, and keep the package
    lists."""
    hook = "sh -c %s sh \"$1\" %s" % (shlex.quote(hook_script()), shlex.quote(mirror))
    return ["--customize-hook=" + hook, "--skip=cleanup/apt/lists"]
