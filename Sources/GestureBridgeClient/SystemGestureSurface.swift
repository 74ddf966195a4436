import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client

/// An app's deferral of the compositor's system gestures on one of its surfaces
/// (gesture_bridge_system_gesture_surface_v1, version 2 of the global), from
/// `GestureBridgeClient.systemGestureSurface(for:)`:
///
/// - `setExclusionRegion(_:)`: touches that go down inside the region (surface-local) reach
///   no system gesture, except near the screen's edges beyond the compositor's cap per edge.
/// - `setDeferredEdges(_:)`: the first edge gesture on a deferred screen edge goes to the app,
///   a second one right after it to the system.
///
/// The rule with its figures is the protocol's (gesture_bridge_system_gesture_surface_v1),
/// which the reference compositor implements in `SystemGestureGate` (see its doc comment).
///
/// Both are double-buffered: they apply at the app's next `wl_surface.commit` of the surface,
/// and persist across commits. `destroy()` (or dropping the object) removes them at the next
/// commit. When the surface is destroyed the object has no effect any more.
public final class SystemGestureSurface {
  /// The global's version that has get_system_gesture_surface.
  public static let requiredVersion: UInt32 = 2

  private var proxy: OpaquePointer?
  /// The display the object lives on, flushed after each request (`GestureBridgeClient.flush()`).
  private let display: OpaquePointer

  init(proxy: OpaquePointer, display: OpaquePointer) {
    self.proxy = proxy
    self.display = display
  }

  /// The object's protocol id (0 once destroyed), for logs and tests.
  public var objectID: UInt32 { proxy.map { wl_proxy_get_id($0) } ?? 0 }

  deinit { destroy() }

  private func live() throws -> OpaquePointer {
    guard let proxy else {
      throw GestureBridgeError.objectDestroyed(object: "gesture_bridge_system_gesture_surface_v1")
    }
    return proxy
  }

  /// Sets the pending exclusion region: `region` is a `wl_region` of the app (surface-local;
  /// its rectangles are copied when the compositor handles the request, so the app may
  /// destroy it right after), nil for none (the default).
  public func setExclusionRegion(_ region: OpaquePointer?) throws {
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(
      try live(), region)
    GestureBridgeClient.flush(display)
  }

  /// Sets the pending deferred edges (empty: none, the default). Throws `invalidValue` for
  /// bits outside the four edges, without sending anything (the compositor would raise
  /// invalid_edges).
  public func setDeferredEdges(_ edges: ScreenEdges) throws {
    let proxy = try live()
    guard edges.rawValue & ~ScreenEdges.all.rawValue == 0 else {
      throw GestureBridgeError.invalidValue(
        recognizer: "gesture_bridge_system_gesture_surface_v1", parameter: "deferredEdges",
        value: "\(edges.rawValue)", requirement: "a combination of top, left, bottom and right")
    }
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(proxy, edges.rawValue)
    GestureBridgeClient.flush(display)
  }

  /// Destroys the object: the surface's exclusion and deferred edges go at its next commit.
  /// Later calls do nothing.
  public func destroy() {
    guard let proxy else { return }
    gesture_bridge_system_gesture_surface_v1_destroy(proxy)
    self.proxy = nil
    GestureBridgeClient.flush(display)
  }
}
