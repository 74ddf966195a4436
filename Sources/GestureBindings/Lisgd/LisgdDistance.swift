// SPDX-License-Identifier: MIT
/// How long a lisgd stroke is against the screen (a third and two thirds of its width,
/// height or diagonal along the stroke), by its `-g` name; a binding's distance is the least
/// it takes (`*` any).
public enum LisgdDistance: Int, CaseIterable, Sendable, Hashable, Comparable {
  case any = 0
  case short = 1
  case medium = 2
  case long = 3

  /// What a stroke's length is measured against.
  enum Axis {
    case horizontal
    case vertical
    case diagonal
  }

  /// The `-g` field: `*`, `S`, `M` or `L`.
  public init?(name: String) {
    switch name {
    case "*": self = .any
    case "S": self = .short
    case "M": self = .medium
    case "L": self = .long
    default: return nil
    }
  }

  /// The class of a stroke of `length` pixels along `swipe` on a `width` x `height` screen;
  /// `.any` for a stroke with no direction (as lisgd 0.3.7).
  static func of(length: Double, swipe: LisgdSwipe?, width: Double, height: Double)
    -> LisgdDistance
  {
    guard let swipe else { return .any }
    let reference: Double
    switch swipe.axis {
    case .vertical: reference = height
    case .horizontal: reference = width
    case .diagonal: reference = (width * width + height * height).squareRoot()
    }
    if length >= reference * 0.66 { return .long }
    if length >= reference * 0.33 { return .medium }
    return .short
  }

  public static func < (lhs: LisgdDistance, rhs: LisgdDistance) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
