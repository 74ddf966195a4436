// SPDX-License-Identifier: MIT
/// What a recognizer reports besides its state, location and touches, as one value every
/// consumer reads: the reports and their JSON and text lines, the `GESTURE_*` variables of a
/// binding's command, the C ABI's `gb_system_gesture`, the protocol's value events and the
/// client libraries. Each kind fills the quantities it has (`GestureRecognizer.values`,
/// overridden next to each recognizer); nil means the kind has no such quantity. The
/// quantities are those of the protocol's value events (`translation`, `velocity`, `scale`,
/// `rotation`, `direction`, `taps`), so a new kind made of them needs no consumer changed.
///
/// Lengths are in pixels of the view's coordinate space (views are only translated against
/// the screen, so the same in every view), angles in radians, clockwise positive on screen.
public struct GestureValues: Sendable, Hashable {
  /// Taps completed.
  public var taps: Int?
  /// Travel of the fingers' centroid since the gesture started, pixels.
  public var translation: Point?
  /// How fast `translation` changes, pixels per second.
  public var velocity: Point?
  /// The fingers' spread over their spread when the gesture started.
  public var scale: Double?
  /// How fast `scale` changes, per second.
  public var scaleVelocity: Double?
  /// The fingers' turn since the gesture started, radians.
  public var rotation: Double?
  /// How fast `rotation` changes, radians per second.
  public var rotationVelocity: Double?
  /// The single direction swiped.
  public var direction: SwipeDirection?

  public init(
    taps: Int? = nil, translation: Point? = nil, velocity: Point? = nil, scale: Double? = nil,
    scaleVelocity: Double? = nil, rotation: Double? = nil, rotationVelocity: Double? = nil,
    direction: SwipeDirection? = nil
  ) {
    self.taps = taps
    self.translation = translation
    self.velocity = velocity
    self.scale = scale
    self.scaleVelocity = scaleVelocity
    self.rotation = rotation
    self.rotationVelocity = rotationVelocity
    self.direction = direction
  }

  /// How many of the velocities (`velocity`, `scaleVelocity`, `rotationVelocity`) are
  /// present: with one, renderings may call it plainly "velocity".
  public var velocityCount: Int {
    (velocity == nil ? 0 : 1) + (scaleVelocity == nil ? 0 : 1) + (rotationVelocity == nil ? 0 : 1)
  }
}
