// SPDX-License-Identifier: MIT
import GestureCore

/// What a client asked of the system gestures for one wl_surface through
/// gesture_bridge_system_gesture_surface_v1: an exclusion region (surface-local rectangles,
/// their union) and deferred screen edges. Double-buffered on wl_surface.commit
/// (`SurfaceRecord.pendingDeferral` and `deferral`).
struct SystemGestureDeferral: Hashable {
  /// Surface-local rectangles whose union is excluded; empty: no exclusion.
  var exclusion: [Rect] = []
  /// The deferred screen edges.
  var deferredEdges: RectEdge = []

  static let none = SystemGestureDeferral()

  var isEmpty: Bool { exclusion.isEmpty && deferredEdges.isEmpty }
}
