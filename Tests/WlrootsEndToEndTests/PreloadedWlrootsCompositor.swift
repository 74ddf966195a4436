// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Debian's own wlroots compositors, unmodified, with GestureBridge put in front of them by
/// the LD_PRELOAD loader `Compositors/wlroots-preload` (docs/phones.md), built for the
/// wlroots they link: phoc (Phosh's compositor, runs as root; 0.24 on Debian 12's wlroots 0.15,
/// 0.46 on Debian 13's 0.18, 0.58 on sid's 0.20) and sway (Sxmo's, refuses root: run as
/// `nobody` with setpriv; 1.7, 1.10, 1.12). Both headless (`WLR_BACKENDS=headless,libinput`,
/// `WLR_RENDERER=pixman`) on one 960x540 output, touches from wlroots' libinput backend
/// reading the umockdev-mocked touchscreen of `daemon-test-driver`, with libseat's noop
/// backend fixed by the test-only preload `LibseatSeat0/gb-libseat-seat0.c`.
///
/// The loader and the libseat fix are built once per test process with cc (the loader by its
/// `build.sh`, against the `libgesture-bridge-c.so` `swift build` made).
///
/// `patchedPhoc` is not preloaded: it is Debian's phoc source with GestureBridge's patch series
/// (`PatchedPhoc`), which embeds the bridge itself; only the libseat fix is preloaded.
enum PreloadedWlrootsCompositor: String, CaseIterable {
  case phoc
  case sway
  case patchedPhoc = "patched-phoc"

  /// The compositor's binary, or nil when its Debian package is not installed (the patched
  /// phoc: built by `PatchedPhoc`, which skips where the series does not apply).
  func executable() throws -> String? {
    if self == .patchedPhoc { return try PatchedPhoc.get().binary }
    let path = "/usr/bin/\(rawValue)"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Whether a client's touch drag can drop. sway 1.9 and later end their touch seatop when
  /// a drag starts (`handle_start_drag` calls `seatop_begin_default`) and their default seatop
  /// has no touch up, so the drag never sees its touch's up and never drops, loader or not;
  /// sway 1.7 and 1.8 pass every up to wlroots. phoc does.
  var dropsTouchDrags: Bool {
    guard self == .sway else { return true }
    let version = WlrootsKiosk.shell("sway --version").output
    guard let match = version.firstMatch(of: /version (\d+)\.(\d+)/),
      let major = Int(match.1), let minor = Int(match.2)
    else { return true }
    return major == 1 && minor < 9
  }

  /// Whether GestureBridge is inside the binary (no loader).
  var embedsTheBridge: Bool { self == .patchedPhoc }

  /// How a line the bridge's host logs reads in the compositor's log: the loader's lines start
  /// `gesture-bridge-wlroots: `; the patched phoc's are GLib messages of its log domain
  /// `phoc-gesture-bridge` (after a time stamp), so only `text` is looked for.
  func bridgeLine(_ text: String) -> String {
    embedsTheBridge ? text : "gesture-bridge-wlroots: " + text
  }

  /// sway refuses to run as root ("Unable to drop root"): it runs as this user.
  var runsAsUnprivilegedUser: Bool { self == .sway }

  static let unprivilegedID = 65534

  /// Its config: one 960x540 output. sway: no borders, so the demo client's fixed-size
  /// window (which sway floats and centres) covers the output exactly; phoc maximizes it.
  var config: (name: String, text: String) {
    switch self {
    case .phoc, .patchedPhoc: return ("phoc.ini", "[output:HEADLESS-1]\nmode = 960x540\n")
    case .sway:
      return (
        "sway.config",
        "output HEADLESS-1 resolution 960x540\ndefault_border none\n"
          + "default_floating_border none\n"
      )
    }
  }

  /// The shell command (run by daemon-test-driver inside the umockdev testbed) that starts the
  /// compositor with `config`: LD_PRELOAD gets `$GB_E2E_EXTRA_PRELOAD` after the driver's
  /// umockdev preload; phoc runs under `$GB_E2E_WRAPPER`'s shell-quoted words when set
  /// (valgrind: `PatchedPhocMemcheckEndToEndTests`); for sway the testbed and the
  /// touchscreen's pty are opened to `nobody` first (the driver made them as root).
  func command(config: String) -> String {
    let preload = """
      if [ -n "$GB_E2E_EXTRA_PRELOAD" ]; then
        LD_PRELOAD="$LD_PRELOAD:$GB_E2E_EXTRA_PRELOAD"; export LD_PRELOAD
      fi
      """
    switch self {
    case .phoc, .patchedPhoc:
      // The patched binary is $0 (PreloadedCompositorSession passes it); eval splits the
      // wrapper's quoted words.
      let program = self == .phoc ? "phoc" : #"\"\$0\""#
      let quotedConfig = WlrootsKiosk.quoted(config)
      return preload + "\neval \"exec $GB_E2E_WRAPPER \(program) -C \(quotedConfig)\""
    case .sway:
      // `nobody` may not be able to reach the build folder (a checkout in a mode-700
      // directory, as a fresh clone under mktemp is): every library in LD_PRELOAD is copied
      // to the world-readable folder the loader was built in, and loaded from there (a bare
      // library name is left to the loader's search path).
      let id = Self.unprivilegedID
      return preload + """

        chmod -R a+rwX "$UMOCKDEV_DIR" || exit 1
        for node in "$UMOCKDEV_DIR"/dev/input/*; do chmod a+rw "$(readlink "$node")" || exit 1; done
        public='\(Self.publicDirectory)'
        readable=""
        old_ifs=$IFS; IFS=:
        for library in $LD_PRELOAD; do
          case "$library" in
          "") continue ;;
          "$public"/* | [!/]*) copy=$library ;;
          *) copy="$public/preload-$(basename "$library")"; cp -f "$library" "$copy" || exit 1 ;;
          esac
          readable="${readable:+$readable:}$copy"
        done
        IFS=$old_ifs
        LD_PRELOAD=$readable; export LD_PRELOAD
        exec setpriv --reuid=\(id) --regid=\(id) --clear-groups sway -c '\(config)'
        """
    }
  }

  /// The environment of a headless run on the mocked touchscreen.
  static let environment = [
    "WLR_BACKENDS": "headless,libinput", "WLR_RENDERER": "pixman", "LIBSEAT_BACKEND": "noop",
    "GSETTINGS_BACKEND": "memory",
  ]

  /// The built loader and libseat fix (compiled at the first use, once per process), and the
  /// wlroots the loader is built for: the newest whose headers are installed, as `build.sh`
  /// picks it (`Compositors/wlroots/version/select.sh`): its series ("0.18"), library
  /// ("libwlroots-0.18.so") and the full version of its headers ("0.18.2").
  struct Libraries {
    let loader: String
    let libseatFix: String
    let wlroots: (series: String, soname: String, version: String)
  }

  private static let built = Result(catching: { try compile() })

  /// Where the loader, the libseat fix and a copy of the C library are built: a folder of
  /// /tmp (mode 755) that the unprivileged user sway runs as can read, whatever the mode of
  /// the checkout's folders.
  static let publicDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("gb-wlr-preload-\(getpid())").path

  static func libraries() throws -> Libraries { try built.get() }

  private static func compile() throws -> Libraries {
    guard WlrootsKiosk.shell("command -v cc && command -v pkg-config").status == 0 else {
      throw XCTSkip("cc or pkg-config is not installed (scripts/setup.sh)")
    }
    guard WlrootsKiosk.shell("'\(WlrootsKiosk.versionLayer)/select.sh'").status == 0 else {
      throw XCTSkip(
        "no wlroots headers the loader has a layer for are installed (libwlroots-dev on "
          + "Debian 12, libwlroots-0.18-dev on 13; scripts/setup.sh)")
    }
    guard let library = CompositorSession.builtProduct("libgesture-bridge-c.so") else {
      throw E2EFailure("libgesture-bridge-c.so not found next to the test binary: run swift build")
    }
    let root = CompositorSession.sourceRoot.path
    let selected = WlrootsKiosk.shell(
      """
      set -e
      selected=$('\(WlrootsKiosk.versionLayer)/select.sh')
      set -- $selected
      echo "$1 $3 $(pkg-config --modversion "$2")"
      """)
    let wlroots = selected.output.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard selected.status == 0, wlroots.count == 3 else {
      throw E2EFailure("no wlroots version the loader is written for:\n\(selected.output)")
    }
    let directory = publicDirectory
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let libraries = Libraries(
      loader: directory + "/libgesture-bridge-wlroots-preload.so",
      libseatFix: directory + "/libgb-libseat-seat0.so",
      wlroots: (wlroots[0], wlroots[1], wlroots[2]))
    // The loader links the copy of the C library beside it (run path: that folder).
    let command = """
      set -e
      cp -f '\(library)' '\(directory)/libgesture-bridge-c.so'
      chmod 755 '\(directory)/libgesture-bridge-c.so'
      '\(root)/Compositors/wlroots-preload/build.sh' --wlroots \(wlroots[0]) \
        '\(libraries.loader)' \
        '\(directory)' gesture-bridge-c '\(directory)'
      cc -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -o '\(libraries.libseatFix)' \
        '\(root)/Tests/WlrootsEndToEndTests/LibseatSeat0/gb-libseat-seat0.c' -ldl
      chmod 755 '\(directory)' '\(libraries.loader)' '\(libraries.libseatFix)'
      """
    let (status, output) = WlrootsKiosk.shell(command)
    guard status == 0 else { throw E2EFailure("building the loader failed:\n\(output)") }
    return libraries
  }
}
