import GestureCore
import GestureInput
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// A `libinput record` file's touches as timed frames for the virtual seat, made by the same
/// path `gesture-bridge replay` uses: `RecordingReader` -> a `TouchscreenSeat` with a
/// `TouchscreenDecoder` per touchscreen device (mapping the device's absolute range onto the
/// output's size, like libinput's `..._get_x_transformed`) -> `TouchFrameAssembler`. Touches
/// still down at the end are cancelled (the decoders' `finish`), as in the replay.
///
/// Each frame's touches get weston touch ids: the lowest id not down at the time. A cancelled
/// touch cancels the whole device (weston has no per-touch cancel): the frame carries
/// `cancelledIDs`, and every touch down then is forgotten (its later samples are dropped).
struct RecordedTouchFrames {
  struct Contact: Equatable {
    enum Kind: Equatable {
      case down
      case motion
      case up
    }

    var kind: Kind
    var id: Int32
    /// Weston global coordinates (output origin added); unused for up.
    var x: Double
    var y: Double
  }

  struct Frame: Equatable {
    /// Microseconds since the recording's first event (the replay's time origin).
    var offsetMicroseconds: UInt64
    var contacts: [Contact]
    /// Non-empty when a touch was cancelled: the weston ids down at that moment.
    var cancelledIDs: [Int32] = []
  }

  /// A recording read and checked: its events in stream order and its touchscreens.
  struct Loaded {
    var path: String
    var devices: [EvdevDeviceDescription]
    var events: [(device: Int, event: EvdevEvent)]
    /// Indices of the devices decoded as touchscreens.
    var touchscreens: [Int]
    /// `ignoring device N "NAME": REASON` for the others.
    var refusals: [String]
  }

  /// Reads the whole file; throws a one-line message naming the file when it cannot be read
  /// or holds no touchscreen.
  static func load(path: String) throws(RecordingLoadError) -> Loaded {
    let header: RecordingHeader
    let events: [(device: Int, event: EvdevEvent)]
    do {
      (header, events) = try RecordingReader.readAll(path: path)
    } catch let error as RecordingError {
      throw RecordingLoadError(error.description)
    } catch {
      throw RecordingLoadError("\(path): \(error)")
    }
    var touchscreens: [Int] = []
    var refusals: [String] = []
    for (index, device) in header.devices.enumerated() {
      if let refusal = TouchscreenDecoder.refusal(for: device) {
        refusals.append("ignoring device \(index) \"\(refusal.deviceName)\": \(refusal.reason)")
      } else {
        touchscreens.append(index)
      }
    }
    if header.devices.isEmpty {
      throw RecordingLoadError("\(path): the recording has no devices")
    }
    if touchscreens.isEmpty {
      throw RecordingLoadError(
        "\(path): no touchscreen in the recording: " + refusals.joined(separator: "; "))
    }
    return Loaded(
      path: path, devices: header.devices, events: events, touchscreens: touchscreens,
      refusals: refusals)
  }

  /// Decodes `loaded` for an output of `screen` size whose top-left corner is at
  /// (`originX`, `originY`) in weston's global space. Decoder diagnostics and skipped input
  /// go to `warning`.
  static func decode(
    _ loaded: Loaded, screen: ScreenSize, originX: Double, originY: Double,
    warning: (String) -> Void
  ) -> [Frame] {
    var seat = TouchscreenSeat()
    for index in loaded.touchscreens {
      try? seat.addDevice(loaded.devices[index], screen: screen, deviceIndex: index)
    }
    let firstTime = loaded.events.first?.event.timeMicroseconds ?? 0
    var converter = FrameConverter(
      firstTime: Int64(clamping: firstTime), originX: originX, originY: originY)
    var assembler = TouchFrameAssembler()
    for (device, event) in loaded.events {
      seat.decode(event, deviceIndex: device) { touch in
        assembler.consume(touch) { converter.convert($0) }
      }
    }
    let endTime = loaded.events.last?.event.timeMicroseconds ?? 0
    seat.finish(at: endTime) { touch in assembler.consume(touch) { converter.convert($0) } }
    assembler.flush { converter.convert($0) }
    for diagnostic in seat.takeDiagnostics() { warning("\(loaded.path): \(diagnostic.message)") }
    if assembler.ignoredEventCount > 0 {
      warning(
        "\(loaded.path): \(assembler.ignoredEventCount) touch event(s) for touches not down "
          + "were ignored")
    }
    return converter.frames
  }
}

/// Turns assembled `TouchFrame`s into `RecordedTouchFrames.Frame`s with weston touch ids.
private struct FrameConverter {
  let firstTime: Int64
  let originX: Double
  let originY: Double
  var frames: [RecordedTouchFrames.Frame] = []
  /// Weston id of each touch down, by the assembler's touch id.
  private var ids: [TouchID: Int32] = [:]
  /// Touches forgotten by a device cancel: their later samples are dropped.
  private var dropped: Set<TouchID> = []

  init(firstTime: Int64, originX: Double, originY: Double) {
    self.firstTime = firstTime
    self.originX = originX
    self.originY = originY
  }

  mutating func convert(_ frame: TouchFrame) {
    var out = RecordedTouchFrames.Frame(
      offsetMicroseconds: UInt64(max(0, frame.timestampMicroseconds - firstTime)), contacts: [])
    for sample in frame.samples where !dropped.contains(sample.id) {
      let x = sample.location.x + originX
      let y = sample.location.y + originY
      switch sample.phase {
      case .began:
        let id = lowestFreeID()
        ids[sample.id] = id
        out.contacts.append(.init(kind: .down, id: id, x: x, y: y))
      case .moved:
        guard let id = ids[sample.id] else { continue }
        out.contacts.append(.init(kind: .motion, id: id, x: x, y: y))
      case .stationary:
        continue
      case .ended:
        guard let id = ids.removeValue(forKey: sample.id) else { continue }
        out.contacts.append(.init(kind: .up, id: id, x: x, y: y))
      case .cancelled:
        out.cancelledIDs = ids.values.sorted()
        dropped.formUnion(ids.keys)
        ids.removeAll()
      }
    }
    if !out.contacts.isEmpty || !out.cancelledIDs.isEmpty { frames.append(out) }
  }

  private func lowestFreeID() -> Int32 {
    var id: Int32 = 0
    while ids.values.contains(id) { id += 1 }
    return id
  }
}

/// Why a recording cannot be played: one line naming the file.
struct RecordingLoadError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
