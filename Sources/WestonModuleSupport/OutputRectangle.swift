// SPDX-License-Identifier: MIT
import CWeston

/// Where an output is in weston's global coordinates, and its size in pixels.
public struct OutputRectangle: Sendable, Hashable {
  public var x: Int32
  public var y: Int32
  public var width: Int32
  public var height: Int32

  /// The output named `name` (nil: the first output) of `compositor`; nil while it does not
  /// exist or has no size.
  public init?(of compositor: UnsafeMutablePointer<weston_compositor>, named name: String?) {
    var x: Int32 = 0
    var y: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    guard cweston_output_rect(compositor, name, &x, &y, &width, &height), width > 0, height > 0
    else { return nil }
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }
}
