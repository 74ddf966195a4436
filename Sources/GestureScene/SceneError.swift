// SPDX-License-Identifier: MIT
/// What is wrong with a scene, in one line naming the file and where:
/// `scene.json: views[0].recognizers[2].numberOfTapsRequired: expected an integer >= 1, got 0`
/// or, for JSON syntax, `scene.json:3:17: invalid JSON: expected ',' or '}'`.
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  /// Where in the scene, e.g. `views[0].frame`; empty for the file as a whole.
  public var path: String
  /// 1-based line and column, for JSON syntax errors.
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(
    file: String, path: String = "", line: Int? = nil, column: Int? = nil, message: String
  ) {
    self.file = file
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    var text = file
    if let line, let column { text += ":\(line):\(column)" }
    text += ": "
    if !path.isEmpty { text += path + ": " }
    return text + message
  }
}
