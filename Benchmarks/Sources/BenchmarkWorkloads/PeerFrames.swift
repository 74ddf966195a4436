// SPDX-License-Identifier: MIT
import GestureCore
import GestureReplay
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The touch frames the peer comparison feeds both GestureBridge's engine and wf-touch
/// (`Benchmarks/wf-touch-harness`): recordings decoded as the in-core replay decodes them
/// (`RecordingTouchEvents`, one `TouchFrameAssembler` for all, so touch ids are never
/// reused), one after the other, each starting one second after the previous one's last
/// event, on a 1920x1080 screen.
///
/// The file format, text, one frame per line (parsed once by each side before timing):
/// `TIME_US COUNT` followed by COUNT samples `ID PHASE X Y`, PHASE one of `b` (began), `m`
/// (moved), `e` (ended), `c` (cancelled), X and Y in screen pixels, written so they read back
/// exactly. Lines starting with `#` are comments.
public struct PeerFrames {
  public var frames: [TouchFrame] = []
  /// Recordings the frames came from.
  public var recordings = 0

  public init() {}

  /// Time from the first frame to one second after the last one: the offset each further
  /// pass over the frames adds to their times, so time keeps increasing.
  public var passMicroseconds: Int64 {
    guard let first = frames.first, let last = frames.last else { return 1_000_000 }
    return last.timestampMicroseconds - first.timestampMicroseconds + 1_000_000
  }

  /// Touch samples in all frames.
  public var sampleCount: Int { frames.reduce(0) { $0 + $1.samples.count } }

  /// Decodes the recordings at `paths`, in order. Warnings (refused devices, decoder
  /// diagnostics) go to `warning`.
  public static func decode(paths: [String], warning: (String) -> Void) throws -> PeerFrames {
    var result = PeerFrames()
    var assembler = TouchFrameAssembler()
    var offset: Int64 = 0
    for path in paths {
      let decoded = try RecordingTouchEvents(path: path, screen: .fullHD, warning: warning)
      let origin = Int64(clamping: decoded.firstEventMicroseconds)
      var last = offset
      let emit: (TouchFrame) -> Void = { result.frames.append($0) }
      for var event in decoded.events {
        let time = Int64(clamping: event.timeMicroseconds) - origin + offset
        event.timeMicroseconds = UInt64(max(0, time))
        last = max(last, time)
        assembler.consume(event, emit: emit)
      }
      assembler.flush(emit: emit)
      offset = last + 1_000_000
      result.recordings += 1
    }
    return result
  }

  /// The frames in the file format above.
  public var text: String {
    var out = "# GestureBridge peer frames: TIME_US COUNT then ID PHASE(b/m/e/c) X Y per sample\n"
    for frame in frames {
      out += "\(frame.timestampMicroseconds) \(frame.samples.count)"
      for sample in frame.samples {
        out += " \(sample.id.rawValue) \(Self.letter(sample.phase))"
        out += " \(sample.location.x) \(sample.location.y)"
      }
      out += "\n"
    }
    return out
  }

  /// Reads a file written from `text`; throws naming the line that is not a frame.
  public static func read(path: String) throws -> PeerFrames {
    guard let file = fopen(path, "r") else { throw PeerFramesError("\(path): cannot open") }
    defer { fclose(file) }
    var result = PeerFrames()
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    var number = 0
    while getline(&line, &capacity, file) >= 0, let line {
      number += 1
      let text = String(cString: line)
      if text.hasPrefix("#") { continue }
      let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard fields.count >= 2, let time = Int64(fields[0]), let count = Int(fields[1]),
        count >= 0, fields.count == 2 + 4 * count
      else { throw PeerFramesError("\(path):\(number): not a frame line") }
      var frame = TouchFrame(timestampMicroseconds: time)
      for index in 0..<count {
        let base = 2 + 4 * index
        guard let id = UInt64(fields[base]), let phase = phase(fields[base + 1]),
          let x = Double(fields[base + 2]), let y = Double(fields[base + 3])
        else {
          throw PeerFramesError("\(path):\(number): sample \(index + 1) is not ID PHASE X Y")
        }
        frame.samples.append(
          TouchSample(id: TouchID(id), phase: phase, location: Point(x: x, y: y)))
      }
      result.frames.append(frame)
    }
    guard !result.frames.isEmpty else { throw PeerFramesError("\(path): no frames") }
    return result
  }

  private static func letter(_ phase: TouchPhase) -> String {
    switch phase {
    case .began: "b"
    case .moved: "m"
    case .ended: "e"
    case .cancelled: "c"
    case .stationary: "s"
    }
  }

  private static func phase(_ letter: Substring) -> TouchPhase? {
    switch letter {
    case "b": .began
    case "m": .moved
    case "e": .ended
    case "c": .cancelled
    case "s": .stationary
    default: nil
    }
  }
}

/// A peer frames file that cannot be read.
public struct PeerFramesError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
