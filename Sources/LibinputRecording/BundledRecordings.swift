// SPDX-License-Identifier: MIT
import TouchInput

/// The example recordings bundled with GestureBridge in `Examples/recordings`: what each one
/// holds and how it is made. All are on `EvdevDeviceDescription.syntheticTouchscreen`
/// (1920x1080, protocol B) unless stated, sampled at 120 Hz, with gestures starting at 500 ms
/// in the middle of the screen (960, 540) unless stated.
public enum BundledRecordings {
  /// One bundled recording.
  public struct Recording: Sendable {
    /// File name, e.g. `tap.yml`.
    public var fileName: String
    /// One line saying what the recording holds.
    public var summary: String
    public var script: TouchScript
    /// The touchscreen it is recorded on.
    public var device: EvdevDeviceDescription = .syntheticTouchscreen

    public init(
      fileName: String, summary: String, script: TouchScript,
      device: EvdevDeviceDescription = .syntheticTouchscreen
    ) {
      self.fileName = fileName
      self.summary = summary
      self.script = script
      self.device = device
    }
  }

  /// Sampling rate of the bundled recordings.
  public static let rateHz = 120
  /// When every bundled gesture starts, in microseconds.
  public static let startMicroseconds: UInt64 = 500_000
  private static let center: TouchScript.Point = (960, 540)
  /// The fingertips of an adult right hand laid flat about the centre, thumb first (8 px/mm:
  /// index to little finger 57 mm, thumb to index 52 mm).
  private static let rightHand: [TouchScript.Point] = [
    (560, 760), (800, 420), (960, 360), (1120, 400), (1260, 500),
  ]

  /// Every bundled recording, in the order of the README.
  public static let all: [Recording] = {
    let start = startMicroseconds
    let (cx, cy) = center
    return [
      Recording(
        fileName: "tap.yml", summary: "one finger taps the centre for 80 ms",
        script: .tap(at: center, start: start)),
      Recording(
        fileName: "double-tap.yml",
        summary: "two 80 ms taps at the centre, touching down 150 ms apart",
        script: .tap(at: center, start: start) + .tap(at: center, start: start + 150_000)),
      Recording(
        fileName: "long-press.yml", summary: "one finger held still at the centre for 1 s",
        script: .hold(at: center, start: start, duration: 1_000_000)),
      Recording(
        fileName: "pan.yml",
        summary:
          "one finger dragged 400 px right from (760, 540) over 2 s (200 px/s, slower than a"
          + " swipe), held 300 ms, lifted",
        script: TouchScript(
          FingerStroke(
            startMicroseconds: start,
            keyframes: [
              .init(offsetMicroseconds: 0, x: cx - 200, y: cy),
              .init(offsetMicroseconds: 2_000_000, x: cx + 200, y: cy),
              .init(offsetMicroseconds: 2_300_000, x: cx + 200, y: cy),
            ], ending: .lift))),
      Recording(
        fileName: "swipe-left.yml",
        summary: "one finger moves 300 px left from (1110, 540) in 120 ms and lifts",
        script: .drag(from: (cx + 150, cy), to: (cx - 150, cy), start: start, duration: 120_000)),
      Recording(
        fileName: "swipe-right.yml",
        summary: "one finger moves 300 px right from (810, 540) in 120 ms and lifts",
        script: .drag(from: (cx - 150, cy), to: (cx + 150, cy), start: start, duration: 120_000)),
      Recording(
        fileName: "pinch.yml",
        summary:
          "two fingers spread horizontally from 200 to 500 px apart over 600 ms, rest 50 ms, lift",
        script: TouchScript.pinch(
          center: center, fromSpan: 200, toSpan: 500, start: start, duration: 600_000
        ).thenHolding(for: 50_000)),
      Recording(
        fileName: "rotation.yml",
        summary:
          "two fingers 150 px from the centre turn 90 degrees clockwise over 600 ms, rest 50 ms, "
          + "lift",
        script: TouchScript.rotate(
          center: center, radius: 150, fromDegrees: 0, toDegrees: 90, start: start,
          duration: 600_000
        ).thenHolding(for: 50_000)),
      Recording(
        fileName: "edge-pan.yml",
        summary: "one finger starts at the left edge (5, 540) and moves 400 px right in 400 ms",
        script: .drag(from: (5, cy), to: (405, cy), start: start, duration: 400_000)),
      Recording(
        fileName: "two-finger-tap.yml",
        summary: "two fingers 100 px apart tap together for 80 ms",
        script: .tap(at: (cx - 50, cy), start: start) + .tap(at: (cx + 50, cy), start: start)),
      Recording(
        fileName: "palm.yml",
        summary:
          "one touch moves 40 px over 200 ms and then becomes a palm (cancelled, not lifted)",
        script: .drag(
          from: center, to: (cx + 40, cy), start: start, duration: 200_000, ending: .cancel)),
      Recording(
        fileName: "pinch-late-finger.yml",
        summary:
          "pinch.yml with a third finger landing below the centre 300 ms in (after the pinch "
          + "began) and resting until the others lift",
        script: TouchScript.pinch(
          center: center, fromSpan: 200, toSpan: 500, start: start, duration: 600_000
        ).thenHolding(for: 50_000)
          + .hold(at: (cx, cy + 160), start: start + 300_000, duration: 360_000)),
      Recording(
        fileName: "hand-rest.yml",
        summary:
          "four fingertips of a hand land 40 ms apart, rest, then drift as a resting hand does "
          + "(spread 3% wider, turned 7 degrees over 600 ms) and lift",
        script: .hand(
          fingertips: Self.rightHand.dropFirst().map { ($0.x, $0.y) }, start: start,
          landingStep: 40_000, restDuration: 400_000, moveDuration: 600_000, spreadFactor: 1.03,
          turnDegrees: 7)),
      Recording(
        fileName: "hand-drag.yml",
        summary:
          "a whole hand (five fingers) lands within 120 ms and slides 400 px right in 500 ms, "
          + "spreading 4% and turning 2 degrees, then lifts",
        script: .hand(
          fingertips: Self.rightHand, start: start, landingStep: 30_000, restDuration: 250_000,
          moveDuration: 500_000, travel: (400, 0), spreadFactor: 1.04, turnDegrees: 2)),
      Recording(
        fileName: "two-hands.yml",
        summary:
          "two hands (ten fingers, the right one first) land within 135 ms, rest, then relax "
          + "(spread 12% wider, turned -7 degrees over 700 ms) and lift",
        script: .hand(
          fingertips: Self.rightHand.map { ($0.x + 340, $0.y) }
            + Self.rightHand.map { (2 * cx - 340 - $0.x, $0.y) },
          start: start, landingStep: 15_000, restDuration: 300_000, moveDuration: 700_000,
          spreadFactor: 1.12, turnDegrees: -7)),
      Recording(
        fileName: "protocol-a-three-finger-swipe.yml",
        summary:
          "on a protocol-A touchscreen: three fingers 120 px apart land 20 ms apart, then "
          + "move together 300 px left in 150 ms and lift 10 ms apart",
        script: TouchScript(
          strokes: (0..<3).map { finger in
            let x = cx + 270 + Double(finger - 1) * 120
            let landing = UInt64(finger) * 20_000
            return FingerStroke(
              startMicroseconds: start + landing,
              keyframes: [
                .init(offsetMicroseconds: 0, x: x, y: cy),
                .init(offsetMicroseconds: 60_000 - landing, x: x, y: cy),
                .init(offsetMicroseconds: 210_000 - landing, x: x - 300, y: cy),
                .init(
                  offsetMicroseconds: 210_000 - landing + UInt64(finger + 1) * 10_000,
                  x: x - 300, y: cy),
              ], ending: .lift)
          }),
        device: .syntheticProtocolATouchscreen),
    ]
  }()

  /// Writes `recording` to `path`: the encoded events of its script behind an empty
  /// SYN_REPORT frame at time 0.
  public static func write(_ recording: Recording, to path: String) throws {
    let writer = try RecordingWriter(path: path, device: recording.device)
    try MultitouchEncoder.encode(recording.script, rateHz: rateHz, device: recording.device) {
      try writer.write($0)
    }
    try writer.close()
  }

  /// Writes every bundled recording into `directory` (which must exist) and returns the paths.
  @discardableResult
  public static func writeAll(toDirectory directory: String) throws -> [String] {
    try all.map { recording in
      let path =
        directory.hasSuffix("/")
        ? directory + recording.fileName : directory + "/" + recording.fileName
      try write(recording, to: path)
      return path
    }
  }
}
