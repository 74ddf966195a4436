// SPDX-License-Identifier: MIT
/// The values of one state change besides state, location and touches: one per value event
/// the compositor sent before the `frame` (the protocol's `translation`, `velocity`, `scale`,
/// `rotation`, `direction` and `taps`), nil for those it did not send. Which a kind sends is
/// the compositor's `GestureValues` (docs/client.md lists them per kind); a failed frame has
/// none. Lengths are surface-local units, angles radians clockwise positive.
public struct GestureValues: Equatable, Sendable {
  /// A recognized tap: the number of taps performed.
  public var taps: Int?
  /// Translation since the gesture started (pan, screen-edge pan, transform).
  public var translation: SurfaceVector?
  /// Velocity of the translation, per second.
  public var velocityPerSecond: SurfaceVector?
  /// Scale factor, 1 at the start (pinch, transform).
  public var scale: Double?
  /// Velocity of the scale factor, per second.
  public var scalePerSecond: Double?
  /// Turn since the start, radians (rotation, transform).
  public var rotationRadians: Double?
  /// Velocity of the turn, radians per second.
  public var radiansPerSecond: Double?
  /// A recognized swipe: the direction actually swiped (one of the set's directions).
  public var direction: SwipeDirections?

  /// No values: a long press, a failed frame.
  public static let none = GestureValues()

  public init(
    taps: Int? = nil, translation: SurfaceVector? = nil, velocityPerSecond: SurfaceVector? = nil,
    scale: Double? = nil, scalePerSecond: Double? = nil, rotationRadians: Double? = nil,
    radiansPerSecond: Double? = nil, direction: SwipeDirections? = nil
  ) {
    self.taps = taps
    self.translation = translation
    self.velocityPerSecond = velocityPerSecond
    self.scale = scale
    self.scalePerSecond = scalePerSecond
    self.rotationRadians = rotationRadians
    self.radiansPerSecond = radiansPerSecond
    self.direction = direction
  }

  /// How many velocities are present: with one, `JSONLine` calls it plainly "velocity".
  var velocityCount: Int {
    (velocityPerSecond == nil ? 0 : 1) + (scalePerSecond == nil ? 0 : 1)
      + (radiansPerSecond == nil ? 0 : 1)
  }
}
