// SPDX-License-Identifier: MIT
import JSONLines

/// One line of `gesture-bridge drive`'s event log (docs/app-testing.md, "Reading the log"):
/// the one schema of the log, which the weston test seat writes (`jsonLine`, standard library
/// only) and drive reads (`Decodable`, with Foundation's JSONDecoder). Fields a line does not
/// have are nil; `CodingKeys` names each as the log does, in the order lines write them.
public struct DriveLogEvent: Decodable, Equatable, Sendable {
  /// What the line is about.
  public enum Kind: String, Decodable, Sendable {
    /// An event weston queued for a client's wl_touch.
    case wlTouch = "wl_touch"
    /// An event of a gesture-bridge object sent to a client.
    case gestureBridge = "gesture_bridge"
    /// The test seat waits for a client window.
    case waiting
    /// A client window was mapped.
    case window
    /// A recording starts playing or has finished.
    case recording
    /// A touch script starts playing or has finished.
    case touchScript = "touch-script"
    /// A screenshot was written.
    case screenshot
    /// A remark of the playback (a first touch on no window, ...).
    case note
    /// An error of the playback.
    case error
    /// The test seat played everything.
    case done
  }

  /// When the line was written, CLOCK_MONOTONIC microseconds (`t`, written in seconds).
  public var timeMicroseconds: Int64?
  public var type: Kind
  /// The client's process id.
  public var client: Int?
  /// A gesture-bridge event's interface (`gesture_bridge_recognizer_v1`, ...) and object id.
  public var interface: String?
  public var object: Int?
  /// The wl_touch or gesture-bridge event (`down`, `frame`, ...); `playing` or `finished` for
  /// recordings and touch scripts.
  public var event: String?
  /// wl_touch arguments: serial, time (wl_touch's milliseconds), surface (object id), id.
  public var serial: Int?
  public var touchTime: Int?
  public var surface: Int?
  public var id: Int?
  /// A position: wl_touch's surface-local one, a window's or a played item's origin (global).
  public var x: Double?
  public var y: Double?
  /// wl_touch.shape and wl_touch.orientation.
  public var major: Double?
  public var minor: Double?
  public var orientation: Double?
  /// The file of a recording, touch script or screenshot.
  public var path: String?
  /// A recording's frames and length; a touch script's events.
  public var frames: Int?
  public var seconds: Double?
  public var events: Int?
  /// How a recording or touch script is fitted (`output`, `window`).
  public var fit: String?
  /// A window's, played rectangle's or screenshot's size.
  public var width: Int?
  public var height: Int?
  /// The CLOCK_MONOTONIC microseconds of a recording's first event.
  public var originMicroseconds: Int64?
  /// The item a screenshot was taken after (empty before the first).
  public var after: String?
  /// What the test seat waits for.
  public var waitingFor: String?
  /// A note's or an error's text.
  public var message: String?
  /// `done`: the items played, screenshots taken and windows asked to close.
  public var items: Int?
  public var screenshots: Int?
  public var windowsClosed: Int?
  /// A gesture-bridge event's arguments (`a0`, `a1`, ...).
  public var arguments: [DriveLogArgument] = []

  public init(_ type: Kind) {
    self.type = type
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case timeMicroseconds = "t"
    case type, client, interface, object, event, serial
    case touchTime = "time"
    case surface, id, x, y, major, minor, orientation, path, frames, seconds, events, fit
    case width, height
    case originMicroseconds = "origin_us"
    case after
    case waitingFor = "for"
    case message, items, screenshots
    case windowsClosed = "windows_closed"
  }

  /// A gesture-bridge argument's key: `a0`, `a1`, ...
  struct ArgumentKey: CodingKey {
    let index: Int
    var stringValue: String { "a\(index)" }
    var intValue: Int? { nil }
    init(index: Int) { self.index = index }
    init?(stringValue: String) {
      guard stringValue.first == "a", let index = Int(stringValue.dropFirst()) else { return nil }
      self.index = index
    }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    type = try container.decode(Kind.self, forKey: .type)
    timeMicroseconds = try container.decodeIfPresent(Double.self, forKey: .timeMicroseconds)
      .map { Int64(($0 * 1_000_000).rounded()) }
    client = try container.decodeIfPresent(Int.self, forKey: .client)
    interface = try container.decodeIfPresent(String.self, forKey: .interface)
    object = try container.decodeIfPresent(Int.self, forKey: .object)
    event = try container.decodeIfPresent(String.self, forKey: .event)
    serial = try container.decodeIfPresent(Int.self, forKey: .serial)
    touchTime = try container.decodeIfPresent(Int.self, forKey: .touchTime)
    surface = try container.decodeIfPresent(Int.self, forKey: .surface)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
    x = try container.decodeIfPresent(Double.self, forKey: .x)
    y = try container.decodeIfPresent(Double.self, forKey: .y)
    major = try container.decodeIfPresent(Double.self, forKey: .major)
    minor = try container.decodeIfPresent(Double.self, forKey: .minor)
    orientation = try container.decodeIfPresent(Double.self, forKey: .orientation)
    path = try container.decodeIfPresent(String.self, forKey: .path)
    frames = try container.decodeIfPresent(Int.self, forKey: .frames)
    seconds = try container.decodeIfPresent(Double.self, forKey: .seconds)
    events = try container.decodeIfPresent(Int.self, forKey: .events)
    fit = try container.decodeIfPresent(String.self, forKey: .fit)
    width = try container.decodeIfPresent(Int.self, forKey: .width)
    height = try container.decodeIfPresent(Int.self, forKey: .height)
    originMicroseconds = try container.decodeIfPresent(Int64.self, forKey: .originMicroseconds)
    after = try container.decodeIfPresent(String.self, forKey: .after)
    waitingFor = try container.decodeIfPresent(String.self, forKey: .waitingFor)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    items = try container.decodeIfPresent(Int.self, forKey: .items)
    screenshots = try container.decodeIfPresent(Int.self, forKey: .screenshots)
    windowsClosed = try container.decodeIfPresent(Int.self, forKey: .windowsClosed)
    let argumentContainer = try decoder.container(keyedBy: ArgumentKey.self)
    var index = 0
    while let argument = try argumentContainer.decodeIfPresent(
      DriveLogArgument.self, forKey: ArgumentKey(index: index))
    {
      arguments.append(argument)
      index += 1
    }
  }

  /// The line as the log holds it: one JSON object, the present fields in `CodingKeys`' order
  /// then the arguments; integers as integers, `t` in seconds with 6 decimals, other decimals
  /// with 4 (no trailing newline).
  public var jsonLine: String {
    var fields: [String] = []
    func add(_ key: CodingKeys, _ value: String?) {
      if let value { fields.append("\(JSONText.quoted(key.rawValue)):\(value)") }
    }
    func decimal(_ value: Double?) -> String? {
      value.map { FixedDecimal.format($0, decimals: 4) ?? "null" }
    }
    let quoted = { (text: String?) in text.map(JSONText.quoted) }
    let integer = { (number: Int?) in number.map { String($0) } }
    for key in CodingKeys.allCases {
      switch key {
      case .timeMicroseconds: add(key, timeMicroseconds.map(FixedDecimal.seconds(microseconds:)))
      case .type: add(key, JSONText.quoted(type.rawValue))
      case .client: add(key, integer(client))
      case .interface: add(key, quoted(interface))
      case .object: add(key, integer(object))
      case .event: add(key, quoted(event))
      case .serial: add(key, integer(serial))
      case .touchTime: add(key, integer(touchTime))
      case .surface: add(key, integer(surface))
      case .id: add(key, integer(id))
      case .x: add(key, decimal(x))
      case .y: add(key, decimal(y))
      case .major: add(key, decimal(major))
      case .minor: add(key, decimal(minor))
      case .orientation: add(key, decimal(orientation))
      case .path: add(key, quoted(path))
      case .frames: add(key, integer(frames))
      case .seconds: add(key, decimal(seconds))
      case .events: add(key, integer(events))
      case .fit: add(key, quoted(fit))
      case .width: add(key, integer(width))
      case .height: add(key, integer(height))
      case .originMicroseconds: add(key, originMicroseconds.map { String($0) })
      case .after: add(key, quoted(after))
      case .waitingFor: add(key, quoted(waitingFor))
      case .message: add(key, quoted(message))
      case .items: add(key, integer(items))
      case .screenshots: add(key, integer(screenshots))
      case .windowsClosed: add(key, integer(windowsClosed))
      }
    }
    for (index, argument) in arguments.enumerated() {
      let value =
        switch argument {
        case .integer(let number): String(number)
        case .number(let number): FixedDecimal.format(number, decimals: 4) ?? "null"
        case .string(let text): JSONText.quoted(text)
        }
      fields.append("\(JSONText.quoted(ArgumentKey(index: index).stringValue)):\(value)")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
