import Foundation

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
  /// is not UTF-8.
  public static func readText(path: String) throws(SceneError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw SceneError(file: path, message: "cannot read the file: \(Self.reason(error))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw SceneError(file: path, message: "the file is not valid UTF-8")
    }
    return text
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

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain,
      let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let text = strerror(Int32(underlying.code))
    {
      return String(cString: text)
    }
    if nsError.code == NSFileReadNoSuchFileError { return "No such file or directory" }
    return nsError.localizedDescription
  }
}
