// SPDX-License-Identifier: MIT
import GestureCore

/// One recognizer of a built `Scene`, with what reports need to name it.
public struct SceneRecognizer {
  public let name: String
  public let type: RecognizerKind
  public let recognizer: GestureRecognizer
  /// The view it is attached to.
  public let view: View
}
