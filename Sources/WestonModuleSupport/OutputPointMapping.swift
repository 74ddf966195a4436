// SPDX-License-Identifier: MIT
import CWeston

/// How a point in an output's own pixels (its current mode, before its transform and scale:
/// what a touchscreen overlaying the panel reports, in the panel's orientation) maps to
/// weston's global coordinates: as weston's own libinput backend maps a touch, the output's
/// transform (`[output] transform=rotate-90` ...) and scale applied, so a touch at the
/// panel's edge lands at the edge of the picture the person sees. An affine map, read once
/// per output change (the points weston maps for (0, 0), (1, 0) and (0, 1)); mapping a point
/// is arithmetic only.
public struct OutputPointMapping: Sendable, Hashable {
  /// The output's mode, in its own pixels.
  public var modeWidth: Int32
  public var modeHeight: Int32
  private var originX: Double
  private var originY: Double
  /// The global step of one pixel along the mode's x and y.
  private var xStepX: Double
  private var xStepY: Double
  private var yStepX: Double
  private var yStepY: Double

  /// The output named `name` (nil: the first output) of `compositor`; nil while it does not
  /// exist, has no mode or is not set up yet.
  public init?(of compositor: UnsafeMutablePointer<weston_compositor>, named name: String?) {
    var width: Int32 = 0
    var height: Int32 = 0
    var (originX, originY, x1X, x1Y, y1X, y1Y) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    guard
      cweston_output_mode_mapping(
        compositor, name, &width, &height, &originX, &originY, &x1X, &x1Y, &y1X, &y1Y)
    else { return nil }
    // Before weston has set the output up (its matrices are made when it is enabled), the
    // points are not finite, or the same: not mapped yet.
    let values = [originX, originY, x1X, x1Y, y1X, y1Y]
    guard values.allSatisfy(\.isFinite), (x1X, x1Y) != (originX, originY),
      (y1X, y1Y) != (originX, originY)
    else { return nil }
    modeWidth = width
    modeHeight = height
    self.originX = originX
    self.originY = originY
    xStepX = x1X - originX
    xStepY = x1Y - originY
    yStepX = y1X - originX
    yStepY = y1Y - originY
  }

  /// Global pixels per pixel of the output's own (1 / the output's scale).
  public var globalPixelsPerModePixel: Double { (xStepX * xStepX + xStepY * xStepY).squareRoot() }

  /// The global point of (x, y) in the output's own pixels.
  public func global(x: Double, y: Double) -> (x: Double, y: Double) {
    (originX + xStepX * x + yStepX * y, originY + xStepY * x + yStepY * y)
  }
}
