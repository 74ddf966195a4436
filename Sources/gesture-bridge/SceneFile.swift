// SPDX-License-Identifier: MIT
import GestureScene

/// Loading the `--scene` option of `replay` and `watch`.
enum SceneFile {
  /// The scene at `path`, or the default scene when `path` is nil; a bad file is an
  /// `InputFailure` naming the file and the problem.
  static func load(_ path: String?) throws -> SceneDescription {
    guard let path else { return .standard }
    do {
      return try SceneDescription.load(path: path)
    } catch {
      throw InputFailure(message: error.description)
    }
  }
}
