// SPDX-License-Identifier: MIT
import GestureCore

/// What the compositor hosting a `GestureBridgeServer` provides: surface picking, wl_region
/// contents and role checks, and the delivery of regulated touch events to clients'
/// wl_touch objects. Every method is called on the thread that runs the display's event loop.
///
/// Pointers are the compositor's `wl_resource`s (`wl_surface`, `wl_region`).
public protocol GestureBridgeHost: AnyObject {
  /// The surface under `screenPoint` and where it lies, or nil over no surface.
  func surface(at screenPoint: Point) -> SurfaceHit?
  /// The rectangles (surface-local, disjoint or not) whose union is the wl_region, or nil if
  /// the resource is not a region the host knows.
  func rectangles(ofRegion region: OpaquePointer) -> [Rect]?
  /// Whether the surface may receive touches; false for cursor and drag-and-drop icon roles.
  func surfaceAcceptsTouch(_ surface: OpaquePointer) -> Bool
  /// Sends one touch event (down, motion or up) to the wl_touch objects of the surface's client.
  func deliver(_ event: ClientTouchEvent)
  /// Tells the host that a touch event it fed is withheld from the client for now.
  func hold(_ event: ClientTouchEvent)
  /// Sends wl_touch.cancel to the wl_touch objects of the surface's client. `timeMicroseconds`
  /// is the time of the input that made the bridge cancel (the frame or timer deadline at
  /// which a recognizer began, the host's own cancel); wl_touch.cancel itself has no time.
  func cancelTouches(ofClientOf surface: OpaquePointer, timeMicroseconds: Int64)
  /// Sends wl_touch.frame to the surface's client after the deliveries of one input frame.
  func frame(forClientOf surface: OpaquePointer)
}

/// The surface under a screen point, as the host reports it.
public struct SurfaceHit: Hashable {
  /// The `wl_surface` resource.
  public var surface: OpaquePointer
  /// The point in the surface's local coordinates.
  public var localPoint: Point
  /// The surface's size in surface-local units.
  public var size: Size

  public init(surface: OpaquePointer, localPoint: Point, size: Size) {
    self.surface = surface
    self.localPoint = localPoint
    self.size = size
  }
}

/// One touch event for a client's wl_touch, in the host's touch ids. Only the bridge makes
/// them (the memberwise initializer is internal).
public struct ClientTouchEvent: Hashable {
  public enum Kind: Sendable, Hashable {
    case down
    case motion
    case up
  }

  public var kind: Kind
  /// The touch id the host fed (`touchDown(id:...)`).
  public var hostTouchID: Int32
  /// The id to send in the client's wl_touch events: the lowest id that none of the touches
  /// the client has open uses (a touch is open from its delivered down to its delivered up or
  /// the client's wl_touch.cancel). Usually the host's own id, but a touch whose `up` is still
  /// held back (`delaysTouchesEnded`, a double tap's first tap) keeps its id, and the next
  /// touch gets another one, so no client ever sees one id go down twice.
  public var clientTouchID: Int32
  /// When the event happened (CLOCK_MONOTONIC microseconds): held events keep their time.
  public var timeMicroseconds: Int64
  /// The `wl_surface` resource the touch went down on.
  public var surface: OpaquePointer
  /// Where the touch is, in screen coordinates.
  public var screenPoint: Point
  /// Where the touch is, in the surface's local coordinates.
  public var localPoint: Point

  init(
    kind: Kind, hostTouchID: Int32, clientTouchID: Int32? = nil, timeMicroseconds: Int64,
    surface: OpaquePointer, screenPoint: Point, localPoint: Point
  ) {
    self.kind = kind
    self.hostTouchID = hostTouchID
    self.clientTouchID = clientTouchID ?? hostTouchID
    self.timeMicroseconds = timeMicroseconds
    self.surface = surface
    self.screenPoint = screenPoint
    self.localPoint = localPoint
  }
}
