// SPDX-License-Identifier: MIT
import TouchInput
import Yams

/// Turns the header text of a recording (see `RecordingLayout`) into a `RecordingHeader` with
/// Yams, checking every field it uses and naming the file line of anything wrong. Unknown keys
/// are ignored.
struct RecordingHeaderParser {
  let path: String
  let layout: RecordingLayout

  /// The parsed header and, per device, the index of its `events:` list in
  /// `layout.eventLists` (nil when the device has no events).
  func parse() throws -> (header: RecordingHeader, eventLists: [Int?]) {
    let root: Node
    do {
      guard let composed = try Yams.compose(yaml: layout.headerText) else {
        throw RecordingError(file: path, message: "empty file (not a libinput recording)")
      }
      root = composed
    } catch let error as RecordingError {
      throw error
    } catch let error as YamlError {
      throw yamlError(error)
    } catch {
      throw RecordingError(file: path, message: "not valid YAML (\(error))")
    }
    guard root.mapping != nil else {
      throw failure(
        at: root, "not a libinput recording (expected a mapping with 'version' and 'devices')")
    }
    guard let versionNode = root["version"] else {
      throw RecordingError(file: path, message: "missing 'version' (not a libinput recording?)")
    }
    guard let version = versionNode.int else {
      throw failure(at: versionNode, "'version' must be a number, found \(describe(versionNode))")
    }
    guard version == 1 else {
      throw failure(
        at: versionNode,
        "unsupported recording version \(version) (only version 1 is supported)")
    }
    guard let devicesNode = root["devices"] else {
      throw RecordingError(
        file: path, message: "missing 'devices' list (not a libinput recording?)")
    }
    if devicesNode.null != nil {
      throw RecordingError(file: path, message: "no devices in recording")
    }
    guard let deviceNodes = devicesNode.sequence else {
      throw failure(at: devicesNode, "'devices' must be a list")
    }
    guard !deviceNodes.isEmpty else {
      throw RecordingError(file: path, message: "no devices in recording")
    }

    var devices: [EvdevDeviceDescription] = []
    var eventLists: [Int?] = []
    for (index, deviceNode) in deviceNodes.enumerated() {
      let (device, eventsKeyLine) = try parseDevice(deviceNode, index: index)
      devices.append(device)
      eventLists.append(
        eventsKeyLine.flatMap { line in layout.eventLists.firstIndex { $0.keyLine == line } })
    }
    let header = RecordingHeader(
      version: version, libinputVersion: root["libinput"]?["version"]?.string,
      systemOS: root["system"]?["os"]?.string, systemKernel: root["system"]?["kernel"]?.string,
      systemDMI: root["system"]?["dmi"]?.string, devices: devices)
    return (header, eventLists)
  }

  private func parseDevice(_ node: Node, index: Int) throws -> (
    EvdevDeviceDescription, eventsKeyLine: Int?
  ) {
    guard let mapping = node.mapping else {
      throw failure(at: node, "device \(index) must be a mapping with 'node' and 'evdev'")
    }
    let deviceNode = node["node"]?.string ?? ""
    guard let evdev = node["evdev"], evdev.mapping != nil else {
      throw failure(at: node, "device \(index) has no 'evdev' section")
    }
    guard let nameNode = evdev["name"], let name = nameNode.string, nameNode.scalar != nil else {
      throw failure(at: evdev, "device \(index) 'evdev' has no 'name'")
    }
    guard let idNode = evdev["id"] else {
      throw failure(at: evdev, "device \(index) 'evdev' has no 'id'")
    }
    let idValues = try integers(idNode, count: 4, range: 0...Int(UInt16.max), what: "'id'")
    guard let id = EvdevDeviceDescription.InputID(idValues.map { UInt16($0) }) else {
      throw failure(at: idNode, "device \(index) 'evdev' 'id' must have 4 values")
    }

    guard let codesNode = evdev["codes"] else {
      throw failure(at: evdev, "device \(index) 'evdev' has no 'codes'")
    }
    var codes: [UInt16: [UInt16]] = [:]
    if codesNode.null == nil {
      guard let codesMapping = codesNode.mapping else {
        throw failure(at: codesNode, "'codes' must be a mapping of event type to code list")
      }
      for (typeNode, listNode) in codesMapping {
        let type = try integer(typeNode, range: 0...Int(UInt16.max), what: "event type")
        let list =
          listNode.null != nil
          ? [] : try integers(listNode, count: nil, range: 0...Int(UInt16.max), what: "event code")
        codes[UInt16(type)] = list.map { UInt16($0) }
      }
    }

    var absinfo: [UInt16: AbsInfo] = [:]
    if let absNode = evdev["absinfo"], absNode.null == nil {
      guard let absMapping = absNode.mapping else {
        throw failure(at: absNode, "'absinfo' must be a mapping of axis code to 5 numbers")
      }
      for (codeNode, valuesNode) in absMapping {
        let code = try integer(codeNode, range: 0...Int(UInt16.max), what: "axis code")
        let values = try integers(
          valuesNode, count: 5, range: Int(Int32.min)...Int(Int32.max),
          what: "absinfo of axis \(code) [min, max, fuzz, flat, resolution]")
        absinfo[UInt16(code)] = AbsInfo(
          minimum: Int32(values[0]), maximum: Int32(values[1]), fuzz: Int32(values[2]),
          flat: Int32(values[3]), resolution: Int32(values[4]))
      }
    }

    var properties: [UInt16] = []
    if let propertiesNode = evdev["properties"], propertiesNode.null == nil {
      properties = try integers(
        propertiesNode, count: nil, range: 0...Int(UInt16.max), what: "input property"
      ).map { UInt16($0) }
    }

    var udevProperties: [String] = []
    if let udev = node["udev"], udev.null == nil {
      guard udev.mapping != nil else { throw failure(at: udev, "'udev' must be a mapping") }
      if let list = udev["properties"] {
        udevProperties = try strings(list, what: "udev properties")
      }
    }
    let quirks = try node["quirks"].map { try strings($0, what: "quirks") } ?? []

    let eventsKeyLine = mapping.first { $0.key.string == "events" }?.key.mark.map {
      layout.fileLine(ofHeaderLine: $0.line)
    }
    let device = EvdevDeviceDescription(
      node: deviceNode, name: name, id: id, codes: codes, absinfo: absinfo,
      properties: properties, udevProperties: udevProperties, quirks: quirks)
    return (device, eventsKeyLine)
  }

  // MARK: - Field helpers

  private func integer(_ node: Node, range: ClosedRange<Int>, what: String) throws -> Int {
    guard node.scalar != nil, let value = node.int else {
      throw failure(at: node, "\(what) must be a whole number, found \(describe(node))")
    }
    guard range.contains(value) else {
      throw failure(
        at: node, "\(what) \(value) out of range \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  private func integers(
    _ node: Node, count: Int?, range: ClosedRange<Int>, what: String
  ) throws -> [Int] {
    guard let items = node.sequence else {
      throw failure(at: node, "\(what) must be a list of numbers, found \(describe(node))")
    }
    if let count, items.count != count {
      throw failure(at: node, "\(what) needs \(count) numbers, found \(items.count)")
    }
    return try items.map { try integer($0, range: range, what: what) }
  }

  private func strings(_ node: Node, what: String) throws -> [String] {
    if node.null != nil { return [] }
    guard let items = node.sequence else {
      throw failure(at: node, "\(what) must be a list of strings")
    }
    return try items.map { item in
      guard item.scalar != nil, let string = item.string else {
        throw failure(at: item, "\(what) must be a list of strings")
      }
      return string
    }
  }

  private func describe(_ node: Node) -> String {
    if let scalar = node.scalar { return "'\(scalar.string)'" }
    if node.mapping != nil { return "a mapping" }
    return "a list"
  }

  private func failure(at node: Node, _ message: String) -> RecordingError {
    RecordingError(
      file: path, line: node.mark.map { layout.fileLine(ofHeaderLine: $0.line) },
      message: message)
  }

  private func yamlError(_ error: YamlError) -> RecordingError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return RecordingError(
        file: path, line: layout.fileLine(ofHeaderLine: mark.line),
        message: "not valid YAML (\(problem))")
    case .reader(let problem, _, _, _):
      return RecordingError(file: path, message: "not valid YAML (\(problem))")
    default:
      let firstLine = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
      return RecordingError(file: path, message: "not valid YAML (\(firstLine))")
    }
  }
}
