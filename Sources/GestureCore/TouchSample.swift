// SPDX-License-Identifier: MIT
/// One finger's change within a `TouchFrame`: what input adapters feed the engine.
public struct TouchSample: Sendable, Hashable {
  public var id: TouchID
  /// `.began`, `.moved`, `.ended` or `.cancelled`; fingers that did not change are simply not
  /// listed (the engine reports them as `.stationary`).
  public var phase: TouchPhase
  /// Location in screen coordinates. For `.ended` and `.cancelled` it may repeat the last
  /// known location (libinput reports none for up and cancel).
  public var location: Point

  public init(id: TouchID, phase: TouchPhase, location: Point) {
    self.id = id
    self.phase = phase
    self.location = location
  }
}
