// SPDX-License-Identifier: MIT
import GestureCore

/// Checks a scene file's JSON against the scene format and builds its `SceneDescription`,
/// stopping at the first problem (in file order) with a `SceneError` that names its path.
struct SceneValidator {
  typealias Members = [(key: String, value: SceneJSONValue)]

  let file: String
  /// Top-level keys a format extending the scene file adds; their values are collected in
  /// `extensions` (file order) instead of being rejected as unknown.
  var extensionKeys: [String] = []
  private(set) var extensions: Members = []
  /// Where each recognizer name was first defined, for duplicate and relation checks.
  private var recognizerPaths: [String: String] = [:]
  private var viewPaths: [String: String] = [:]
  /// Relations to resolve once every name is known: (path of the entry, owner, target).
  private var relations: [(path: String, owner: String, target: String)] = []

  init(file: String) { self.file = file }

  mutating func validate(json: String) throws(SceneError) -> SceneDescription {
    let root: SceneJSONValue
    do {
      root = try SceneJSONParser.parse(json)
    } catch {
      throw SceneError(
        file: file, line: error.line, column: error.column,
        message: "invalid JSON: \(error.message)")
    }
    let members = try object(root, at: "")
    try checkKeys(members, allowed: ["screen", "views"] + extensionKeys, at: "")
    extensions = members.filter { extensionKeys.contains($0.key) }
    let screenValue = try required("screen", in: members, at: "")
    let screenMembers = try object(screenValue, at: "screen")
    try checkKeys(screenMembers, allowed: ["width", "height"], at: "screen")
    let width = try integer(
      try required("width", in: screenMembers, at: "screen"), at: "screen.width", minimum: 1)
    let height = try integer(
      try required("height", in: screenMembers, at: "screen"), at: "screen.height", minimum: 1)
    let views = try viewList(try required("views", in: members, at: ""), at: "views")
    for relation in relations {
      guard recognizerPaths[relation.target] != nil else {
        throw fail(relation.path, "no recognizer named \"\(relation.target)\" in the scene")
      }
      if relation.target == relation.owner {
        throw fail(relation.path, "a recognizer cannot name itself (\"\(relation.owner)\")")
      }
    }
    return SceneDescription(screenWidth: width, screenHeight: height, views: views)
  }

  // MARK: Views

  private mutating func viewList(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> [ViewDescription]
  {
    let elements = try array(value, at: path)
    var views: [ViewDescription] = []
    for (index, element) in elements.enumerated() {
      views.append(try view(element, at: "\(path)[\(index)]"))
    }
    return views
  }

  private mutating func view(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> ViewDescription
  {
    let members = try object(value, at: path)
    try checkKeys(members, allowed: ["name", "frame", "children", "recognizers"], at: path)
    let name = try nonEmptyString(try required("name", in: members, at: path), at: path + ".name")
    if let first = viewPaths[name] {
      throw fail(path + ".name", "duplicate view name \"\(name)\" (first used at \(first))")
    }
    viewPaths[name] = path + ".name"
    let frame = try rect(try required("frame", in: members, at: path), at: path + ".frame")
    var recognizers: [RecognizerDescription] = []
    if let list = lookup("recognizers", in: members) {
      for (index, element) in try array(list, at: path + ".recognizers").enumerated() {
        recognizers.append(try recognizer(element, at: "\(path).recognizers[\(index)]"))
      }
    }
    var children: [ViewDescription] = []
    if let list = lookup("children", in: members) {
      children = try viewList(list, at: path + ".children")
    }
    return ViewDescription(name: name, frame: frame, children: children, recognizers: recognizers)
  }

  private func rect(_ value: SceneJSONValue, at path: String) throws(SceneError) -> Rect {
    guard case .array(let elements) = value else {
      throw fail(path, "expected 4 numbers [x, y, width, height], got \(value.shortDescription)")
    }
    guard elements.count == 4 else {
      throw fail(
        path, "expected 4 numbers [x, y, width, height], got \(elements.count) element(s)")
    }
    var numbers: [Double] = []
    for (index, element) in elements.enumerated() {
      let minimum: Double? = index >= 2 ? 0 : nil
      numbers.append(try number(element, at: "\(path)[\(index)]", minimum: minimum))
    }
    return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  // MARK: Recognizers

  private mutating func recognizer(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> RecognizerDescription
  {
    let members = try object(value, at: path)
    let typeValue = try required("type", in: members, at: path)
    guard case .string(let typeName) = typeValue, let type = RecognizerKind(rawValue: typeName)
    else {
      let expected = RecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw fail(
        path + ".type",
        "expected a recognizer type (\(expected)), got \(typeValue.shortDescription)")
    }
    let name = try nonEmptyString(try required("name", in: members, at: path), at: path + ".name")
    if let first = recognizerPaths[name] {
      throw fail(path + ".name", "duplicate recognizer name \"\(name)\" (first used at \(first))")
    }
    recognizerPaths[name] = path + ".name"
    var result = RecognizerDescription(name: name, type: type)
    for (key, value) in members {
      let keyPath = path + "." + key
      if let parameter = RecognizerParameter(rawValue: key), !type.takes(parameter) {
        throw fail(keyPath, "does not apply to a \(type.rawValue) recognizer")
      }
      switch key {
      case "name", "type": break
      case "numberOfTapsRequired":
        result.parameters.numberOfTapsRequired = try integer(
          value, at: keyPath, minimum: type.minimumNumberOfTapsRequired)
      case "numberOfTouchesRequired":
        result.parameters.numberOfTouchesRequired = try integer(value, at: keyPath, minimum: 1)
      case "minimumNumberOfTouches":
        result.parameters.minimumNumberOfTouches = try integer(value, at: keyPath, minimum: 1)
      case "maximumNumberOfTouches":
        result.parameters.maximumNumberOfTouches = try integer(value, at: keyPath, minimum: 1)
      case "minimumPressDuration":
        result.parameters.minimumPressDuration = try number(value, at: keyPath, minimum: 0)
      case "allowableMovement":
        result.parameters.allowableMovement = try number(value, at: keyPath, minimum: 0)
      case "direction":
        let listed = try names(
          value, at: keyPath, from: SwipeDirection.singles.map { ($0.name!, $0) })
        result.parameters.direction = SwipeDirection(listed)
      case "edges":
        let listed = try names(
          value, at: keyPath, from: SceneEdge.allCases.map { ($0.rawValue, $0.rectEdge) })
        result.parameters.edges = RectEdge(listed)
      case "requiresFailureOf", "recognizesSimultaneouslyWith":
        let targets = try stringList(value, at: keyPath)
        for (index, target) in targets.enumerated() {
          relations.append((path: "\(keyPath)[\(index)]", owner: name, target: target))
        }
        if key == "requiresFailureOf" {
          result.requiresFailureOf = targets
        } else {
          result.recognizesSimultaneouslyWith = targets
        }
      case "cancelsTouchesInView":
        result.parameters.cancelsTouchesInView = try bool(value, at: keyPath)
      case "delaysTouchesBegan": result.parameters.delaysTouchesBegan = try bool(value, at: keyPath)
      case "delaysTouchesEnded": result.parameters.delaysTouchesEnded = try bool(value, at: keyPath)
      case "enabled": result.parameters.isEnabled = try bool(value, at: keyPath)
      default: throw fail(keyPath, "unknown key")
      }
    }
    if type == .screenEdgePan && result.parameters.edges == nil {
      throw fail(path, "missing required key \"edges\" (a screen-edge-pan needs its edges)")
    }
    if let minimum = result.parameters.minimumNumberOfTouches,
      let maximum = result.parameters.maximumNumberOfTouches,
      minimum > maximum
    {
      throw fail(
        path + ".minimumNumberOfTouches",
        "\(minimum) is greater than maximumNumberOfTouches \(maximum)")
    }
    return result
  }

  // MARK: Values

  private func lookup(_ key: String, in members: Members) -> SceneJSONValue? {
    members.first { $0.key == key }?.value
  }

  private func required(_ key: String, in members: Members, at path: String) throws(SceneError)
    -> SceneJSONValue
  {
    guard let value = lookup(key, in: members) else {
      throw fail(path, "missing required key \"\(key)\"")
    }
    return value
  }

  private func checkKeys(_ members: Members, allowed: [String], at path: String)
    throws(SceneError)
  {
    for (key, _) in members where !allowed.contains(key) {
      throw fail(join(path, key), "unknown key (expected \(allowed.joined(separator: ", ")))")
    }
  }

  private func object(_ value: SceneJSONValue, at path: String) throws(SceneError) -> Members {
    guard case .object(let members) = value else {
      throw fail(path, "expected an object, got \(value.shortDescription)")
    }
    return members
  }

  private func array(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> [SceneJSONValue]
  {
    guard case .array(let elements) = value else {
      throw fail(path, "expected an array, got \(value.shortDescription)")
    }
    return elements
  }

  private func bool(_ value: SceneJSONValue, at path: String) throws(SceneError) -> Bool {
    guard case .bool(let flag) = value else {
      throw fail(path, "expected true or false, got \(value.shortDescription)")
    }
    return flag
  }

  private func nonEmptyString(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> String
  {
    guard case .string(let text) = value, !text.isEmpty else {
      throw fail(path, "expected a non-empty string, got \(value.shortDescription)")
    }
    return text
  }

  private func stringList(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> [String]
  {
    guard case .array(let elements) = value else {
      throw fail(path, "expected an array of recognizer names, got \(value.shortDescription)")
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      result.append(try nonEmptyString(element, at: "\(path)[\(index)]"))
    }
    return result
  }

  /// A non-empty list of names, each one of `choices` (name, value); returns their values.
  private func names<Value>(
    _ value: SceneJSONValue, at path: String, from choices: [(name: String, value: Value)]
  ) throws(SceneError) -> [Value] {
    let expected = choices.map(\.name).joined(separator: ", ")
    guard case .array(let elements) = value else {
      throw fail(path, "expected a list of \(expected), got \(value.shortDescription)")
    }
    guard !elements.isEmpty else {
      throw fail(path, "expected at least one of \(expected), got an empty list")
    }
    var result: [Value] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element,
        let choice = choices.first(where: { $0.name == text })
      else {
        throw fail(
          "\(path)[\(index)]", "expected one of \(expected), got \(element.shortDescription)")
      }
      result.append(choice.value)
    }
    return result
  }

  private func integer(_ value: SceneJSONValue, at path: String, minimum: Int) throws(SceneError)
    -> Int
  {
    guard case .number(let number, _) = value, number.isFinite, number == number.rounded(),
      abs(number) <= 1_000_000_000, Int(number) >= minimum
    else {
      throw fail(path, "expected an integer >= \(minimum), got \(value.shortDescription)")
    }
    return Int(number)
  }

  private func number(_ value: SceneJSONValue, at path: String, minimum: Double?)
    throws(SceneError) -> Double
  {
    let expected = minimum.map { "a finite number >= \(format($0))" } ?? "a finite number"
    guard case .number(let number, _) = value, number.isFinite else {
      throw fail(path, "expected \(expected), got \(value.shortDescription)")
    }
    if let minimum, number < minimum {
      throw fail(path, "expected \(expected), got \(value.shortDescription)")
    }
    return number == 0 ? 0 : number
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }

  private func fail(_ path: String, _ message: String) -> SceneError {
    SceneError(file: file, path: path, message: message)
  }
}
