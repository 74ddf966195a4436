// SPDX-License-Identifier: MIT
import GestureCore

/// One entry of a view's `"recognizers"` list: its name, its kind, the catalogue's
/// parameters (`RecognizerParameters`: a parameter left out, nil, keeps the recognizer's own
/// default) and its relations.
public struct RecognizerDescription: Sendable, Hashable {
  /// Unique within the scene; reports and relations use it.
  public var name: String
  public var type: RecognizerKind
  /// The kind's parameters and the delivery properties, as scene files name them (UIKit's
  /// names; `enabled` is `isEnabled`).
  public var parameters = RecognizerParameters()
  /// Names of recognizers that must fail before this one may recognize.
  public var requiresFailureOf: [String] = []
  /// Names of recognizers this one may recognize together with (both directions).
  public var recognizesSimultaneouslyWith: [String] = []

  public init(name: String, type: RecognizerKind) {
    self.name = name
    self.type = type
  }
}
