// SPDX-License-Identifier: MIT
import Foundation
import GestureCoreTesting
import GestureReplay
import Testing
import TouchInput

/// `gesture-bridge drive` end to end: real headless weston with the modules, apps nobody here
/// wrote (weston-simple-touch, gtk4-widget-factory, Qt's qml runner with
/// DriveApps/touch-dots.qml), unmodified. Each run's log must hold, for the app's client, a
/// protocol-valid wl_touch stream (`TouchStreamChecker`) whose touches are the recording's,
/// mapped onto the output and made surface-local; where the app draws touches, the
/// screenshot after the recording differs from the one before. Serialized: each run is a
/// weston and an app on a 2-core machine.
@Suite(.serialized) struct DriveEndToEndTests {
  static let root = GestureBridgeProcess.repositoryRoot.path
  static let pinch = root + "/Examples/recordings/pinch.yml"
  static let edgePan = root + "/Examples/recordings/edge-pan.yml"

  /// weston is installed, and the tests do not run under a sanitizer (scripts/sanitize.sh):
  /// drive's weston, an uninstrumented binary, cannot load the sanitizer-built modules without
  /// the sanitizer's runtime preloaded, which drive does not do (the weston end-to-end tests
  /// cover the modules under the sanitizers).
  static var westonInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/weston")
      && dlsym(nil, "__asan_init") == nil && dlsym(nil, "__tsan_init") == nil
  }

  @Test(.enabled(if: westonInstalled))
  func westonSimpleTouchGetsThePinchAndDrawsIt() throws {
    let run = try DriveRun(["--recording", Self.pinch, "--", "weston-simple-touch"])
    defer { run.removeDirectory() }
    try checkRecordingReached(run, Self.pinch)
    try checkScreenshotsDiffer(run)
  }

  @Test(
    .enabled(
      if: westonInstalled && FileManager.default.fileExists(atPath: "/usr/bin/gtk4-widget-factory"))
  )
  func gtk4WidgetFactoryGetsThePinch() throws {
    // The factory's smallest window is 1391x710: on a smaller output kiosk-shell's fullscreen
    // configure is too small and weston ends it with a protocol error.
    let run = try DriveRun([
      "--recording", Self.pinch, "--output", "1600x900", "--timeout", "60", "--",
      "gtk4-widget-factory",
    ])
    defer { run.removeDirectory() }
    try checkRecordingReached(run, Self.pinch, output: (1600, 900))
    #expect(run.screenshots.count == 2, "\(run.report)")
    for path in run.screenshots {
      let image = try PNGImage(path: path)
      #expect(image.width == 1600 && image.height == 900, "\(path)")
    }
  }

  @Test(
    .enabled(if: westonInstalled && FileManager.default.fileExists(atPath: "/usr/lib/qt6/bin/qml")))
  func qmlRunnerGetsThePinchFittedToItsWindowAndDrawsIt() throws {
    let qml = Self.root + "/Tests/CLITests/DriveApps/touch-dots.qml"
    let run = try DriveRun([
      "--recording", Self.pinch, "--fit", "window", "--timeout", "60", "--",
      "/usr/lib/qt6/bin/qml", qml,
    ])
    defer { run.removeDirectory() }
    let window = try #require(run.window, "\(run.report)")
    try checkRecordingReached(run, Self.pinch, fittedTo: (window.width, window.height))
    try checkScreenshotsDiffer(run)
  }

  @Test(.enabled(if: westonInstalled))
  func anEdgePanBesideTheWindowPlaysAndTheLogSaysItsFirstTouchHitNoWindow() throws {
    let run = try DriveRun(["--recording", Self.edgePan, "--", "weston-simple-touch"])
    defer { run.removeDirectory() }
    #expect(run.result.status == 0, "\(run.report)")
    let window = try #require(run.window, "\(run.report)")
    #expect(window.x > 0, "weston-simple-touch's window is centred, off the left edge")
    let notes = run.events.filter { ($0["message"] as? String)?.contains("hits no window") == true }
    #expect(notes.count == 1, "\(run.report)")
    #expect(
      run.events.contains {
        $0["type"] as? String == "recording" && $0["event"] as? String == "finished"
      },
      "\(run.report)")
    let summary = try #require(run.events.last)
    #expect(summary["type"] as? String == "summary")
    #expect(summary["first_touch_missed"] as? Int == 1)
  }

  @Test(.enabled(if: westonInstalled))
  func theEventsOfAClientUsingTheProtocolAreLoggedWithItsTouches() throws {
    let demo = GestureBridgeProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("gesture-bridge-demo-client").path
    let run = try DriveRun([
      "--recording", Self.pinch, "--recognizers", "1", "--", demo, "--recognizer", "pinch",
      "--print-touches",
    ])
    defer { run.removeDirectory() }
    #expect(run.result.status == 0, "\(run.report)")
    let client = try #require(run.window?.client, "\(run.report)")
    // The pinch recognizer cancels the touches in its view when it begins (UIKit's
    // cancelsTouchesInView): two downs, some motions, then wl_touch.cancel.
    #expect(TouchStreamChecker.violations(in: run.touchStream(of: client)) == [], "\(run.report)")
    #expect(run.count("down", of: client) == 2, "\(run.report)")
    #expect(run.count("cancel", of: client) == 1, "\(run.report)")
    #expect(run.count("up", of: client) == 0, "\(run.report)")
    let events = run.events.filter {
      $0["type"] as? String == "gesture_bridge" && $0["client"] as? Int == client
    }
    #expect(
      events.contains {
        $0["interface"] as? String == "gesture_bridge_recognizer_v1"
          && $0["event"] as? String == "scale"
      }, "\(run.report)")
    let summary = try #require(run.events.last)
    let clients = try #require(summary["clients"] as? [[String: Any]])
    #expect(clients.first?["gesture_bridge"] as? Int == events.count)
  }

  @Test(.enabled(if: westonInstalled))
  func anAppThatExitsAtOnceFailsWithOneLineReason() throws {
    let run = try DriveRun(["--recording", Self.pinch, "--quiet", "--", "/bin/false"])
    defer { run.removeDirectory() }
    #expect(run.result.status == 122, "\(run.report)")
    let first = run.result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "drive: error: /bin/false exited 1 before mapping a window", "\(run.report)")
  }

  @Test(.enabled(if: westonInstalled))
  func theAppsOwnStatusAfterItsWindowIsClosedIsDrivesStatus() throws {
    // sh runs weston-simple-touch, which exits 0 when its window is closed, then exits 3.
    let run = try DriveRun([
      "--recording", Self.pinch, "--quiet", "--", "sh", "-c", "weston-simple-touch; exit 3",
    ])
    defer { run.removeDirectory() }
    #expect(run.result.status == 3, "\(run.report)")
    let done = run.events.first { $0["type"] as? String == "done" }
    #expect(done?["windows_closed"] as? Int == 1, "\(run.report)")
    let summary = try #require(run.events.last)
    #expect(summary["app"] as? String == "exited 3", "\(run.report)")
    #expect(summary["items_played"] as? Int == 1, "\(run.report)")
  }

  @Test(.enabled(if: westonInstalled))
  func anAppThatCrashesFailsWithItsSignalAndOutput() throws {
    let run = try DriveRun([
      "--recording", Self.pinch, "--quiet", "--", "sh", "-c",
      "echo about to crash >&2; kill -SEGV $$",
    ])
    defer { run.removeDirectory() }
    #expect(run.result.status == 122, "\(run.report)")
    let lines = run.result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "drive: error: sh killed by signal 11 before mapping a window", "\(run.report)"
    )
    #expect(lines.contains("drive:   app: about to crash"), "\(run.report)")
  }

  @Test(.enabled(if: westonInstalled))
  func anAppThatCannotBeFoundFailsWith127() throws {
    let run = try DriveRun(["--recording", Self.pinch, "--quiet", "--", "no-such-app-for-drive"])
    defer { run.removeDirectory() }
    #expect(run.result.status == 127, "\(run.report)")
    #expect(run.result.stderr.hasPrefix("drive: error: no-such-app-for-drive: command not found"))
  }

  @Test func aLogThatCannotBeWrittenFailsBeforeAnythingStarts() {
    let result = GestureBridgeProcess.run([
      "drive", "--recording", Self.pinch, "--log", "/nonexistent-drive-dir/log.jsonl", "--",
      "weston-simple-touch",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "drive: error: cannot write the log /nonexistent-drive-dir/log.jsonl: "
        + "/nonexistent-drive-dir is not writable\n")
  }

  @Test func anUnreadableRecordingFailsWithTheReadersMessage() throws {
    let bad = try GestureBridgeProcess.temporaryFile("bad.yml", "just: text\n")
    let run = try DriveRun(["--recording", bad, "--quiet", "--", "weston-simple-touch"])
    defer { run.removeDirectory() }
    #expect(run.result.status == 120, "\(run.report)")
    #expect(run.result.stderr.hasPrefix("drive: error: \(bad)"), "\(run.report)")
    #expect(run.result.stderr.contains("not a libinput recording"), "\(run.report)")
  }

  @Test(.enabled(if: westonInstalled))
  func anAppThatNeverMapsAWindowFailsAfterTheTimeout() throws {
    let run = try DriveRun([
      "--recording", Self.pinch, "--quiet", "--timeout", "3", "--", "sleep", "60",
    ])
    defer { run.removeDirectory() }
    #expect(run.result.status == 121, "\(run.report)")
    #expect(
      run.result.stderr.hasPrefix("drive: error: sleep mapped no window within 3 s"),
      "\(run.report)")
  }

  // MARK: - Checks

  /// The run succeeded; the window's client got a valid wl_touch stream holding the
  /// recording's touches (mapped onto `output`, or onto `fittedTo` at the window's
  /// corner) in surface-local coordinates.
  private func checkRecordingReached(
    _ run: DriveRun, _ recording: String, output: (Int, Int) = (1024, 640),
    fittedTo window: (Int, Int)? = nil
  ) throws {
    #expect(run.result.status == 0, "\(run.report)")
    let mapped = try #require(run.window, "\(run.report)")
    let stream = run.touchStream(of: mapped.client)
    #expect(TouchStreamChecker.violations(in: stream) == [], "\(run.report)")
    let screen =
      window.map { ScreenSize(width: $0.0, height: $0.1) }
      ?? ScreenSize(width: output.0, height: output.1)
    let origin = window == nil ? (x: 0.0, y: 0.0) : (x: mapped.x, y: mapped.y)
    let expected = try RecordingTouchEvents(path: recording, screen: screen) { _ in }.events
    // Per touch, in the order touches went down: the positions of its down and motions.
    var expectedTouches: [[(Double, Double)]] = []
    var slots: [Int32: Int] = [:]
    for event in expected {
      switch event.kind {
      case .down:
        slots[event.seatSlot] = expectedTouches.count
        expectedTouches.append([(event.x + origin.x - mapped.x, event.y + origin.y - mapped.y)])
      case .motion:
        if let index = slots[event.seatSlot] {
          expectedTouches[index].append(
            (event.x + origin.x - mapped.x, event.y + origin.y - mapped.y))
        }
      default: break
      }
    }
    var receivedTouches: [[(Double, Double)]] = []
    var ids: [Int: Int] = [:]
    for event in run.touchEvents(of: mapped.client) {
      let id = (event["id"] as? Int) ?? -1
      let point = ((event["x"] as? Double) ?? .nan, (event["y"] as? Double) ?? .nan)
      switch event["event"] as? String {
      case "down":
        ids[id] = receivedTouches.count
        receivedTouches.append([point])
      case "motion":
        if let index = ids[id] { receivedTouches[index].append(point) }
      default: break
      }
    }
    #expect(run.count("down", of: mapped.client) == expectedTouches.count, "\(run.report)")
    #expect(run.count("up", of: mapped.client) == expectedTouches.count, "\(run.report)")
    #expect(run.count("frame", of: mapped.client) > 0)
    #expect(receivedTouches.count == expectedTouches.count)
    // wl_touch carries wl_fixed (1/256 px); the log has 4 decimals.
    let tolerance = 1.0 / 256 + 0.0001
    for (index, (got, want)) in zip(receivedTouches, expectedTouches).enumerated() {
      #expect(
        got.count == want.count, "touch \(index): \(got.count) positions, expected \(want.count)")
      for (step, (a, b)) in zip(got, want).enumerated() {
        #expect(
          abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance,
          "touch \(index) position \(step): got (\(a.0), \(a.1)), expected (\(b.0), \(b.1))")
      }
    }
  }

  /// Two screenshots (before, after the recording), both 1024x640, differing in at least 100
  /// pixels (the app drew the touches).
  private func checkScreenshotsDiffer(_ run: DriveRun) throws {
    #expect(run.screenshots.count == 2, "\(run.report)")
    guard run.screenshots.count == 2 else { return }
    #expect(run.screenshots[0].hasSuffix("/00-before.png"))
    let before = try PNGImage(path: run.screenshots[0])
    let after = try PNGImage(path: run.screenshots[1])
    #expect(before.width == 1024 && before.height == 640)
    #expect(after.width == before.width && after.height == before.height)
    let changed = zip(before.pixels, after.pixels).enumerated().filter {
      $0.offset % 4 < 3 && $0.element.0 != $0.element.1
    }.count
    #expect(changed >= 100, "only \(changed) colour bytes differ between the screenshots")
  }
}
