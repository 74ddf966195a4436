// SPDX-License-Identifier: MIT
/// A pan that starts at an edge of the screen (UIKit's
/// `UIScreenEdgePanGestureRecognizer`). Continuous, like `PanGestureRecognizer`, whose
/// translation, velocity and finger counts it shares.
///
/// Every finger landing before the gesture begins must land within
/// `GestureSettings.screenEdgeZonePixels` of one of `edges` of the screen (`screenBounds`,
/// the engine's root view frame), the same edge for all of them; otherwise it fails at
/// once, on that touch-down. When the pan passes its hysteresis it begins only if the
/// translation points away from that edge (its component along the edge's inward normal is
/// positive and at least as large as the component along the edge, i.e. within 45 degrees
/// of straight inwards); otherwise it fails. A finger landing in a corner zone counts for
/// both edges there.
///
/// Example (`edges = .left`, 1920x1080 screen): `#1 began (5, 500)`, `#1 moved (40, 505)`
/// -> began, translation (35, 5); `#1 began (300, 500)` -> failed at once.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// The edges a gesture may start from. UIKit's default: none (it never begins until
  /// edges are set).
  public var edges: RectEdge {
    get { storedEdges }
    set { storedEdges = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedEdges: RectEdge = []

  /// The chosen edges every finger so far landed near.
  private var startEdges: RectEdge = []

  open override func touchesBegan(_ touches: TouchSet) {
    guard !state.isFinished else { return super.touchesBegan(touches) }
    if !hasAskedToBegin {
      let isFirst = self.touches.liveCount == touches.count
      var near = isFirst ? edges : startEdges
      for touch in touches.storage { near.formIntersection(edgesNear(touch.initialScreenLocation)) }
      startEdges = near
      if near.isEmpty { return fail() }
    }
    super.touchesBegan(touches)
  }

  override func beginDecision(forTranslation translation: Point) -> PanBeginDecision {
    for edge in RectEdge.singles where startEdges.contains(edge) {
      let normal = edge.inwardNormal
      let inwards = translation.x * normal.x + translation.y * normal.y
      let along = abs(translation.x * normal.y - translation.y * normal.x)
      if inwards > 0 && inwards >= along { return .begin }
    }
    return .fail
  }

  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.edges { edges = value }
  }

  open override func reset() {
    super.reset()
    startEdges = []
  }

  /// The edges of the screen within the edge zone of `point` (screen coordinates).
  private func edgesNear(_ point: Point) -> RectEdge {
    let bounds = screenBounds
    let zone = settings.screenEdgeZonePixels
    var near: RectEdge = []
    if point.y - bounds.minY <= zone { near.insert(.top) }
    if point.x - bounds.minX <= zone { near.insert(.left) }
    if bounds.maxY - point.y <= zone { near.insert(.bottom) }
    if bounds.maxX - point.x <= zone { near.insert(.right) }
    return near
  }
}
