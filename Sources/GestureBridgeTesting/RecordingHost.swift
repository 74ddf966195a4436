// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureBridgeServer
import GestureCore

/// A `GestureBridgeHost` for the tests: surfaces are placed on screen by the test (the last
/// placed is on top), regions come from the `TestCompositor`, and everything the bridge
/// asks of the host is logged.
public final class RecordingHost: GestureBridgeHost {
  public init() {}

  public enum Entry: Equatable {
    case down(touch: Int32, surface: OpaquePointer, local: Point, time: Int64)
    case motion(touch: Int32, surface: OpaquePointer, local: Point)
    case up(touch: Int32, surface: OpaquePointer)
    case hold(touch: Int32, kind: ClientTouchEvent.Kind)
    case cancel(surface: OpaquePointer)
    case frame(surface: OpaquePointer)
  }

  public private(set) var placements: [(surface: OpaquePointer, frame: Rect)] = []
  public var cursorSurfaces: [OpaquePointer] = []
  public var regions: [OpaquePointer: [Rect]] = [:]
  public var log: [Entry] = []

  public func place(_ surface: OpaquePointer, at frame: Rect) {
    placements.removeAll { $0.surface == surface }
    placements.append((surface, frame))
  }

  public func unplace(_ surface: OpaquePointer) { placements.removeAll { $0.surface == surface } }

  public func surface(at screenPoint: Point) -> SurfaceHit? {
    guard let top = placements.last(where: { $0.frame.contains(screenPoint) }) else { return nil }
    return SurfaceHit(
      surface: top.surface, localPoint: screenPoint - top.frame.origin, size: top.frame.size)
  }

  public func rectangles(ofRegion region: OpaquePointer) -> [Rect]? { regions[region] }

  public func surfaceAcceptsTouch(_ surface: OpaquePointer) -> Bool {
    !cursorSurfaces.contains(surface)
  }

  public func deliver(_ event: ClientTouchEvent) {
    switch event.kind {
    case .down:
      log.append(
        .down(
          touch: event.hostTouchID, surface: event.surface, local: event.localPoint,
          time: event.timeMicroseconds))
    case .motion:
      log.append(.motion(touch: event.hostTouchID, surface: event.surface, local: event.localPoint))
    case .up: log.append(.up(touch: event.hostTouchID, surface: event.surface))
    }
  }

  public func hold(_ event: ClientTouchEvent) {
    log.append(.hold(touch: event.hostTouchID, kind: event.kind))
  }

  /// The time of the input behind each cancel, in order.
  public private(set) var cancelTimes: [Int64] = []

  public func cancelTouches(ofClientOf surface: OpaquePointer, timeMicroseconds: Int64) {
    cancelTimes.append(timeMicroseconds)
    log.append(.cancel(surface: surface))
  }

  public func frame(forClientOf surface: OpaquePointer) { log.append(.frame(surface: surface)) }
}
