// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The wlroots test kiosk, `WlrootsKiosk/gb-wlr-kiosk.c`: a cage-shaped wlroots 0.15
/// compositor (headless outputs with the pixman renderer, wlroots' libinput backend, wlr_scene,
/// xdg-shell) calling the wlroots adapter `Compositors/wlroots` at its touch hook
/// points, linked against the `libgesture-bridge-c.so` `swift build` made. Built once per test
/// process with cc, pkg-config and wayland-scanner (xdg-shell's server header, which wlroots'
/// wlr_xdg_shell.h includes).
enum WlrootsKiosk {
  /// What it runs with: the pixman renderer (no /dev/dri here), libseat's noop backend (no
  /// seatd, logind or VT; it names its seat "noop", which the kiosk turns into seat0 for
  /// libinput's udev backend).
  static let environment = ["WLR_RENDERER": "pixman", "LIBSEAT_BACKEND": "noop"]

  /// Compiled at the first use (a static let: once per process, thread-safe).
  private static let built = Result(catching: { try compile() })

  static func build() throws -> String { try built.get() }

  private static func compile() throws -> String {
    for tool in ["cc", "pkg-config", "wayland-scanner"] where which(tool) == nil {
      throw XCTSkip("\(tool) is not installed (scripts/setup.sh)")
    }
    guard shell("pkg-config --exists wlroots wayland-protocols").status == 0 else {
      throw XCTSkip("libwlroots-dev is not installed (scripts/setup.sh installs wayfire-dev)")
    }
    // The kiosk itself is written for wlroots 0.15 (its adapter builds for every version).
    guard shell("'\(versionLayer)/select.sh' 0.15").status == 0 else {
      throw XCTSkip("the test kiosk is written for wlroots 0.15, whose headers are not installed")
    }
    guard let library = CompositorSession.builtProduct("libgesture-bridge-c.so") else {
      throw E2EFailure("libgesture-bridge-c.so not found next to the test binary: run swift build")
    }
    let root = CompositorSession.sourceRoot.path
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-wlr-kiosk-\(getpid())").path
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let libraryDirectory = URL(fileURLWithPath: library).deletingLastPathComponent().path
    let command = """
      set -e
      protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
      wayland-scanner server-header "$protocols/stable/xdg-shell/xdg-shell.xml" \
        '\(directory)/xdg-shell-protocol.h'
      cc -std=c11 -Wall -Wextra -Werror -o '\(directory)/gb-wlr-kiosk' -I'\(directory)' \
        -I'\(versionLayer)/wlroots-0.15' \
        -I'\(root)/Compositors/wlroots/include' -I'\(root)/Sources/CGestureBridge/include' \
        $(pkg-config --cflags wlroots wayland-server pixman-1) \
        '\(root)/Tests/WlrootsEndToEndTests/WlrootsKiosk/gb-wlr-kiosk.c' \
        '\(root)/Compositors/wlroots/gb_wlr_adapter.c' \
        -L'\(libraryDirectory)' -lgesture-bridge-c -Wl,-rpath,'\(libraryDirectory)' \
        $(pkg-config --libs wlroots wayland-server pixman-1) -lm
      """
    let (status, output) = shell(command)
    guard status == 0 else { throw E2EFailure("building gb-wlr-kiosk failed:\n\(output)") }
    return directory + "/gb-wlr-kiosk"
  }

  /// The wlroots adapter's version layer (`Compositors/wlroots/version`).
  static var versionLayer: String {
    CompositorSession.sourceRoot.appendingPathComponent("Compositors/wlroots/version").path
  }

  private static func which(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// `text` as one word of a `shell` command.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func shell(_ command: String) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (-1, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
