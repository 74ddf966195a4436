// SPDX-License-Identifier: MIT
import GestureScene

/// A `gesture-bridge run` config: a scene file (screen, views, recognizers) with one more
/// top-level key, `"bindings"`, a list of `GestureBinding`s; a system-gesture config may also
/// hold `"lisgd"`, lisgd's command-line arguments (`LisgdOptions.Use.systemGestures`). Parsing
/// is as strict as for scenes: any problem is a `SceneError` naming the file and the path
/// (`bindings[1].state`, `lisgd`), with line and column for JSON syntax errors.
public struct BindingConfig: Sendable, Hashable {
  public var scene: SceneDescription
  /// In file order; several bindings may share a recognizer and state (all of them run).
  public var bindings: [GestureBinding]
  /// lisgd's bindings and thresholds, run as one system recognizer
  /// (`LisgdGestureRecognizer`); nil when the config has no `"lisgd"`.
  public var lisgd: LisgdOptions?

  public init(scene: SceneDescription, bindings: [GestureBinding], lisgd: LisgdOptions? = nil) {
    self.scene = scene
    self.bindings = bindings
    self.lisgd = lisgd
  }

  /// The key the bindings live under.
  public static let bindingsKey = "bindings"
  /// The key of lisgd's arguments: `["-t", "100", "-g", "1,LR,L,*,R,back", ...]`.
  public static let lisgdKey = "lisgd"

  /// Parses and validates config JSON; `file` is the name errors start with.
  public static func parse(json: String, file: String) throws(SceneError) -> BindingConfig {
    let (scene, extensions) = try SceneDescription.parse(
      json: json, file: file, extensionKeys: [bindingsKey, lisgdKey])
    guard let value = extensions.first(where: { $0.key == bindingsKey })?.value else {
      throw SceneError(
        file: file,
        message: "missing required key \"\(bindingsKey)\" (a list of bindings; [] for none)")
    }
    let validator = BindingsValidator(file: file, scene: scene)
    let bindings = try validator.bindings(value)
    var lisgd: LisgdOptions?
    if let entry = extensions.first(where: { $0.key == lisgdKey }) {
      lisgd = try lisgdOptions(entry.value, file: file)
    }
    return BindingConfig(scene: scene, bindings: bindings, lisgd: lisgd)
  }

  /// lisgd's arguments: an array of strings, parsed as `LisgdOptions` for system gestures.
  private static func lisgdOptions(_ value: SceneJSONValue, file: String) throws(SceneError)
    -> LisgdOptions
  {
    guard case .array(let elements) = value else {
      throw SceneError(
        file: file, path: lisgdKey,
        message: "expected an array of lisgd's arguments (strings), got \(value.shortDescription)")
    }
    var arguments: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        throw SceneError(
          file: file, path: "\(lisgdKey)[\(index)]",
          message: "expected a string, got \(element.shortDescription)")
      }
      arguments.append(text)
    }
    do {
      return try LisgdOptions(arguments: arguments, use: .systemGestures)
    } catch {
      throw SceneError(file: file, path: lisgdKey, message: error.description)
    }
  }

  /// Reads, parses and validates the config file at `path`.
  public static func load(path: String) throws(SceneError) -> BindingConfig {
    try parse(json: try SceneDescription.readText(path: path), file: path)
  }

  /// The bindings `report` triggers, in file order.
  public func bindings(for report: GestureReport) -> [GestureBinding] {
    bindings.filter { $0.matches(report) }
  }

  /// One line for logs: `3 recognizer(s), 5 binding(s), screen 1920x1080`, with
  /// `, 23 lisgd binding(s)` when the config has them.
  public var summary: String {
    "\(scene.allRecognizers.count) recognizer(s), \(bindings.count) binding(s), "
      + "screen \(scene.screenWidth)x\(scene.screenHeight)"
      + (lisgd.map { ", \($0.bindings.count) lisgd binding(s)" } ?? "")
  }
}
