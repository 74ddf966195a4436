// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A scene file, parsed and validated: the screen size and the views with their recognizers.
/// Build the live objects with `Scene(description:)`.
public struct SceneDescription: Sendable, Hashable {
  /// Screen width and height in pixels (whole numbers >= 1).
  public var screenWidth: Int
  public var screenHeight: Int
  /// Top-level views, subviews of a root view the size of the screen, back to front.
  public var views: [ViewDescription]

  public init(screenWidth: Int, screenHeight: Int, views: [ViewDescription]) {
    self.screenWidth = screenWidth
    self.screenHeight = screenHeight
    self.views = views
  }

  /// Parses and validates scene JSON; `file` is the name errors start with.
  public static func parse(json: String, file: String) throws(SceneError) -> SceneDescription {
    var validator = SceneValidator(file: file)
    return try validator.validate(json: json)
  }

  /// Parses and validates scene JSON whose top-level object may also hold `extensionKeys`
  /// (e.g. the daemon's `"bindings"`); returns the scene and the values of the extension keys
  /// present, in file order, for the caller to validate. Other unknown keys are still errors.
  public static func parse(json: String, file: String, extensionKeys: [String])
    throws(SceneError) -> (
      scene: SceneDescription, extensions: [(key: String, value: SceneJSONValue)]
    )
  {
    var validator = SceneValidator(file: file)
    validator.extensionKeys = extensionKeys
    let scene = try validator.validate(json: json)
    return (scene, validator.extensions)
  }

  /// Reads, parses and validates the scene file at `path`.
  public static func load(path: String) throws(SceneError) -> SceneDescription {
    try parse(json: readText(path: path), file: path)
  }

  /// The text of the file at `path`; a `SceneError` naming the file when it cannot be read or
  /// is not UTF-8. Read with the C library (no Foundation: the compositor side loads configs).
  public static func readText(path: String) throws(SceneError) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(path, errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw unreadable(path, errno)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw SceneError(file: path, message: "the file is not valid UTF-8")
    }
    return text
  }

  private static func unreadable(_ path: String, _ code: Int32) -> SceneError {
    let reason = strerror(code).map { String(cString: $0) } ?? "errno \(code)"
    return SceneError(file: path, message: "cannot read the file: \(reason)")
  }

  /// The default scene (`DefaultScene.json`), used when no scene file is given.
  public static var standard: SceneDescription {
    // The literal is validated by a test; failing here would be a bug in the literal.
    do {
      return try parse(json: DefaultScene.json, file: DefaultScene.fileName)
    } catch {
      fatalError("the built-in default scene is invalid: \(error)")
    }
  }

  /// Every recognizer in the scene, depth first in file order.
  public var allRecognizers: [RecognizerDescription] {
    var result: [RecognizerDescription] = []
    func visit(_ view: ViewDescription) {
      result += view.recognizers
      view.children.forEach(visit)
    }
    views.forEach(visit)
    return result
  }

}
