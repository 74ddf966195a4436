// SPDX-License-Identifier: MIT
import TouchInput

/// Follows a stream of `TouchInputEvent`s and lists every promise it breaks: each `.down`
/// gets exactly one `.up` or `.cancel` of the same device and seat slot, motion only comes
/// for a touch that is down, and after `finish()` no touch is down.
///
/// Problems are kept up to `problemLimit`; `downs` and `ends` count every touch.
public struct TouchStreamLedger {
  private struct Key: Hashable {
    var device: Int
    var seatSlot: Int32
  }

  /// Broken promises, one line each, in stream order.
  public private(set) var problems: [String] = []
  /// Touches that went down.
  public private(set) var downs = 0
  /// Touches that ended with `.up` or `.cancel`.
  public private(set) var ends = 0
  /// Problems kept before further ones are only counted.
  public var problemLimit = 20
  private var down: Set<Key> = []

  public init() {}

  /// Number of touches down now.
  public var touchesDown: Int { down.count }

  /// Checks one event.
  public mutating func record(_ event: TouchInputEvent) {
    let key = Key(device: event.device, seatSlot: event.seatSlot)
    switch event.kind {
    case .down:
      downs += 1
      if event.seatSlot < 0 {
        note("down with seat slot \(event.seatSlot) at \(event.timeMicroseconds)")
      }
      if !down.insert(key).inserted {
        note(
          "second down on device \(event.device) seat slot \(event.seatSlot) at \(event.timeMicroseconds)"
        )
      }
      if !event.x.isFinite || !event.y.isFinite {
        note("down at a non-finite position (\(event.x), \(event.y))")
      }
    case .motion:
      if !down.contains(key) {
        note("motion without down on device \(event.device) seat slot \(event.seatSlot)")
      }
      if !event.x.isFinite || !event.y.isFinite {
        note("motion to a non-finite position (\(event.x), \(event.y))")
      }
    case .up, .cancel:
      ends += 1
      if down.remove(key) == nil {
        note("\(event.kind) without down on device \(event.device) seat slot \(event.seatSlot)")
      }
    case .frame:
      break
    }
  }

  /// Checks the end of the stream: every touch must have ended.
  public mutating func finish() {
    if !down.isEmpty {
      let slots = down.map { "device \($0.device) seat slot \($0.seatSlot)" }.sorted()
      note("\(down.count) touch(es) still down at the end: \(slots.joined(separator: ", "))")
    }
  }

  private mutating func note(_ problem: String) {
    if problems.count < problemLimit { problems.append(problem) }
  }
}
