// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import TouchInput

/// What to replay through real libinput on mocked devices: the devices and the steps that add
/// them, feed them evdev events, and remove them. Stored as JSON (`*.replay.json`) so tests
/// and tools can hand it to `libinput-touch-dump --replay-mocked`.
///
/// JSON shape: `{"devices": [{"name", "node", "id": [bus, vendor, product, version],
/// "codes": {"3": [0, 1, 47]}, "absinfo": {"0": [min, max, fuzz, flat, resolution]},
/// "properties": [1], "udev": ["ID_INPUT=1"]}], "steps": [{"add": 0},
/// {"device": 0, "events": [[timeMicroseconds, type, code, value]]}, {"remove": 0}]}`.
public struct MockedReplayScript: Sendable, Hashable {
  public enum Step: Sendable, Hashable {
    /// Plug in device `index` and wait until libinput reports it.
    case add(device: Int)
    /// Write these events to device `index` (timestamps as given), with flow control; the
    /// next step starts once libinput has read them all, so steps of different devices
    /// reach libinput in script order.
    case events(device: Int, [EvdevEvent])
    /// Unplug device `index` after everything written to it was read.
    case remove(device: Int)
  }

  public var devices: [EvdevDeviceDescription]
  public var steps: [Step]

  public init(devices: [EvdevDeviceDescription], steps: [Step]) {
    self.devices = devices
    self.steps = steps
  }

  /// Checks that every step names an existing device, added before use and not removed twice.
  public func validate() throws {
    var state = [Int: Bool]()  // device -> present
    for (number, step) in steps.enumerated() {
      switch step {
      case .add(let device):
        try check(device, step: number)
        if state[device] != nil {
          throw MockedDeviceError.invalidScript("step \(number): device \(device) added twice")
        }
        state[device] = true
      case .events(let device, _), .remove(let device):
        try check(device, step: number)
        guard state[device] == true else {
          throw MockedDeviceError.invalidScript(
            "step \(number): device \(device) is not plugged in at this point")
        }
        if case .remove = step { state[device] = false }
      }
    }
  }

  private func check(_ device: Int, step: Int) throws {
    guard devices.indices.contains(device) else {
      throw MockedDeviceError.invalidScript(
        "step \(step): device \(device) does not exist (\(devices.count) device(s))")
    }
  }

  /// Total evdev events in all `.events` steps.
  public var eventCount: Int {
    steps.reduce(0) { total, step in
      if case .events(_, let events) = step { return total + events.count }
      return total
    }
  }
}

// MARK: JSON

extension MockedReplayScript: Codable {
  private enum CodingKeys: String, CodingKey { case devices, steps }

  private struct DeviceJSON: Codable {
    var name: String
    var node: String
    var id: [UInt16]
    var codes: [String: [UInt16]]
    var absinfo: [String: [Int32]]
    var properties: [UInt16]
    var udev: [String]
  }

  private struct StepJSON: Codable {
    var add: Int?
    var remove: Int?
    var device: Int?
    var events: [[Int64]]?
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let devices = try container.decode([DeviceJSON].self, forKey: .devices)
    let steps = try container.decode([StepJSON].self, forKey: .steps)
    self.devices = try devices.enumerated().map { index, device in
      guard let id = EvdevDeviceDescription.InputID(device.id) else {
        throw MockedDeviceError.invalidScript(
          "device \(index): id must be [bustype, vendor, product, version]")
      }
      var codes: [UInt16: [UInt16]] = [:]
      for (key, value) in device.codes {
        guard let type = UInt16(key) else {
          throw MockedDeviceError.invalidScript(
            "device \(index): event type '\(key)' is not a number")
        }
        codes[type] = value
      }
      var absinfo: [UInt16: AbsInfo] = [:]
      for (key, value) in device.absinfo {
        guard let code = UInt16(key), value.count == 5 else {
          throw MockedDeviceError.invalidScript(
            "device \(index): absinfo '\(key)' must be [min, max, fuzz, flat, resolution]")
        }
        absinfo[code] = AbsInfo(
          minimum: value[0], maximum: value[1], fuzz: value[2], flat: value[3],
          resolution: value[4])
      }
      return EvdevDeviceDescription(
        node: device.node, name: device.name,
        id: id,
        codes: codes, absinfo: absinfo, properties: device.properties,
        udevProperties: device.udev)
    }
    self.steps = try steps.enumerated().map { number, step in
      if let device = step.add { return .add(device: device) }
      if let device = step.remove { return .remove(device: device) }
      guard let device = step.device, let events = step.events else {
        throw MockedDeviceError.invalidScript(
          "step \(number): expected {\"add\": n}, {\"remove\": n} or {\"device\": n, \"events\": [...]}"
        )
      }
      return .events(
        device: device,
        try events.enumerated().map { index, event in
          guard event.count == 4, event[0] >= 0, let type = UInt16(exactly: event[1]),
            let code = UInt16(exactly: event[2]), let value = Int32(exactly: event[3])
          else {
            throw MockedDeviceError.invalidScript(
              "step \(number) event \(index): expected [timeMicroseconds, type, code, value]")
          }
          return EvdevEvent(
            timeMicroseconds: UInt64(event[0]), type: type, code: code, value: value)
        })
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let devices = self.devices.map { device in
      DeviceJSON(
        name: device.name, node: device.node,
        id: [device.id.bustype, device.id.vendor, device.id.product, device.id.version],
        codes: Dictionary(uniqueKeysWithValues: device.codes.map { (String($0.key), $0.value) }),
        absinfo: Dictionary(
          uniqueKeysWithValues: device.absinfo.map { code, info in
            (String(code), [info.minimum, info.maximum, info.fuzz, info.flat, info.resolution])
          }),
        properties: device.properties, udev: device.udevProperties)
    }
    let steps = self.steps.map { step -> StepJSON in
      switch step {
      case .add(let device): return StepJSON(add: device)
      case .remove(let device): return StepJSON(remove: device)
      case .events(let device, let events):
        return StepJSON(
          device: device,
          events: events.map {
            [Int64($0.timeMicroseconds), Int64($0.type), Int64($0.code), Int64($0.value)]
          })
      }
    }
    try container.encode(devices, forKey: .devices)
    try container.encode(steps, forKey: .steps)
  }

  /// Reads a script from a JSON file; errors name the file.
  public static func load(path: String) throws -> MockedReplayScript {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw MockedDeviceError.invalidScript("\(path): cannot read: \(error.localizedDescription)")
    }
    do {
      let script = try JSONDecoder().decode(MockedReplayScript.self, from: data)
      try script.validate()
      return script
    } catch let error as MockedDeviceError {
      throw MockedDeviceError.invalidScript("\(path): \(error)")
    } catch {
      throw MockedDeviceError.invalidScript("\(path): \(error)")
    }
  }
}
