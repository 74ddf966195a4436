// SPDX-License-Identifier: MIT
/// One finger's contact in a `TouchScript`: when it goes down, where it is over time, and how
/// the contact ends.
///
/// The finger touches down at `startMicroseconds` at the first keyframe's position. Between
/// keyframes its position is interpolated linearly; after the last keyframe it stays still.
public struct FingerStroke: Sendable, Hashable {
  /// How a stroke ends.
  public enum Ending: Sendable, Hashable {
    /// The finger lifts at the last keyframe.
    case lift
    /// The touch is cancelled (for example recognised as a palm) at the last keyframe.
    case cancel
    /// The finger is still down when the script ends.
    case stayDown
  }

  /// A position of the finger at a time relative to the stroke's start.
  public struct Keyframe: Sendable, Hashable {
    /// Time since the stroke's start, in microseconds.
    public var offsetMicroseconds: UInt64
    /// Position in screen pixels.
    public var x: Double
    public var y: Double

    public init(offsetMicroseconds: UInt64, x: Double, y: Double) {
      self.offsetMicroseconds = offsetMicroseconds
      self.x = x
      self.y = y
    }
  }

  /// The time the finger goes down, in microseconds.
  public var startMicroseconds: UInt64
  /// Keyframes with strictly increasing offsets; the first one is at offset 0.
  public private(set) var keyframes: [Keyframe]
  public var ending: Ending

  /// Creates a stroke. `keyframes` must be non-empty, start at offset 0 and have strictly
  /// increasing offsets; a stroke that lifts or is cancelled must last longer than 0 µs
  /// (the down and the end cannot share one instant). Violations are programming errors and
  /// stop the program.
  public init(startMicroseconds: UInt64, keyframes: [Keyframe], ending: Ending) {
    precondition(!keyframes.isEmpty, "a finger stroke needs at least one keyframe")
    precondition(keyframes[0].offsetMicroseconds == 0, "the first keyframe must be at offset 0")
    for index in keyframes.indices.dropFirst() {
      precondition(
        keyframes[index].offsetMicroseconds > keyframes[index - 1].offsetMicroseconds,
        "keyframe offsets must increase strictly")
    }
    precondition(
      ending == .stayDown || keyframes[keyframes.count - 1].offsetMicroseconds > 0,
      "a stroke that lifts or is cancelled must last longer than 0 µs")
    self.startMicroseconds = startMicroseconds
    self.keyframes = keyframes
    self.ending = ending
  }

  /// The time of the last keyframe, in microseconds: when the finger lifts or is cancelled,
  /// or stops moving for `.stayDown`.
  public var endMicroseconds: UInt64 {
    startMicroseconds + keyframes[keyframes.count - 1].offsetMicroseconds
  }

  /// The stroke's duration (offset of its last keyframe), in microseconds.
  public var durationMicroseconds: UInt64 {
    keyframes[keyframes.count - 1].offsetMicroseconds
  }

  /// Whether the finger is on the surface at `timeMicroseconds` (down at the start, up at the
  /// end for `.lift` and `.cancel`, never up for `.stayDown`).
  public func isDown(atMicroseconds timeMicroseconds: UInt64) -> Bool {
    guard timeMicroseconds >= startMicroseconds else { return false }
    return ending == .stayDown || timeMicroseconds < endMicroseconds
  }

  /// The finger's position at `timeMicroseconds`, interpolated linearly between keyframes;
  /// the first keyframe's position before the start and the last one's after the end.
  public func position(atMicroseconds timeMicroseconds: UInt64) -> (x: Double, y: Double) {
    let offset = timeMicroseconds > startMicroseconds ? timeMicroseconds - startMicroseconds : 0
    var cursor = 0
    return position(atOffset: offset, cursor: &cursor)
  }

  /// Interpolated position at `offset`; `cursor` is the index of the keyframe segment to start
  /// searching from and is advanced, so monotonic callers pay O(1) per call.
  func position(atOffset offset: UInt64, cursor: inout Int) -> (x: Double, y: Double) {
    let last = keyframes.count - 1
    while cursor < last && keyframes[cursor + 1].offsetMicroseconds <= offset {
      cursor += 1
    }
    let a = keyframes[cursor]
    guard cursor < last, offset > a.offsetMicroseconds else { return (a.x, a.y) }
    let b = keyframes[cursor + 1]
    let fraction =
      Double(offset - a.offsetMicroseconds) / Double(b.offsetMicroseconds - a.offsetMicroseconds)
    return (a.x + (b.x - a.x) * fraction, a.y + (b.y - a.y) * fraction)
  }

  /// The same stroke with the finger resting at its last position for `microseconds` more
  /// before it ends.
  public func holding(for microseconds: UInt64) -> FingerStroke {
    guard microseconds > 0, let last = keyframes.last else { return self }
    var frames = keyframes
    frames.append(
      Keyframe(
        offsetMicroseconds: last.offsetMicroseconds + microseconds, x: last.x, y: last.y))
    return FingerStroke(startMicroseconds: startMicroseconds, keyframes: frames, ending: ending)
  }

  /// The same stroke starting `microseconds` later (earlier when negative). Shifting before
  /// time 0 is a programming error.
  public func shifted(by microseconds: Int64) -> FingerStroke {
    var copy = self
    if microseconds >= 0 {
      copy.startMicroseconds = startMicroseconds + UInt64(microseconds)
    } else {
      precondition(
        microseconds.magnitude <= startMicroseconds, "cannot shift a stroke before time 0")
      copy.startMicroseconds = startMicroseconds - microseconds.magnitude
    }
    return copy
  }
}
