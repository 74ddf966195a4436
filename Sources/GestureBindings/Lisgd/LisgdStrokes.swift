// SPDX-License-Identifier: MIT
/// lisgd 0.3.7's recognition, fed libinput touch events (device slots, positions mapped onto
/// the screen, times in microseconds): each finger's stroke runs from where it landed to
/// where it last moved.
///
/// - When the last finger lifts, within `timeoutMilliseconds` of the first landing, the
///   first binding (in `-g` order, of either mode) runs whose fingers are the number of
///   fingers that lifted with the first lifting finger's direction, and whose direction,
///   edge and distance take the last lifting finger's stroke (lisgd matches with the last
///   finger's stroke and counts the fingers that agree with the first's).
/// - While fingers are down, when a finger's stroke since it landed (or since the last
///   pressed gesture) is `pressedThreshold` long, the first pressed binding of "any"
///   distance that takes it with the number of fingers down runs, and that finger's stroke
///   and the time limit start again from there.
/// - A finger that lifts without having moved ends nothing: if it is the last, no binding
///   runs (lisgd returns before looking).
///
/// Where this differs from lisgd: times are the events' (lisgd reads the clock when it gets
/// round to an event), and a cancelled touch (libinput's palm or a device going away) is
/// forgotten, where lisgd ignores it and counts its finger down for good.
public struct LisgdStrokes: Sendable {
  /// Where a finger landed (or its last pressed gesture ended) and where it last moved.
  private struct Stroke: Sendable {
    var startX: Double
    var startY: Double
    var end: (x: Double, y: Double)?
  }

  /// The options, with the bindings turned by `orientation`.
  public let options: LisgdOptions
  private var width: Double
  private var height: Double
  private let hasPressedBindings: Bool
  private var strokes: [Int32: Stroke] = [:]
  /// The fingers down now (lisgd's count).
  public private(set) var fingersDown = 0
  private var firstLanding: Int64 = 0
  /// The first lifting finger's direction, and how many lifted with it.
  private var pendingSwipe: LisgdSwipe?
  private var pendingCount = 0

  /// `options` must have a screen size (`LisgdOptions(arguments:)` makes sure).
  public init(options: LisgdOptions) {
    var turned = options
    turned.bindings = options.bindings.map { binding in
      var binding = binding
      binding.swipe = binding.swipe.turned(quarterTurns: options.orientation)
      binding.edge = binding.edge.turned(quarterTurns: options.orientation)
      return binding
    }
    self.options = turned
    width = Double(options.width ?? 1)
    height = Double(options.height ?? 1)
    hasPressedBindings = turned.bindings.contains { $0.mode == .pressed }
  }

  public mutating func touchDown(slot: Int32, x: Double, y: Double, timeMicroseconds: Int64) {
    strokes[slot] = Stroke(startX: x, startY: y, end: nil)
    if fingersDown == 0 { firstLanding = timeMicroseconds }
    fingersDown += 1
  }

  /// A finger moved; returns the pressed binding that runs now, if any.
  public mutating func touchMotion(slot: Int32, x: Double, y: Double, timeMicroseconds: Int64)
    -> LisgdBinding?
  {
    guard var stroke = strokes[slot] else { return nil }
    stroke.end = (x, y)
    strokes[slot] = stroke
    guard hasPressedBindings,
      let swipe = LisgdSwipe.of(
        x0: stroke.startX, y0: stroke.startY, x1: x, y1: y,
        minimumDistance: Double(options.pressedThreshold),
        leniencyDegrees: Double(options.leniencyDegrees)),
      inTime(timeMicroseconds)
    else { return nil }
    let edge = LisgdEdge.of(
      x0: stroke.startX, y0: stroke.startY, x1: x, y1: y, width: width, height: height)
    guard
      let binding = firstBinding(
        fingers: fingersDown, swipe: swipe, edge: edge, distance: .any, when: .pressed)
    else { return nil }
    strokes[slot] = Stroke(startX: x, startY: y, end: (x, y))
    firstLanding = timeMicroseconds
    return binding
  }

  /// A finger lifted; returns the binding that runs now (the last finger lifted), if any.
  public mutating func touchUp(slot: Int32, timeMicroseconds: Int64) -> LisgdBinding? {
    fingersDown = max(0, fingersDown - 1)
    guard let stroke = strokes[slot], let end = stroke.end else { return nil }
    strokes[slot] = nil
    let swipe = releasedSwipe(stroke, end)
    if pendingCount == 0 { pendingSwipe = swipe }
    if pendingSwipe == swipe { pendingCount += 1 }
    guard fingersDown == 0 else { return nil }
    let count = pendingCount
    pendingCount = 0
    guard inTime(timeMicroseconds) else { return nil }
    return releasedBinding(fingers: count, stroke, end, swipe: swipe)
  }

  /// The binding `touchUp` would return if every finger down lifted now, one after the
  /// other in slot order; changes nothing and allocates nothing. A system gesture claims its
  /// touches once this is a binding (`LisgdGestureRecognizer`).
  public func bindingIfLifted(timeMicroseconds: Int64) -> LisgdBinding? {
    guard fingersDown > 0, inTime(timeMicroseconds) else { return nil }
    // The first finger to lift with a stroke sets the direction the others are counted by;
    // the last one to lift decides the rest.
    var firstSlot = Int32.max
    var lastSlot = Int32.min
    for (slot, stroke) in strokes {
      lastSlot = max(lastSlot, slot)
      if stroke.end != nil { firstSlot = min(firstSlot, slot) }
    }
    guard let last = strokes[lastSlot], let lastEnd = last.end else { return nil }
    var first = pendingSwipe
    if pendingCount == 0, let stroke = strokes[firstSlot], let end = stroke.end {
      first = releasedSwipe(stroke, end)
    }
    var count = pendingCount
    for (_, stroke) in strokes {
      guard let end = stroke.end else { continue }
      if releasedSwipe(stroke, end) == first { count += 1 }
    }
    return releasedBinding(fingers: count, last, lastEnd, swipe: releasedSwipe(last, lastEnd))
  }

  /// The screen the strokes are measured against (edges, distance classes) when the options
  /// give none (`-w`, `-h`): a compositor's screen, known at run time.
  public mutating func setScreen(width: Double, height: Double) {
    guard options.width == nil || options.height == nil, width > 0, height > 0 else { return }
    self.width = width
    self.height = height
  }

  /// The direction of a lifting finger's stroke (against `-t`).
  private func releasedSwipe(_ stroke: Stroke, _ end: (x: Double, y: Double)) -> LisgdSwipe? {
    LisgdSwipe.of(
      x0: stroke.startX, y0: stroke.startY, x1: end.x, y1: end.y,
      minimumDistance: Double(options.threshold), leniencyDegrees: Double(options.leniencyDegrees))
  }

  /// The first binding a released gesture of `fingers` takes, the last lifting finger's
  /// stroke deciding its direction, edge and distance.
  private func releasedBinding(
    fingers: Int, _ stroke: Stroke, _ end: (x: Double, y: Double), swipe: LisgdSwipe?
  ) -> LisgdBinding? {
    let edge = LisgdEdge.of(
      x0: stroke.startX, y0: stroke.startY, x1: end.x, y1: end.y, width: width, height: height)
    let length =
      ((end.x - stroke.startX) * (end.x - stroke.startX)
      + (end.y - stroke.startY) * (end.y - stroke.startY)).squareRoot()
    let distance = LisgdDistance.of(length: length, swipe: swipe, width: width, height: height)
    return firstBinding(
      fingers: fingers, swipe: swipe, edge: edge, distance: distance, when: .released)
  }

  /// A touch was cancelled: it is forgotten and ends nothing.
  public mutating func touchCancelled(slot: Int32) {
    guard strokes.removeValue(forKey: slot) != nil else { return }
    fingersDown = max(0, fingersDown - 1)
    if fingersDown == 0 { pendingCount = 0 }
  }

  /// Whether `time` is within the time limit of the first landing (lisgd compares whole
  /// milliseconds).
  private func inTime(_ time: Int64) -> Bool {
    Int64(options.timeoutMilliseconds) > (time - firstLanding) / 1000
  }

  private func firstBinding(
    fingers: Int, swipe: LisgdSwipe?, edge: LisgdEdge, distance: LisgdDistance,
    when: LisgdBinding.Mode
  ) -> LisgdBinding? {
    options.bindings.first {
      $0.takes(fingers: fingers, swipe: swipe, edge: edge, distance: distance, when: when)
    }
  }
}
