// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One of lisgd's eight stroke directions, by its `-g` name: `LR` is left to right, `DLUR`
/// down-left to up-right, and so on.
public enum LisgdSwipe: String, CaseIterable, Sendable, Hashable {
  case downUp = "DU"
  case upDown = "UD"
  case leftRight = "LR"
  case rightLeft = "RL"
  case downLeftUpRight = "DLUR"
  case downRightUpLeft = "DRUL"
  case upRightDownLeft = "URDL"
  case upLeftDownRight = "ULDR"

  /// The direction of a finger's stroke from (x0, y0) to (x1, y1) in screen pixels (y down),
  /// as lisgd 0.3.7 classifies it: nil when it is shorter than `minimumDistance`, else the
  /// direction whose angle (0 up, 90 right, clockwise) is within `leniencyDegrees` of the
  /// stroke's, tried up, up-right, right, down-right, down, down-left, left, up-left; nil when
  /// none is.
  public static func of(
    x0: Double, y0: Double, x1: Double, y1: Double, minimumDistance: Double,
    leniencyDegrees: Double
  ) -> LisgdSwipe? {
    let turn = atan2(x1 - x0, y0 - y1)
    let degrees = 57.2957795130823209 * (turn < 0 ? turn + 6.2831853071795865 : turn)
    let distance = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    guard distance >= minimumDistance else { return nil }
    for (angle, swipe) in order
    where degrees >= angle - leniencyDegrees && degrees <= angle + leniencyDegrees {
      return swipe
    }
    return nil
  }

  /// The directions by angle, in the order lisgd tries them (a constant: classifying a stroke
  /// allocates nothing, for the compositor's per-frame use).
  private static let order: [(Double, LisgdSwipe)] = [
    (0, .downUp), (45, .downLeftUpRight), (90, .leftRight), (135, .upLeftDownRight),
    (180, .upDown), (225, .upRightDownLeft), (270, .rightLeft), (315, .downRightUpLeft),
    (360, .downUp),
  ]

  /// Whether the stroke runs along the screen's height (up or down), its width (left or
  /// right) or a diagonal: what lisgd measures its distance class against.
  var axis: LisgdDistance.Axis {
    switch self {
    case .downUp, .upDown: .vertical
    case .leftRight, .rightLeft: .horizontal
    default: .diagonal
    }
  }

  /// The direction a binding's stroke becomes on a screen turned `quarterTurns` times 90
  /// degrees (lisgd's `-o`): `LR` becomes `UD` after one.
  public func turned(quarterTurns: Int) -> LisgdSwipe {
    var swipe = self
    for _ in 0..<((quarterTurns % 4 + 4) % 4) {
      swipe =
        switch swipe {
        case .downUp: .leftRight
        case .downLeftUpRight: .upLeftDownRight
        case .leftRight: .upDown
        case .upLeftDownRight: .upRightDownLeft
        case .upDown: .rightLeft
        case .upRightDownLeft: .downRightUpLeft
        case .rightLeft: .downUp
        case .downRightUpLeft: .downLeftUpRight
        }
    }
    return swipe
  }
}
