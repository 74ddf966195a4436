// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore

/// The bridge's book on one wl_surface: the `View` standing for it in the engine, its
/// recognizers and its touches. Created when the surface gets its first recognizer or its
/// first touch; dropped when the wl_surface resource is destroyed, which makes its
/// recognizers inert.
///
/// The view's frame is the surface's rectangle on screen as the host reported it when the
/// surface's current touch sequence began.
final class SurfaceRecord: ViewTouchObserver {
  /// The `wl_surface` resource.
  let surface: OpaquePointer
  /// The owning `wl_client`.
  let client: OpaquePointer
  let view: View
  private(set) var recognizers: [RecognizerResource] = []
  /// Touches that went down on the surface and are still down.
  var liveTouches = 0
  private(set) var isDestroyed = false
  /// The surface's gesture_bridge_system_gesture_surface_v1 (at most one at a time).
  weak var systemGestureSurface: SystemGestureSurfaceResource?
  /// The deferral of system gestures set since the last wl_surface.commit.
  var pendingDeferral = SystemGestureDeferral.none
  /// The deferral applied by the last wl_surface.commit: touches going down from then on
  /// follow it.
  private(set) var deferral = SystemGestureDeferral.none
  private weak var server: GestureBridgeServer?
  private var destroyListener: DestroyListener?

  init(surface: OpaquePointer, server: GestureBridgeServer) {
    self.surface = surface
    self.client = wl_resource_get_client(surface)
    self.server = server
    view = View(name: "wl_surface@\(wl_resource_get_id(surface))", frame: .zero)
    view.touchObserver = self
    destroyListener = DestroyListener(resource: surface) { [weak self] in self?.surfaceDestroyed() }
  }

  deinit {
    destroyListener?.remove()
  }

  func add(_ recognizer: RecognizerResource) { recognizers.append(recognizer) }

  func remove(_ recognizer: RecognizerResource) {
    recognizers.removeAll { $0 === recognizer }
  }

  /// The client committed the wl_surface: the pending deferral applies.
  func committed() { deferral = pendingDeferral }

  /// The first touch of a sequence goes down at `screenPoint` on the surface, whose
  /// rectangle on screen is now `frame`.
  func beginSequence(frame: Rect) {
    view.frame = frame
    for recognizer in recognizers { recognizer.sequenceWillBegin() }
  }

  private func surfaceDestroyed() {
    isDestroyed = true
    destroyListener = nil
    for recognizer in recognizers { recognizer.becomeInert() }
    systemGestureSurface?.becomeInert()
    systemGestureSurface = nil
    deferral = .none
    pendingDeferral = .none
    recognizers.removeAll()
    view.removeFromSuperview()
    server?.surfaceDestroyed(self)
  }

  // MARK: ViewTouchObserver

  func touchesBegan(_ touches: TouchSet, in view: View) {
    server?.deliver(touches, phase: .began, on: self)
  }

  func touchesMoved(_ touches: TouchSet, in view: View) {
    server?.deliver(touches, phase: .moved, on: self)
  }

  func touchesEnded(_ touches: TouchSet, in view: View) {
    server?.deliver(touches, phase: .ended, on: self)
  }

  func touchesCancelled(_ touches: TouchSet, in view: View) {
    server?.deliver(touches, phase: .cancelled, on: self)
  }
}
