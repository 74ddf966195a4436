// SPDX-License-Identifier: MIT
/// How far the picture is turned clockwise on a touchscreen, as the person holding it sees it
/// (a phone turned on its side shows its picture turned 90 or 270 degrees on the panel):
/// touches are mapped onto the panel in its own orientation and then turned into the
/// person's, so the left edge is the person's left edge in landscape too.
///
/// lisgd's `-o N` (N quarter turns) is `degrees` N x 90: with 90, a swipe from the person's
/// left to right is a swipe down the panel. Sway's `output NAME transform 90` turns the
/// picture 90 degrees clockwise: a daemon reading that panel raw takes `clockwise90`.
public enum ScreenRotation: Int, CaseIterable, Sendable, Hashable {
  case none = 0
  case clockwise90 = 90
  case upsideDown = 180
  case clockwise270 = 270

  /// The rotation of `degrees` (0, 90, 180 or 270); nil for any other value.
  public init?(degrees: Int) { self.init(rawValue: degrees) }

  /// Clockwise degrees.
  public var degrees: Int { rawValue }

  /// The size of the panel in its own orientation for a picture of `screen` as the person
  /// sees it: width and height swap for a quarter turn.
  public func panelSize(for screen: ScreenSize) -> ScreenSize {
    switch self {
    case .none, .upsideDown: screen
    case .clockwise90, .clockwise270: ScreenSize(width: screen.height, height: screen.width)
    }
  }

  /// The point the person sees for (`x`, `y`) on a panel of `panel` size (in the panel's own
  /// orientation, as `panelSize(for:)` gives it). Example: turned 90 degrees, the panel's top
  /// edge is the person's left edge and its left edge the person's bottom edge.
  public func screenPoint(panelX x: Double, panelY y: Double, panel: ScreenSize) -> (
    x: Double, y: Double
  ) {
    let width = Double(panel.width)
    let height = Double(panel.height)
    switch self {
    case .none: return (x, y)
    case .clockwise90: return (y, width - x)
    case .upsideDown: return (width - x, height - y)
    case .clockwise270: return (height - y, x)
    }
  }
}
