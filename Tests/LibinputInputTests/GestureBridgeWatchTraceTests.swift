// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import XCTest

/// `gesture-bridge watch --trace FILE` on a umockdev-mocked touchscreen played in real time.
final class GestureBridgeWatchTraceTests: XCTestCase {
  typealias S = EvdevStream

  private static func monotonicMicroseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }

  private static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-watch-trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  func testTheTraceIsRewrittenWhileWatchingAndHoldsTheDragAndTheTapAfterSIGINT() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("live.svg").path
    let start = Self.monotonicMicroseconds()
    var stream = S()
    stream.frame(at: start, [])
    // A slow drag to the right (250 px/s: a pan, too slow for a swipe), then a tap elsewhere.
    stream.frame(at: start + 1_500_000, [S.trackingID(1), S.x(400), S.y(500), S.touch(true)])
    for step in 1...20 {
      stream.frame(at: start + 1_500_000 + UInt64(step) * 40_000, [S.x(400 + Int32(step) * 10)])
    }
    stream.frame(at: start + 2_340_000, [S.trackingID(-1), S.touch(false)])
    stream.frame(at: start + 3_000_000, [S.trackingID(2), S.x(1500), S.y(300), S.touch(true)])
    stream.frame(at: start + 3_050_000, [S.trackingID(-1), S.touch(false)])

    // While `watch` runs (it is stopped only after 10 s), the picture is rewritten: watch
    // for the tap in it, and whether `watch` was still running when it appeared.
    let watcher = TraceFileWatcher(path: trace)
    watcher.start()
    let result = try GestureBridgeWatchTool.watchMocked(
      device: TestTouchscreen.description(), events: stream.events,
      extraArguments: ["--format", "json", "--trace", trace], until: "(never printed)",
      timeout: 10)
    watcher.stop()

    XCTAssertEqual(watcher.sawTapWhileRunning, true, "the picture was not rewritten while running")
    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.contains(#""recognizer":"pan""#), result.standardOutput)
    let svg = try String(contentsOfFile: trace, encoding: .utf8)
    XCTAssertTrue(svg.hasPrefix("<?xml"), svg)
    XCTAssertTrue(svg.hasSuffix("</svg>\n"))
    XCTAssertTrue(svg.contains("gesture-bridge watch /dev/input/event5"))
    XCTAssertTrue(svg.contains("time since watch started (ms)"))
    // Two touches, one after the other: both finger 1 (blue), the drag drawn as a path.
    XCTAssertTrue(svg.contains("2 touch(es)"), svg)
    XCTAssertTrue(svg.contains("stroke=\"#0072B2\" stroke-width=\"2.0\""), svg)
    XCTAssertFalse(svg.contains("#D55E00"))
    XCTAssertTrue(svg.contains("<title>pan: began at "), svg)
    XCTAssertTrue(svg.contains("<title>tap recognized at "), svg)
    // The drag makes the taps fail (their finger moves too far): failures are drawn too.
    XCTAssertTrue(svg.contains("<title>double-tap failed at "), svg)
    // Rewrites go through a temporary file renamed over the picture: none is left behind.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["live.svg"])
  }

  /// The events umockdev replays carry their times with six digits after the point; with
  /// fewer, 2.040000 s read as 2.4 s and the replay stalled (this test's flake).
  func testTheReplayedEventTimesKeepTheirLeadingZeros() {
    var stream = S()
    stream.frame(at: 2_040_000, [S.x(1)])
    stream.frame(at: 2_100_000, [S.x(2)])
    let times = GestureBridgeWatchTool.evemuText(stream.events).split(separator: "\n")
      .filter { $0.hasPrefix("E: ") }.map { $0.split(separator: " ")[1] }
    XCTAssertEqual(Set(times), ["2.040000", "2.100000"])
  }

  func testAnUnwritableTracePathExits1BeforeWatching() throws {
    let start = Self.monotonicMicroseconds()
    var stream = S()
    stream.frame(at: start, [])
    let result = try GestureBridgeWatchTool.watchMocked(
      device: TestTouchscreen.description(), events: stream.events,
      extraArguments: ["--trace", "/nonexistent-gesturebridge-dir/live.svg"], until: "never",
      timeout: 10)
    XCTAssertEqual(result.exitCode, 1)
    XCTAssertTrue(
      result.standardError.hasSuffix(
        "error: cannot write /nonexistent-gesturebridge-dir/live.svg: No such file or directory\n"
      ), result.standardError)
    XCTAssertEqual(result.standardOutput, "")
  }
}

/// Polls a trace file until it shows a recognized tap, then notes whether a process with the
/// file's path on its command line (the `watch` writing it) is still running.
private final class TraceFileWatcher: @unchecked Sendable {
  let path: String
  private let lock = NSLock()
  private var result: Bool?
  private var stopped = false

  init(path: String) { self.path = path }

  /// nil while the tap has not been seen.
  var sawTapWhileRunning: Bool? { lock.withLock { result } }

  func start() {
    Thread { [self] in
      while lock.withLock({ !stopped && result == nil }) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if text.contains("<title>tap recognized at ") {
          let running = writerIsRunning()
          lock.withLock { result = running }
        }
        usleep(100_000)
      }
    }.start()
  }

  func stop() { lock.withLock { stopped = true } }

  private func writerIsRunning() -> Bool {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { name in
      guard Int(name) != nil,
        let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { return false }
      let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return arguments.first?.hasSuffix("gesture-bridge") == true && arguments.contains(path)
    }
  }
}
