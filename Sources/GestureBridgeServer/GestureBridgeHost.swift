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
  /// Sends wl_touch.cancel to the wl_touch objects of the surface's client.
  func cancelTouches(ofClientOf surface: OpaquePointer)
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
  /// When the event happened (CLOCK_MONOTONIC microseconds): held events keep their time.
  public var timeMicroseconds: Int64
  /// The `wl_surface` resource the touch went down on.
  public var surface: OpaquePointer
  /// Where the touch is, in screen coordinates.
  public var screenPoint: Point
  /// Where the touch is, in the surface's local coordinates.
  public var localPoint: Point
}
