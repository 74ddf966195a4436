// SPDX-License-Identifier: MIT
import GestureScene

/// A `gesture-bridge run` config: a scene file (screen, views, recognizers) with one more
/// top-level key, `"bindings"`, a list of `GestureBinding`s. Parsing is as strict as for
/// scenes: any problem is a `SceneError` naming the file and the path (`bindings[1].state`),
/// with line and column for JSON syntax errors.
public struct BindingConfig: Sendable, Hashable {
  public var scene: SceneDescription
  /// In file order; several bindings may share a recognizer and state (all of them run).
  public var bindings: [GestureBinding]

  public init(scene: SceneDescription, bindings: [GestureBinding]) {
    self.scene = scene
    self.bindings = bindings
  }

  /// The key the bindings live under.
  public static let bindingsKey = "bindings"

  /// Parses and validates config JSON; `file` is the name errors start with.
  public static func parse(json: String, file: String) throws(SceneError) -> BindingConfig {
    let (scene, extensions) = try SceneDescription.parse(
      json: json, file: file, extensionKeys: [bindingsKey])
    guard let value = extensions.first(where: { $0.key == bindingsKey })?.value else {
      throw SceneError(
        file: file,
        message: "missing required key \"\(bindingsKey)\" (a list of bindings; [] for none)")
    }
    let validator = BindingsValidator(file: file, scene: scene)
    return BindingConfig(scene: scene, bindings: try validator.bindings(value))
  }

  /// Reads, parses and validates the config file at `path`.
  public static func load(path: String) throws(SceneError) -> BindingConfig {
    try parse(json: try SceneDescription.readText(path: path), file: path)
  }

  /// The bindings `report` triggers, in file order.
  public func bindings(for report: GestureReport) -> [GestureBinding] {
    bindings.filter { $0.matches(report) }
  }

  /// One line for logs: `3 recognizer(s), 5 binding(s), screen 1920x1080`.
  public var summary: String {
    "\(scene.allRecognizers.count) recognizer(s), \(bindings.count) binding(s), "
      + "screen \(scene.screenWidth)x\(scene.screenHeight)"
  }
}
