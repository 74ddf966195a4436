// SPDX-License-Identifier: MIT
import LibinputInput
import LibinputRecording
import Logging
import TouchInput

/// Replays a `MockedReplayScript` through real libinput: each device becomes a umockdev-mocked
/// evdev node, libinput reads it through its udev seat backend (`seat0`, hot-plug included),
/// and everything libinput reports reaches `handler` as `LibinputSourceEvent`s.
///
/// Runs far faster than real time: events are written with their own timestamps as fast as
/// libinput reads them, with per-device flow control (`FrameFlowControl`: at most 50 frames /
/// 3 KiB unread, libinput's `TOUCH_FRAME`s count as acknowledgements) so the 4 KiB pty never
/// overflows and no event is lost. Needs `UmockdevPreload.isActive`.
public final class MockedReplay {
  public let script: MockedReplayScript
  public let screenSize: ScreenSize
  public let logger: Logger
  /// How long libinput may stay silent with unread frames before the device counts as drained
  /// (frames that produce no `TOUCH_FRAME`, e.g. for a palm).
  public var quietInterval: Duration = .milliseconds(10)
  /// How long libinput may make no progress before the replay fails.
  public var stallLimit: Duration = .seconds(5)
  /// The flow control each mocked device starts with. Its default keeps the pty from
  /// overflowing; larger limits are for tests of what happens when it does.
  public var flowControl = FrameFlowControl()

  public init(script: MockedReplayScript, screenSize: ScreenSize = .fullHD, logger: Logger) {
    self.script = script
    self.screenSize = screenSize
    self.logger = logger
  }

  /// Runs the whole script; returns the replay statistics.
  public func run(handler: (LibinputSourceEvent) -> Void) throws -> MockedReplayStatistics {
    try withoutActuallyEscaping(handler) { try run(escapingHandler: $0) }
  }

  private func run(escapingHandler handler: @escaping (LibinputSourceEvent) -> Void) throws
    -> MockedReplayStatistics
  {
    try script.validate()
    let testbed = try MockedTestbed()
    let source = try LibinputTouchSource(
      backend: .defaultSeatBackend, screenSize: screenSize, logger: logger)
    var session = Session(source: source, handler: handler, logger: logger)
    _ = try session.pump(timeout: .zero)
    var mocked: [Int: MockedTouchscreen] = [:]
    let clock = ContinuousClock()
    let start = clock.now
    var statistics = MockedReplayStatistics()
    for step in script.steps {
      switch step {
      case .add(let index):
        let device = try testbed.addDevice(script.devices[index])
        device.flowControl = flowControl
        mocked[index] = device
        session.devices[device.node] = device
        try session.waitUntil(stallLimit, node: device.node, what: "the device") {
          $0.addedNodes.contains(device.node)
        }
      case .events(let index, let events):
        guard let device = mocked[index] else { continue }
        try session.write(events, to: device, quiet: quietInterval, stallLimit: stallLimit)
        // libinput reads each device on its own; let it read this step completely so the
        // steps of different devices reach it in script order.
        try session.drain(device, quiet: quietInterval, stallLimit: stallLimit)
        statistics.evdevEvents += events.count
      case .remove(let index):
        guard let device = mocked[index] else { continue }
        try session.drain(device, quiet: quietInterval, stallLimit: stallLimit)
        testbed.remove(device)
        try session.waitUntil(stallLimit, node: device.node, what: "the device's removal") {
          $0.removedNodes.contains(device.node)
        }
      }
    }
    for device in mocked.values where !device.isRemoved {
      try session.drain(device, quiet: quietInterval, stallLimit: stallLimit)
    }
    _ = try session.pump(timeout: quietInterval)
    statistics.seconds =
      Double((clock.now - start).components.attoseconds) / 1e18
      + Double((clock.now - start).components.seconds)
    statistics.touchEvents = session.touchEvents
    statistics.waits = session.pumps
    statistics.quietWaits = session.quietWaits
    statistics.fullWaits = session.fullWaits
    return statistics
  }

  /// The event loop state of one replay.
  private struct Session {
    let source: LibinputTouchSource
    let handler: (LibinputSourceEvent) -> Void
    let logger: Logger
    var devices: [String: MockedTouchscreen] = [:]
    var nodesByID: [Int: String] = [:]
    var addedNodes: Set<String> = []
    var removedNodes: Set<String> = []
    var touchEvents = 0
    /// How often the replay waited for libinput, and how often libinput stayed quiet for the
    /// whole `quietInterval` (frames that produced no acknowledgement).
    var pumps = 0
    var quietWaits = 0
    /// Waits because the pty was full when flow control allowed a write.
    var fullWaits = 0

    init(
      source: LibinputTouchSource, handler: @escaping (LibinputSourceEvent) -> Void,
      logger: Logger
    ) {
      self.source = source
      self.handler = handler
      self.logger = logger
    }

    /// Waits up to `timeout` for libinput, dispatches, and counts acknowledgements. Returns
    /// false when libinput had nothing to say within `timeout`.
    mutating func pump(timeout: Duration) throws -> Bool {
      let readable = try source.waitForEvents(timeout: timeout)
      var acknowledgements: [String] = []
      var added: [(Int, String)] = []
      var removed: [String] = []
      var touches = 0
      try source.dispatch { event in
        switch event {
        case .deviceAdded(let info): added.append((info.id, info.node))
        case .deviceRemoved(let info): removed.append(info.node)
        case .touch(let touch):
          touches += 1
          if touch.kind == .frame { acknowledgements.append(String(touch.device)) }
        }
        handler(event)
      }
      for (id, node) in added {
        nodesByID[id] = node
        addedNodes.insert(node)
      }
      for node in removed { removedNodes.insert(node) }
      touchEvents += touches
      for id in acknowledgements {
        if let node = Int(id).flatMap({ nodesByID[$0] }) {
          devices[node]?.flowControl.acknowledged()
        }
      }
      return readable
    }

    mutating func waitUntil(
      _ limit: Duration, node: String, what: String, _ condition: (Session) -> Bool
    ) throws {
      let clock = ContinuousClock()
      let deadline = clock.now + limit
      while !condition(self) {
        let remaining = deadline - clock.now
        guard remaining > .zero else {
          throw MockedDeviceError.deviceNotSeen(node: node, what: what)
        }
        _ = try pump(timeout: remaining)
      }
    }

    /// Waits until the device's flow control allows `bytes` more, treating a quiet libinput
    /// as having read everything.
    mutating func makeRoom(
      _ bytes: Int, on device: MockedTouchscreen, quiet: Duration, stallLimit: Duration
    ) throws {
      let clock = ContinuousClock()
      var lastProgress = clock.now
      while !device.flowControl.canSend(bytes: bytes) {
        let before = device.flowControl.unacknowledgedBytes
        pumps += 1
        if try !pump(timeout: quiet) {
          quietWaits += 1
          device.flowControl.drained()
        } else if device.flowControl.unacknowledgedBytes != before {
          lastProgress = clock.now
        } else if clock.now - lastProgress > stallLimit {
          throw MockedDeviceError.stalled(
            node: device.node, unacknowledgedFrames: device.flowControl.unacknowledgedFrames)
        }
      }
    }

    mutating func write(
      _ events: [EvdevEvent], to device: MockedTouchscreen, quiet: Duration,
      stallLimit: Duration
    ) throws {
      for frame in InputEventEncoding.frames(events) {
        let bytes = InputEventEncoding.encode(frame)
        let expectsAcknowledgement = InputEventEncoding.expectsTouchFrame(frame)
        let chunk =
          device.flowControl.maximumBytes / InputEventEncoding.eventSize
          * InputEventEncoding.eventSize
        guard bytes.count > chunk else {
          try makeRoom(bytes.count, on: device, quiet: quiet, stallLimit: stallLimit)
          try writeAll(bytes[...], to: device, quiet: quiet, stallLimit: stallLimit)
          device.flowControl.sent(
            bytes: bytes.count, expectsAcknowledgement: expectsAcknowledgement)
          continue
        }
        // A frame larger than the pty's 4 KiB buffer (100 fingers landing at once): hand it
        // over in chunks of whole events and let libinput read each before the next; libevdev
        // keeps the partial frame until its SYN_REPORT. Written in one piece it would be lost.
        try drain(device, quiet: quiet, stallLimit: stallLimit)
        var start = 0
        while bytes.count - start > chunk {
          try writeAll(
            bytes[start..<start + chunk], to: device, quiet: quiet, stallLimit: stallLimit)
          device.flowControl.sent(bytes: chunk, expectsAcknowledgement: false)
          try drain(device, quiet: quiet, stallLimit: stallLimit)
          start += chunk
        }
        try writeAll(bytes[start...], to: device, quiet: quiet, stallLimit: stallLimit)
        device.flowControl.sent(
          bytes: bytes.count - start, expectsAcknowledgement: expectsAcknowledgement)
      }
    }

    /// Writes `bytes` completely. While the pty is full (flow control took a quiet libinput
    /// for one that had read everything), libinput is dispatched so it reads, instead of
    /// blocking the only thread that makes it read; no room for `stallLimit` is an error.
    mutating func writeAll(
      _ bytes: ArraySlice<UInt8>, to device: MockedTouchscreen, quiet: Duration,
      stallLimit: Duration
    ) throws {
      var rest = bytes
      let clock = ContinuousClock()
      var lastProgress = clock.now
      while !rest.isEmpty {
        let written = try device.writeAvailable(rest)
        if written > 0 {
          rest = rest.dropFirst(written)
          lastProgress = clock.now
          continue
        }
        guard clock.now - lastProgress <= stallLimit else {
          throw MockedDeviceError.stalled(
            node: device.node, unacknowledgedFrames: device.flowControl.unacknowledgedFrames)
        }
        pumps += 1
        fullWaits += 1
        _ = try pump(timeout: quiet)
      }
    }

    /// Waits until libinput has read everything written to `device`.
    mutating func drain(_ device: MockedTouchscreen, quiet: Duration, stallLimit: Duration)
      throws
    {
      try makeRoom(Int.max / 2, on: device, quiet: quiet, stallLimit: stallLimit)
    }
  }
}

/// What a `MockedReplay` did.
public struct MockedReplayStatistics: Sendable, Hashable {
  /// evdev events written to mocked devices.
  public var evdevEvents = 0
  /// Touch events (including frames) libinput reported.
  public var touchEvents = 0
  /// How often the writer waited for libinput to read.
  public var waits = 0
  /// Waits that ended because libinput stayed quiet for `quietInterval`.
  public var quietWaits = 0
  /// Waits for libinput to read because the pty was full although flow control allowed the
  /// write (it took a quiet libinput for one that had read everything); 0 normally.
  public var fullWaits = 0
  /// Wall-clock duration of the replay (device set-up included).
  public var seconds = 0.0

  public init() {}

  public var evdevEventsPerSecond: Double { seconds > 0 ? Double(evdevEvents) / seconds : 0 }
}
