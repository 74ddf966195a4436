// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A touch script for the weston module's scripted seat (`GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT`,
/// lines `<ms> down|motion|up <id> [<x> <y>]`): `strokes` pan strokes of `fingers` fingers
/// moving together at `rateHz`, each stroke `strokeSeconds` long and followed by a 100 ms
/// pause. The fingers sit on a circle (radius 150 px) around the middle of a `width` x
/// `height` output and all move by the same offset (an ellipse of 200 x 100 px, one turn per
/// stroke), so a pan with any number of touches begins after a few frames and then changes
/// every frame. Times are whole milliseconds (the script's resolution): frame `i` of a stroke
/// is at `round(i * 1000 / rateHz)` ms after its start.
public struct WestonTouchScript {
  public let fingers: Int
  public let rateHz: Int
  public let strokes: Int
  public let strokeSeconds: Double
  public let width: Double
  public let height: Double

  public init(
    fingers: Int, rateHz: Int = 240, strokes: Int, strokeSeconds: Double = 1,
    width: Double = 1024, height: Double = 640
  ) {
    precondition((1...10).contains(fingers), "1...10 fingers")
    precondition(rateHz > 0 && strokes > 0 && strokeSeconds > 0)
    self.fingers = fingers
    self.rateHz = rateHz
    self.strokes = strokes
    self.strokeSeconds = strokeSeconds
    self.width = width
    self.height = height
  }

  /// Motion frames per stroke (after the down frame).
  public var framesPerStroke: Int { Int((strokeSeconds * Double(rateHz)).rounded()) }

  /// Script lines, one event each.
  public var text: String {
    var lines: [String] = []
    var strokeStart = 0
    let pause = 100
    for _ in 0..<strokes {
      for frame in 0...framesPerStroke {
        let milliseconds = strokeStart + Int((Double(frame) * 1000 / Double(rateHz)).rounded())
        let turn = 2 * Double.pi * Double(frame) / Double(framesPerStroke)
        let dx = 200 * sin(turn)
        let dy = 100 * (1 - cos(turn))
        for finger in 0..<fingers {
          let (x, y) = base(finger)
          let kind = frame == 0 ? "down" : "motion"
          lines.append(
            "\(milliseconds) \(kind) \(finger) \(format(x + dx)) \(format(y + dy))")
        }
        if frame == framesPerStroke {
          for finger in 0..<fingers { lines.append("\(milliseconds + 1) up \(finger)") }
          strokeStart = milliseconds + 1 + pause
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Milliseconds from the script's first event to its last.
  public var durationMilliseconds: Int {
    strokes * (Int((strokeSeconds * 1000).rounded()) + 101) - 100
  }

  private func base(_ finger: Int) -> (Double, Double) {
    let centre = (width / 2 - 100, height / 2 - 100)
    guard fingers > 1 else { return centre }
    let angle = 2 * Double.pi * Double(finger) / Double(fingers)
    return (centre.0 + 150 * cos(angle), centre.1 + 150 * sin(angle))
  }

  private func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }
}
