// SPDX-License-Identifier: MIT
import TouchInput

/// A touch script for the test seat (weston.ini `touch-script=`): one event per line,
/// `<milliseconds> down|motion|up <id> [<x> <y>]`, times from the script's start, coordinates
/// in weston's global space; `#` starts a comment. Each event is followed by a frame.
/// `touchEvents` gives them as the libinput-shaped events every touch source makes (the id as
/// the seat slot).
///
/// Example: `0 down 0 512 320` then `60 up 0`.
struct SeatTouchScript: Equatable {
  enum Kind: String, Equatable {
    case down
    case motion
    case up
  }

  struct Event: Equatable {
    var milliseconds: Int
    var kind: Kind
    var id: Int32
    var x: Double
    var y: Double
  }

  var events: [Event] = []
  /// One-line descriptions of the lines that could not be read (they are skipped).
  var problems: [String] = []

  init(text: String, name: String) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      if fields.isEmpty { continue }
      let lineNumber = index + 1
      guard fields.count >= 3, let milliseconds = Int(fields[0]), milliseconds >= 0,
        let kind = Kind(rawValue: fields[1]), let id = Int32(fields[2])
      else {
        problems.append("\(name):\(lineNumber): expected '<ms> down|motion|up <id> [<x> <y>]'")
        continue
      }
      var x = 0.0
      var y = 0.0
      if kind != .up {
        guard fields.count >= 5, let parsedX = Double(fields[3]), let parsedY = Double(fields[4]),
          parsedX.isFinite, parsedY.isFinite
        else {
          problems.append("\(name):\(lineNumber): \(kind.rawValue) needs finite <x> <y>")
          continue
        }
        x = parsedX
        y = parsedY
      }
      events.append(Event(milliseconds: milliseconds, kind: kind, id: id, x: x, y: y))
    }
    events.sort { $0.milliseconds < $1.milliseconds }
  }

  /// The events, each followed by a frame, as `TouchInputEvent`s stamped in microseconds from
  /// the script's first event.
  var touchEvents: [TouchInputEvent] {
    let start = events.first?.milliseconds ?? 0
    var result: [TouchInputEvent] = []
    result.reserveCapacity(events.count * 2)
    for event in events {
      let time = UInt64(event.milliseconds - start) * 1000
      let kind: TouchInputEvent.Kind
      switch event.kind {
      case .down: kind = .down
      case .motion: kind = .motion
      case .up: kind = .up
      }
      result.append(
        TouchInputEvent(
          kind: kind, timeMicroseconds: time, slot: event.id, seatSlot: event.id, x: event.x,
          y: event.y))
      result.append(.frame(at: time))
    }
    return result
  }
}
