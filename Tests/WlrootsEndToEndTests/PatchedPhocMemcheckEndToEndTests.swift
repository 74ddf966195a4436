// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The patched phoc (`PatchedPhoc`, with `Integrations/phoc`'s first patch, the fix of phoc
/// 0.46's use after free) under valgrind's memcheck: a client with a toplevel and recognizers
/// gets the pinch, goes, and a second client gets it again; when phoc exits memcheck has found
/// no error in its process. Debian's phoc 0.46 writes into each freed toplevel there (14
/// invalid writes a client: RELIABILITY.md, "phoc with the loader"), so this fails without the
/// fix. The compositor soak's --memcheck does the same for Debian's phoc with the loader, with
/// that bug of phoc's suppressed (`Tests/CompositorSoak/memcheck.supp`, whose entry names
/// /usr/bin/phoc: it cannot hide the patched binary's errors).
final class PatchedPhocMemcheckEndToEndTests: XCTestCase {
  private var running: PreloadedCompositorSession?
  private var logDirectory: URL?

  override func tearDown() {
    running?.stop()
    if let logDirectory { try? FileManager.default.removeItem(at: logDirectory) }
  }

  func testAClientsToplevelGoesWithoutAnyMemoryErrorInPhoc() throws {
    let valgrind = WlrootsKiosk.shell("command -v valgrind").output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !valgrind.isEmpty else {
      throw E2EFailure("valgrind not found (Debian packages valgrind and libc6-dbg)")
    }
    let logs = FileManager.default.temporaryDirectory
      .appendingPathComponent("gb-phoc-memcheck-\(getpid())")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    logDirectory = logs
    let suppressions = CompositorSession.sourceRoot
      .appendingPathComponent("Tests/CompositorSoak/memcheck.supp").path
    let compositorSession = try PreloadedCompositorSession(
      .patchedPhoc,
      wrapper: [
        valgrind, "--tool=memcheck", "--num-callers=40", "--error-limit=no", "--vgdb=no",
        "--suppressions=\(suppressions)",
        "--log-file=\(logs.appendingPathComponent("memcheck.%p.log").path)",
      ])
    running = compositorSession
    let session = compositorSession.session
    var scenario: Error?
    do {
      for name in ["first", "second"] {
        let client = try compositorSession.startDemoClient(
          ["--recognizer", "pinch"], name: name)
        try compositorSession.play("pinch.yml")
        try session.waitFor("the \(name) client's pinch to end", timeoutSeconds: 60) {
          client.gestures.contains { $0["state"] as? String == "ended" }
        }
        // SIGTERM: the client disconnects, and phoc destroys its toplevel and xdg surface.
        client.stop()
      }
    } catch {
      scenario = error
    }
    compositorSession.stop()
    running = nil
    let names = try FileManager.default.contentsOfDirectory(atPath: logs.path)
      .filter { $0.hasPrefix("memcheck.") }
    XCTAssertEqual(names.count, 1, "one valgrind log, phoc's: \(names)")
    let log = try String(
      contentsOf: logs.appendingPathComponent(names.first ?? "none"), encoding: .utf8)
    if let scenario {
      XCTFail("\(scenario)\nmemcheck's log:\n\(log)")
      return
    }
    XCTAssertTrue(
      log.contains("Command: \(try PatchedPhoc.get().binary)"), "phoc ran under memcheck:\n\(log)")
    XCTAssertTrue(
      log.contains("ERROR SUMMARY: 0 errors from 0 contexts"), "memcheck's findings:\n\(log)")
  }
}
