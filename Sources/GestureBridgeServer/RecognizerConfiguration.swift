import GestureCore

/// The parameters and properties of one recognizer, pending or committed, with the
/// protocol's defaults (UIKit's). Values are stored as validated on the wire.
struct RecognizerConfiguration: Equatable {
  var numberOfTapsRequired: Int
  var numberOfTouchesRequired = 1
  var minimumPressDurationMicroseconds: Int64 = 500_000
  /// nil: the compositor's default (`GestureSettings.longPressAllowableMovementPixels`, UIKit's
  /// 10 pt as millimetres through the bridge's `physicalScale`, 10 when that is unknown).
  var allowableMovement: Double?
  var minimumNumberOfTouches = 1
  /// 0: no limit.
  var maximumNumberOfTouches = 0
  var direction = SwipeDirection.right
  var edges = RectEdge()
  /// Surface-local rectangles whose union is where touches must go down; nil: everywhere.
  var region: [Rect]?
  var cancelsTouches = true
  var delaysTouchesBegan = false
  var delaysTouchesEnded = true
  var isEnabled = true

  init(type: RecognizerType) {
    numberOfTapsRequired = type == .longPress ? 0 : 1
  }

  /// Whether a touch going down at `point` (surface-local) is inside the region.
  func regionContains(_ point: Point) -> Bool {
    guard let region else { return true }
    return region.contains { $0.contains(point) }
  }

  /// Sets the GestureCore recognizer's parameters (not `isEnabled`, which the owner manages).
  func apply(to recognizer: GestureRecognizer) {
    recognizer.cancelsTouchesInView = cancelsTouches
    recognizer.delaysTouchesBegan = delaysTouchesBegan
    recognizer.delaysTouchesEnded = delaysTouchesEnded
    switch recognizer {
    case let tap as TapGestureRecognizer:
      tap.numberOfTapsRequired = numberOfTapsRequired
      tap.numberOfTouchesRequired = numberOfTouchesRequired
    case let press as LongPressGestureRecognizer:
      press.numberOfTapsRequired = numberOfTapsRequired
      press.numberOfTouchesRequired = numberOfTouchesRequired
      press.minimumPressDuration = Double(minimumPressDurationMicroseconds) / 1_000_000
      if let allowableMovement { press.allowableMovement = allowableMovement }
    case let swipe as SwipeGestureRecognizer:
      swipe.numberOfTouchesRequired = numberOfTouchesRequired
      swipe.direction = direction
    default: break
    }
    if let edgePan = recognizer as? ScreenEdgePanGestureRecognizer { edgePan.edges = edges }
    if let pan = recognizer as? PanGestureRecognizer {
      pan.minimumNumberOfTouches = minimumNumberOfTouches
      pan.maximumNumberOfTouches = maximumNumberOfTouches == 0 ? Int.max : maximumNumberOfTouches
    }
  }
}
