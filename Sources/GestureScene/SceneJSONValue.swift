// SPDX-License-Identifier: MIT
/// A parsed JSON value that keeps what a scene file's error messages need: object keys in file
/// order (duplicates are a syntax error), and each number's text as written. Public so that
/// formats extending the scene file (the daemon's `bindings`) can validate their own keys.
public enum SceneJSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// The value, and the text it was written as (for messages: `got 1e999`).
  case number(Double, text: String)
  case string(String)
  case array([SceneJSONValue])
  case object([(key: String, value: SceneJSONValue)])

  public static func == (a: SceneJSONValue, b: SceneJSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x, _), .number(let y, _)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  /// How the value reads in an error message: `0`, `"abc"`, `true`, `null`, `an array`,
  /// `an object`.
  public var shortDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(_, let text): text
    case .string(let value): "\"\(value)\""
    case .array: "an array"
    case .object: "an object"
    }
  }
}
