// SPDX-License-Identifier: MIT
import GestureCore

/// Which system recognizers a touch reaches, given what the surface it goes down on
/// deferred (gesture_bridge_system_gesture_surface_v1). Decided once per touch, when it goes
/// down (`admission(...)`), and consulted by the system recognizers' delegate
/// (`SystemGestureSet`) for every recognizer the touch could reach.
///
/// - Exclusion: a touch going down inside the surface's exclusion region reaches no system
///   recognizer, except within a screen edge zone beyond the cap: for each screen edge, the
///   parts of the region within that edge's zone (`edgeZone`, the screen-edge pans' zone)
///   count, measured along the edge, against `cap`; the first `cap` of excluded length is
///   kept, counted from the bottom end of the left and right edges upwards (Android keeps the
///   bottom-most 200 dp) and from the left end of the top and bottom edges rightwards; a touch
///   in the zone beyond it is not excluded.
/// - Deferred edges: a touch going down within the edge zone of a deferred edge does not
///   reach the system's screen-edge pans of that edge, unless it goes down while the touch of
///   the previous deferred gesture on that edge is still down or at most
///   `deferralRepeatIntervalMicroseconds` after it lifted (the second swipe goes to the
///   system, so an app can never lock the user in); after such a second one, the next is
///   again a first one. One timing per screen edge, shared by every surface.
struct SystemGestureGate {
  /// How long after the previous deferred edge gesture lifted a new one on the same edge
  /// goes to the system: 1 s (the protocol's 1000 ms).
  static let deferralRepeatIntervalMicroseconds: Int64 = 1_000_000
  /// The cap of the exclusion per screen edge, in millimetres of the touch surface: 32 mm,
  /// about Android's 200 dp (31.75 mm).
  static let exclusionCapMillimetres = 32.0
  /// The cap when the touch surface's size is unknown: 200 logical pixels.
  static let exclusionCapPixels = 200.0

  /// What the system recognizers may do with one touch.
  struct Admission: Hashable {
    /// The touch reaches no system recognizer.
    var isExcluded = false
    /// Screen-edge pans of these edges do not get the touch.
    var deferredEdges: RectEdge = []

    static let all = Admission()

    /// Whether a system recognizer starting from `edges` (none: not an edge gesture) may
    /// receive the touch.
    func admits(startingFrom edges: RectEdge) -> Bool {
      if isExcluded { return false }
      return deferredEdges.isEmpty || edges.isDisjoint(with: deferredEdges)
    }
  }

  /// The touch of the latest deferred gesture on an edge, and when it lifted (nil: down).
  private struct DeferredTouch {
    var touch: TouchID
    var liftedAtMicroseconds: Int64?
  }

  /// Indexed like `RectEdge.singles` order: top, left, bottom, right.
  private var lastDeferred: [DeferredTouch?] = [nil, nil, nil, nil]
  private static let edges: [RectEdge] = [.top, .left, .bottom, .right]

  /// Decides for `touch`, going down at `screenPoint` at `timeMicroseconds` on a surface
  /// whose origin is at `surfaceOrigin` on `screen`, what the system recognizers may do with
  /// it, and books a deferred edge gesture.
  mutating func admission(
    of touch: TouchID, at screenPoint: Point, timeMicroseconds: Int64,
    deferral: SystemGestureDeferral,
    surfaceOrigin: Point, screen: Rect, edgeZone: Double, cap: Double
  ) -> Admission {
    guard !deferral.isEmpty else { return .all }
    var admission = Admission()
    let near = Self.edgesNear(screenPoint, screen: screen, zone: edgeZone)
    if !deferral.exclusion.isEmpty {
      let local = screenPoint - surfaceOrigin
      if deferral.exclusion.contains(where: { $0.contains(local) }) {
        let rects = deferral.exclusion.map {
          Rect(origin: $0.origin + surfaceOrigin, size: $0.size)
        }
        admission.isExcluded = Self.edges.allSatisfy { edge in
          !near.contains(edge)
            || Self.isWithinCap(
              screenPoint, edge: edge, rects: rects, screen: screen, zone: edgeZone, cap: cap)
        }
      }
    }
    for (index, edge) in Self.edges.enumerated()
    where near.contains(edge) && deferral.deferredEdges.contains(edge) {
      if let last = lastDeferred[index],
        last.liftedAtMicroseconds.map({
          timeMicroseconds - $0 <= Self.deferralRepeatIntervalMicroseconds
        })
          ?? true
      {
        lastDeferred[index] = nil  // the second one: the system's; the next is a first again
      } else {
        lastDeferred[index] = DeferredTouch(touch: touch, liftedAtMicroseconds: nil)
        admission.deferredEdges.insert(edge)
      }
    }
    return admission
  }

  /// A touch lifted (or was cancelled) at `timeMicroseconds`: starts the repeat interval of
  /// the edges whose latest deferred gesture it was.
  mutating func lifted(_ touch: TouchID, timeMicroseconds: Int64) {
    for index in lastDeferred.indices where lastDeferred[index]?.touch == touch {
      lastDeferred[index]?.liftedAtMicroseconds = timeMicroseconds
    }
  }

  /// The edges of `screen` within `zone` of `point` (as `ScreenEdgePanGestureRecognizer`
  /// measures them).
  static func edgesNear(_ point: Point, screen: Rect, zone: Double) -> RectEdge {
    var near: RectEdge = []
    if point.y - screen.minY <= zone { near.insert(.top) }
    if point.x - screen.minX <= zone { near.insert(.left) }
    if screen.maxY - point.y <= zone { near.insert(.bottom) }
    if screen.maxX - point.x <= zone { near.insert(.right) }
    return near
  }

  /// Whether `point` (in the zone of `edge`) lies in the first `cap` of the excluded length
  /// along the edge: the parts of `rects` (screen coordinates) within the zone, projected on
  /// the edge, counted from the bottom end (left, right) or the left end (top, bottom).
  static func isWithinCap(
    _ point: Point, edge: RectEdge, rects: [Rect], screen: Rect, zone: Double, cap: Double
  ) -> Bool {
    let band: Rect
    switch edge {
    case .top: band = Rect(x: screen.minX, y: screen.minY, width: screen.width, height: zone)
    case .left: band = Rect(x: screen.minX, y: screen.minY, width: zone, height: screen.height)
    case .bottom:
      band = Rect(x: screen.minX, y: screen.maxY - zone, width: screen.width, height: zone)
    default: band = Rect(x: screen.maxX - zone, y: screen.minY, width: zone, height: screen.height)
    }
    let isVertical = edge == .left || edge == .right
    // Positions along the edge, from where the kept part starts.
    func along(_ value: Double) -> Double { isVertical ? screen.maxY - value : value - screen.minX }
    var spans: [(start: Double, end: Double)] = []
    for rect in rects {
      let minX = max(rect.minX, band.minX)
      let maxX = min(rect.maxX, band.maxX)
      let minY = max(rect.minY, band.minY)
      let maxY = min(rect.maxY, band.maxY)
      guard minX < maxX, minY < maxY else { continue }
      spans.append(isVertical ? (along(maxY), along(minY)) : (along(minX), along(maxX)))
    }
    spans.sort { $0.start < $1.start }
    let position = along(isVertical ? point.y : point.x)
    var kept = 0.0
    var covered = -Double.infinity  // the end of the merged spans so far
    for span in spans {
      let start = max(span.start, covered)
      guard span.end > start else { continue }
      let room = cap - kept
      guard room > 0 else { return false }
      let end = min(span.end, start + room)
      if position >= start && position <= end { return true }
      if position > end && position <= span.end { return false }  // beyond the cap
      kept += end - start
      covered = span.end
    }
    return false
  }
}
