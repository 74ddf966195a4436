// SPDX-License-Identifier: MIT
import GestureCore

/// The parameters and properties of one recognizer, pending or committed, as validated on the
/// wire. Parameters a client never set stay nil and keep the GestureCore recognizer's defaults
/// (UIKit's; the long press's `allowableMovement`: the compositor's
/// `GestureSettings.longPressAllowableMovementPixels`, UIKit's 10 pt as millimetres through
/// the bridge's `physicalScale`, 10 when that is unknown).
struct RecognizerConfiguration: Equatable {
  /// `isEnabled` stays nil: the owner manages it (`isEnabled` below, and suspension).
  var parameters = RecognizerParameters()
  /// Surface-local rectangles whose union is where touches must go down; nil: everywhere.
  var region: [Rect]?
  var isEnabled = true

  /// Whether a touch going down at `point` (surface-local) is inside the region.
  func regionContains(_ point: Point) -> Bool {
    guard let region else { return true }
    return region.contains { $0.contains(point) }
  }
}
