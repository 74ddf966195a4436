// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene

/// Checks a config's `"bindings"` JSON against its (already valid) scene, stopping at the
/// first problem in file order with a `SceneError` that names its path.
struct BindingsValidator {
  let file: String
  let scene: SceneDescription
  private let recognizers: [String: RecognizerDescription]

  static let keys = ["recognizer", "state", "command", "direction", "description"]

  init(file: String, scene: SceneDescription) {
    self.file = file
    self.scene = scene
    var byName: [String: RecognizerDescription] = [:]
    for recognizer in scene.allRecognizers { byName[recognizer.name] = recognizer }
    recognizers = byName
  }

  /// The states a recognizer of `type` reports, in the order its gestures go through them.
  static func states(for type: RecognizerKind) -> [GestureReport.State] {
    type.isDiscrete ? [.recognized] : [.began, .changed, .ended, .cancelled]
  }

  func bindings(_ value: SceneJSONValue) throws(SceneError) -> [GestureBinding] {
    let path = BindingConfig.bindingsKey
    guard case .array(let elements) = value else {
      throw fail(path, "expected an array of bindings, got \(value.shortDescription)")
    }
    var result: [GestureBinding] = []
    for (index, element) in elements.enumerated() {
      result.append(try binding(element, at: "\(path)[\(index)]"))
    }
    return result
  }

  private func binding(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> GestureBinding
  {
    guard case .object(let members) = value else {
      throw fail(path, "expected an object, got \(value.shortDescription)")
    }
    for (key, _) in members where !Self.keys.contains(key) {
      throw fail(
        path + "." + key, "unknown key (expected \(Self.keys.joined(separator: ", ")))")
    }
    func lookup(_ key: String) -> SceneJSONValue? { members.first { $0.key == key }?.value }

    guard let recognizerValue = lookup("recognizer") else {
      throw fail(path, "missing required key \"recognizer\"")
    }
    let name = try nonEmptyString(recognizerValue, at: path + ".recognizer")
    guard let recognizer = recognizers[name] else {
      let known = scene.allRecognizers.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw fail(
        path + ".recognizer",
        "no recognizer named \"\(name)\" in the scene (it has \(known.isEmpty ? "none" : known))")
    }

    guard let stateValue = lookup("state") else {
      throw fail(path, "missing required key \"state\"")
    }
    let allowed = Self.states(for: recognizer.type)
    let allowedText = allowed.map(\.rawValue).joined(separator: ", ")
    guard case .string(let stateName) = stateValue,
      let state = GestureReport.State(rawValue: stateName), allowed.contains(state)
    else {
      throw fail(
        path + ".state",
        "a \(recognizer.type.rawValue) recognizer reports \(allowedText); "
          + "got \(stateValue.shortDescription)")
    }

    guard let commandValue = lookup("command") else {
      throw fail(path, "missing required key \"command\"")
    }
    let command = try nonEmptyString(commandValue, at: path + ".command")

    var binding = GestureBinding(recognizer: name, state: state, command: command)
    if let value = lookup("direction") {
      binding.direction = try direction(value, for: recognizer, at: path + ".direction")
    }
    if let value = lookup("description") {
      binding.description = try nonEmptyString(value, at: path + ".description")
    }
    return binding
  }

  private func direction(
    _ value: SceneJSONValue, for recognizer: RecognizerDescription, at path: String
  ) throws(SceneError) -> SwipeDirection {
    guard recognizer.type == .swipe else {
      throw fail(
        path,
        "only swipe bindings take a direction (\"\(recognizer.name)\" is a "
          + "\(recognizer.type.rawValue) recognizer)")
    }
    // The swipe recognizer's default direction is right (UIKit's).
    let possible = SwipeDirection.singles.filter {
      (recognizer.parameters.direction ?? .right).contains($0)
    }
    let possibleText = possible.compactMap(\.name).joined(separator: ", ")
    guard case .string(let text) = value, let direction = SwipeDirection(name: text) else {
      let all = SwipeDirection.singles.compactMap(\.name).joined(separator: ", ")
      throw fail(path, "expected one of \(all), got \(value.shortDescription)")
    }
    guard possible.contains(direction) else {
      throw fail(
        path,
        "\"\(recognizer.name)\" never reports \(text): its directions are \(possibleText)")
    }
    return direction
  }

  private func nonEmptyString(_ value: SceneJSONValue, at path: String) throws(SceneError)
    -> String
  {
    guard case .string(let text) = value, !text.isEmpty else {
      throw fail(path, "expected a non-empty string, got \(value.shortDescription)")
    }
    return text
  }

  private func fail(_ path: String, _ message: String) -> SceneError {
    SceneError(file: file, path: path, message: message)
  }
}
