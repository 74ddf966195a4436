// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// libgesture-bridge-client under real headless weston with the module: the example app
/// `Examples/library-client/gesture-bridge-library-client.c` (a GLib main loop with its own
/// GDK-like Wayland event source and the library's GSource on the same fd), linked against the
/// library as `scripts/build-client-library.sh` builds it with cc, gets the gestures of a
/// recording the module plays, and they are what the in-core replay (`gesture-bridge replay`'s
/// engine) reports on a scene with the app's recognizers, parameters and relation (the C
/// example client's: `ExampleCClient.sceneRecognizers`), geometry as in
/// `InCoreComparison`. Times to the microsecond, values within 1/256 plus the printed rounding.
final class LibraryClientEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testPinchRecordingReachesTheLibraryClientAsTheInCoreReplaySays() throws {
    let printed = try checkRecording("pinch.yml", wholeGestureOf: "pinch")
    XCTAssertTrue(printed.contains { $0["state"] as? String == "failed" }, "--print-failed")
  }

  func testPanRecordingReachesTheLibraryClientAsTheInCoreReplaySays() throws {
    try checkRecording("pan.yml", wholeGestureOf: "pan")
  }

  /// Builds the library and the app into the session's directory; returns the app's path.
  /// Skips without weston, cc or GLib's headers (scripts/setup.sh installs them).
  private static func buildLibraryClient(in session: CompositorSession) throws -> String {
    _ = try CompositorSession.requirements()
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let hasCC = path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/cc")
    }
    guard hasCC, FileManager.default.fileExists(atPath: "/usr/include/glib-2.0/glib.h") else {
      throw XCTSkip(
        "cc or GLib's headers are missing (scripts/setup.sh installs gcc, libglib2.0-dev)")
    }
    let root = CompositorSession.sourceRoot.path
    let library = session.path("library")
    try session.run("/bin/bash", ["\(root)/scripts/build-client-library.sh", library])
    let app = session.path("gesture-bridge-library-client")
    let command = [
      "cc -std=c11 -Wall -Wextra -Wpedantic -Werror",
      "-I '\(root)/Sources/GestureBridgeClientC/include' -I '\(root)/Sources/CWaylandProtocols/include'",
      "'\(root)/Examples/library-client/gesture-bridge-library-client.c'",
      "'\(root)/Sources/CWaylandProtocols/xdg-shell-protocol.c'",
      "-L '\(library)' -Wl,-rpath,'\(library)' -lgesture-bridge-client",
      "$(pkg-config --cflags --libs wayland-client glib-2.0) -o '\(app)'",
    ].joined(separator: " ")
    try session.run("/bin/sh", ["-c", command])
    return app
  }

  /// Plays `name` to the app and compares its lines (failed ones aside: the in-core replay
  /// prints none) with the in-core replay's, which must hold a whole gesture of `recognizer`.
  /// Returns every line the app printed.
  @discardableResult
  private func checkRecording(_ name: String, wholeGestureOf recognizer: String) throws
    -> [[String: Any]]
  {
    let session = try CompositorSession()
    self.session = session
    return try session.compareRecording(
      name, wholeGestureOf: recognizer, sceneRecognizers: ExampleCClient.sceneRecognizers,
      client: try Self.buildLibraryClient(in: session), clientName: "library-client")
  }
}
