// SPDX-License-Identifier: MIT
import Foundation
import GestureReplay
import GestureScene
import XCTest

/// What the end-to-end tests hold a client's JSON lines against: the in-core replay
/// (`RecordingReplayer`, the engine of `gesture-bridge replay`) of the same recording on a
/// scene with the tests' geometry, compared line by line.
///
/// Geometry: the headless output is 960x540 (the recordings' 1920x1080 device range maps to
/// half-pixels, exact in wl_fixed) and kiosk-shell centres the clients' 400x300 window at
/// (280, 120), so the scene has one view "surface" there.
public enum InCoreComparison {
  /// How a client's times map onto the replay's.
  public enum TimeMapping {
    /// Client time (CLOCK_MONOTONIC seconds) minus the module's playback origin (µs) is the
    /// replay's time.
    case playbackOrigin(microseconds: Int64)
    /// Times are compared relative to each side's first line (a device written in real time
    /// has no playback origin).
    case relativeToFirst(got: [String: Any], want: [String: Any])
    /// Relative to each side's first line, within 1 ms: wlroots 0.15 hands compositors
    /// millisecond times only (`wlr_event_touch_*.time_msec`; libinput's microseconds are
    /// dropped), so the bridge behind a wlroots compositor sees each evdev time truncated.
    case relativeToFirstInMilliseconds(got: [String: Any], want: [String: Any])
  }

  /// wl_fixed_t's resolution.
  public static let fixed = 1.0 / 256

  /// The in-core replay's JSON lines of the recording at `path` on the tests' geometry with
  /// `sceneRecognizers` (JSON objects of the scene format), failed lines included.
  public static func replay(_ path: String, sceneRecognizers: String) throws -> [[String: Any]] {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 960, "height": 540},
         "views": [{"name": "surface", "frame": [280, 120, 400, 300], "children": [],
           "recognizers": [\(sceneRecognizers)]}]}
        """, file: "e2e-scene.json")
    var lines: [String] = []
    try RecordingReplayer(scene: scene).replay(
      path: path, report: { lines.append($0.jsonLine) }, warning: { _ in })
    return lines.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  /// The playback origin the module logs when it starts a recording (`origin N us
  /// CLOCK_MONOTONIC`).
  public static func playbackOrigin(in log: String) throws -> Int64 {
    guard let range = log.range(of: #"origin \d+ us CLOCK_MONOTONIC"#, options: .regularExpression),
      let value = Int64(log[range].split(separator: " ")[1])
    else { throw E2EFailure("no playback origin in weston's log:\n\(log)") }
    return value
  }

  /// Checks line `index` of a client against the replay's: same recognizer, type, view,
  /// state, touch and tap counts and keys; the time to the microsecond (mapped by `time`);
  /// values within wl_fixed's 1/256 plus the printed rounding (a pan's velocity within
  /// `panVelocityTolerance`; every velocity within `velocityTolerance` when given).
  public static func compare(
    _ got: [String: Any], _ want: [String: Any], time: TimeMapping, index: Int,
    panVelocityTolerance: Double = fixed + 0.1, velocityTolerance: Double? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let context = "line \(index): got \(got), want \(want)"
    for key in ["recognizer", "type", "view", "state"] {
      XCTAssertEqual(got[key] as? String, want[key] as? String, context, file: file, line: line)
    }
    XCTAssertEqual(got["touches"] as? Int, want["touches"] as? Int, context, file: file, line: line)
    XCTAssertEqual(got["taps"] as? Int, want["taps"] as? Int, context, file: file, line: line)
    switch time {
    case .playbackOrigin(let origin):
      XCTAssertEqual(
        microseconds(got["time"]) - origin, microseconds(want["time"]), "time: \(context)",
        file: file, line: line)
    case .relativeToFirst(let firstGot, let firstWant):
      XCTAssertEqual(
        microseconds(got["time"]) - microseconds(firstGot["time"]),
        microseconds(want["time"]) - microseconds(firstWant["time"]), "time: \(context)",
        file: file, line: line)
    case .relativeToFirstInMilliseconds(let firstGot, let firstWant):
      let gotTime = microseconds(got["time"]) - microseconds(firstGot["time"])
      let wantTime = microseconds(want["time"]) - microseconds(firstWant["time"])
      XCTAssertLessThanOrEqual(
        abs(gotTime - wantTime), 1_000, "time within 1 ms: \(context)", file: file, line: line)
    }
    XCTAssertEqual(Set(got.keys), Set(want.keys), context, file: file, line: line)
    // A pan's and a transform's velocities are pixels per second: panVelocityTolerance.
    let pixelVelocity = ["pan", "transform"].contains(want["type"] as? String ?? "")
    let tolerances: [String: Double] = [
      "location": fixed + 0.01, "translation": fixed + 0.01, "scale": fixed + 0.0001,
      "rotation": fixed + 0.0001, "scaleVelocity": fixed + 0.0001,
      "rotationVelocity": fixed + 0.0001,
      "velocity": velocityTolerance ?? (pixelVelocity ? panVelocityTolerance : fixed + 0.0001),
    ]
    for (key, tolerance) in tolerances where want[key] != nil || got[key] != nil {
      let gotNumbers = numbers(got[key])
      let wantNumbers = numbers(want[key])
      XCTAssertEqual(
        gotNumbers.count, wantNumbers.count, "\(key): \(context)", file: file, line: line)
      for (a, b) in zip(gotNumbers, wantNumbers) {
        XCTAssertEqual(a, b, accuracy: tolerance, "\(key): \(context)", file: file, line: line)
      }
    }
  }

  /// A JSON number or array of numbers as doubles (empty for anything else).
  public static func numbers(_ value: Any?) -> [Double] {
    if let array = value as? [Any] { return array.compactMap { ($0 as? NSNumber)?.doubleValue } }
    if let number = value as? NSNumber { return [number.doubleValue] }
    return []
  }

  /// Seconds (a JSON number) in whole microseconds; -1 s when missing, so a missing time fails.
  private static func microseconds(_ value: Any?) -> Int64 {
    Int64((((value as? NSNumber)?.doubleValue ?? -1) * 1_000_000).rounded())
  }
}
