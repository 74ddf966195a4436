// SPDX-License-Identifier: MIT
import TouchInput

/// Reads a `libinput record` YAML file (format version 1).
///
/// Opening parses the header (version, system, each device's `evdev:`, `udev:` and `quirks:`
/// sections) with Yams; the events are then streamed from the file by a byte-level parser,
/// one open file per device, so memory stays bounded however long the recording is. Events of
/// all devices come as one stream ordered by time: whole evdev frames (up to a SYN_REPORT) are
/// taken from the device whose next event is earliest, the lower device index first on equal
/// times.
///
/// ```swift
/// let reader = try RecordingReader(path: "tap.yml")
/// while let (device, event) = try reader.next() { ... }
/// ```
///
/// Every problem is thrown as a `RecordingError` naming the file and line. After an error the
/// reader's position is unspecified.
public final class RecordingReader {
  public let path: String
  public let header: RecordingHeader
  private let parsers: [EvdevEventListParser?]
  /// The parser of a recording with one device (no merging needed).
  private let onlyParser: EvdevEventListParser?
  /// The next event of each device, read ahead for merging (multi-device files only).
  private var pending: [EvdevEvent?]
  private var primed = false
  /// The device whose frame is being delivered.
  private var current: Int?

  /// The recorded devices; a device's index here is the `device` of its events.
  public var devices: [EvdevDeviceDescription] { header.devices }

  /// Bytes of the recording's event lists, in all and read so far: the measure of a replay's
  /// progress (the header, read when the reader opens, is not counted).
  public var eventBytes: UInt64 { parsers.reduce(0) { $0 + ($1?.byteLength ?? 0) } }
  public var eventBytesRead: UInt64 { parsers.reduce(0) { $0 + ($1?.bytesConsumed ?? 0) } }

  /// Opens and checks the header of the recording at `path`.
  public init(path: String) throws {
    self.path = path
    let layout = try RecordingLayout.scan(path: path)
    let (header, eventLists) = try RecordingHeaderParser(path: path, layout: layout).parse()
    self.header = header
    parsers = try eventLists.map { index in
      try index.map { try EvdevEventListParser(path: path, list: layout.eventLists[$0]) }
    }
    pending = Array(repeating: nil, count: eventLists.count)
    onlyParser = parsers.count == 1 ? parsers[0] : nil
  }

  /// The next event of any device, or nil when all event lists are done.
  public func next() throws -> (device: Int, event: EvdevEvent)? {
    if parsers.count == 1 {
      guard let event = try onlyParser?.next() else { return nil }
      return (0, event)
    }
    if !primed {
      for index in parsers.indices { pending[index] = try parsers[index]?.next() }
      primed = true
    }
    let device: Int
    if let current, pending[current] != nil {
      device = current
    } else {
      var best: Int?
      for index in pending.indices {
        guard let candidate = pending[index] else { continue }
        if let chosen = best, let chosenEvent = pending[chosen],
          chosenEvent.timeMicroseconds <= candidate.timeMicroseconds
        {
          continue
        }
        best = index
      }
      guard let best else { return nil }
      device = best
    }
    guard let event = pending[device] else { return nil }
    pending[device] = try parsers[device]?.next()
    let endsFrame = event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_REPORT
    current = endsFrame ? nil : device
    return (device, event)
  }

  /// Calls `body` with every remaining event in stream order.
  public func forEachEvent(_ body: (_ device: Int, _ event: EvdevEvent) throws -> Void) throws {
    while let (device, event) = try next() { try body(device, event) }
  }

  /// Reads the whole recording at `path` into memory: meant for small files and tests.
  public static func readAll(path: String) throws -> (
    header: RecordingHeader, events: [(device: Int, event: EvdevEvent)]
  ) {
    let reader = try RecordingReader(path: path)
    var events: [(device: Int, event: EvdevEvent)] = []
    try reader.forEachEvent { events.append(($0, $1)) }
    return (reader.header, events)
  }
}
