// SPDX-License-Identifier: MIT
import CGestureBridge
import GestureCore

/// A `GestureBridgeHost` over a compositor's `gb_host_callbacks` and user data.
final class CallbackHost: GestureBridgeHost {
  private let callbacks: gb_host_callbacks
  private let userData: UnsafeMutableRawPointer?

  /// Nil if a required callback is missing.
  init?(callbacks: gb_host_callbacks, userData: UnsafeMutableRawPointer?) {
    guard callbacks.pick_surface != nil, callbacks.deliver != nil, callbacks.cancel != nil,
      callbacks.frame != nil
    else { return nil }
    self.callbacks = callbacks
    self.userData = userData
  }

  func surface(at screenPoint: Point) -> SurfaceHit? {
    var hit = gb_surface_hit()
    guard callbacks.pick_surface?(userData, screenPoint.x, screenPoint.y, &hit) == true,
      let surface = hit.surface, hit.sx.isFinite, hit.sy.isFinite
    else { return nil }
    let width = hit.width.isFinite ? max(0, hit.width) : 0
    let height = hit.height.isFinite ? max(0, hit.height) : 0
    return SurfaceHit(
      surface: surface, localPoint: Point(x: hit.sx, y: hit.sy),
      size: Size(width: width, height: height))
  }

  func rectangles(ofRegion region: OpaquePointer) -> [Rect]? {
    guard let query = callbacks.region_rectangles else { return nil }
    var capacity: Int32 = 16
    while true {
      var rects = [gb_rect](repeating: gb_rect(), count: Int(capacity))
      let count = query(userData, region, &rects, capacity)
      if count < 0 { return nil }
      if count <= capacity {
        return rects.prefix(Int(count)).map {
          Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
        }
      }
      capacity = count
    }
  }

  func surfaceAcceptsTouch(_ surface: OpaquePointer) -> Bool {
    callbacks.surface_accepts_touch?(userData, surface) ?? true
  }

  func deliver(_ event: ClientTouchEvent) {
    var converted = Self.convert(event)
    callbacks.deliver?(userData, &converted)
  }

  func hold(_ event: ClientTouchEvent) {
    var converted = Self.convert(event)
    callbacks.hold?(userData, &converted)
  }

  func cancelTouches(ofClientOf surface: OpaquePointer, timeMicroseconds: Int64) {
    callbacks.cancel?(userData, surface, UInt64(max(0, timeMicroseconds)))
  }

  func frame(forClientOf surface: OpaquePointer) { callbacks.frame?(userData, surface) }

  private static func convert(_ event: ClientTouchEvent) -> gb_touch_event {
    let kind: gb_touch_event_kind
    switch event.kind {
    case .down: kind = GB_TOUCH_DOWN
    case .motion: kind = GB_TOUCH_MOTION
    case .up: kind = GB_TOUCH_UP
    }
    return gb_touch_event(
      kind: kind, touch_id: event.hostTouchID, time_usec: UInt64(max(0, event.timeMicroseconds)),
      surface: event.surface, x: event.screenPoint.x, y: event.screenPoint.y,
      sx: event.localPoint.x, sy: event.localPoint.y, wl_touch_id: event.clientTouchID)
  }
}
