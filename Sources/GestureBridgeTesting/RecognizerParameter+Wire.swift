// SPDX-License-Identifier: MIT
import GestureCore

extension RecognizerParameter {
  /// The gesture_bridge_recognizer_v1 request that sets the parameter, by its XML name
  /// (`numberOfTapsRequired` -> `set_number_of_taps_required`), for the tests that hold the
  /// protocol's Types lines to the catalogue.
  public var wireRequestName: String {
    "set_" + String(rawValue.flatMap { $0.isUppercase ? ["_", Character($0.lowercased())] : [$0] })
  }
}
