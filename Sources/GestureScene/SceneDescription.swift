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

  /// Reads, parses and validates the scene file at `path`.
  public static func load(path: String) throws(SceneError) -> SceneDescription {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw SceneError(file: path, message: "cannot read the file: \(Self.reason(error))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw SceneError(file: path, message: "the file is not valid UTF-8")
    }
    return try parse(json: text, file: path)
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
