// SPDX-License-Identifier: MIT
/// A snapshot of one finger, as recognizers and views see it in a frame (UIKit's `UITouch`).
///
/// A value: every frame hands out fresh snapshots. Locations are kept in screen coordinates;
/// `location(in:)` converts them into a view's coordinates.
public struct Touch {
  public let id: TouchID
  public internal(set) var phase: TouchPhase
  /// Where the finger is now, in screen coordinates.
  public internal(set) var screenLocation: Point
  /// Where the finger was in the previous frame it moved in, in screen coordinates.
  public internal(set) var previousScreenLocation: Point
  /// Where the finger touched down, in screen coordinates.
  public let initialScreenLocation: Point
  /// Time of the frame this snapshot belongs to, in microseconds.
  public internal(set) var timestampMicroseconds: Int64
  /// Time the finger touched down, in microseconds.
  public let initialTimestampMicroseconds: Int64
  /// The view the touch began in (hit-tested once, when it began); `nil` when it began
  /// outside every view, or once that view is gone. Held weakly, like `UITouch.view`: a
  /// finger left down never keeps a dropped view tree (and its recognizers) alive.
  public var view: View? { viewReference?.view }
  /// `view`, weakly, through the view's `ViewReference` (copying a touch retains it instead
  /// of copying a weak reference to the view).
  let viewReference: ViewReference?

  init(id: TouchID, location: Point, timestampMicroseconds: Int64, view: View?) {
    self.id = id
    self.phase = .began
    self.screenLocation = location
    self.previousScreenLocation = location
    self.initialScreenLocation = location
    self.timestampMicroseconds = timestampMicroseconds
    self.initialTimestampMicroseconds = timestampMicroseconds
    viewReference = view?.reference
  }

  /// The current location in `view`'s coordinates; `nil` means screen coordinates.
  /// Takes a new sample of the finger: `previous` (the location it had) becomes the previous
  /// location, so per-frame deltas are never counted twice. One mutation in place, for the
  /// engine's records and the recognizers' copies alike.
  mutating func take(
    phase: TouchPhase, location: Point, previous: Point, atMicroseconds time: Int64
  ) {
    self.phase = phase
    previousScreenLocation = previous
    screenLocation = location
    timestampMicroseconds = time
  }

  /// `take(phase:location:previous:atMicroseconds:)` from the location the touch has;
  /// returns that location (now the previous one).
  mutating func take(phase: TouchPhase, location: Point, atMicroseconds time: Int64) -> Point {
    let previous = screenLocation
    take(phase: phase, location: location, previous: previous, atMicroseconds: time)
    return previous
  }

  /// Marks a touch that began or moved in the last frame as stationary (for the next one).
  mutating func markStationary() {
    if phase == .began || phase == .moved { phase = .stationary }
  }

  public func location(in view: View?) -> Point {
    view?.convert(fromScreen: screenLocation) ?? screenLocation
  }

  /// The previous location in `view`'s coordinates; `nil` means screen coordinates.
  public func previousLocation(in view: View?) -> Point {
    view?.convert(fromScreen: previousScreenLocation) ?? previousScreenLocation
  }
}
