// SPDX-License-Identifier: MIT
extension SVGRenderer {
  /// Draws the screen panel (fingers' paths and gesture markers on the screen, surface pixels)
  /// with its top at `top`; returns its bottom (below the axis labels).
  func drawScreen(_ trace: TraceRecorder, on canvas: inout SVGCanvas, top: Double) -> Double {
    let screenWidth = max(trace.screen.width, 1)
    let screenHeight = max(trace.screen.height, 1)
    let scale = min(plotWidth / screenWidth, 480 / screenHeight)
    let left = plotLeft
    let panelWidth = screenWidth * scale
    let panelHeight = screenHeight * scale
    canvas.text("Touches on the screen", x: 16, y: top + 12, size: 13, bold: true)
    let panelTop = top + 22
    func sx(_ x: Double) -> Double { left + x * scale }
    func sy(_ y: Double) -> Double { panelTop + y * scale }

    canvas.rect(
      x: left, y: panelTop, width: panelWidth, height: panelHeight, fill: "#FAFAFA",
      stroke: "#666666")
    let step = AxisTicks.step(span: max(screenWidth, screenHeight), count: 8)
    for value in AxisTicks.values(from: 0, to: screenWidth, step: step) {
      if value > 0 && value < screenWidth {
        canvas.line(
          x1: sx(value), y1: panelTop, x2: sx(value), y2: panelTop + panelHeight,
          stroke: "#E6E6E6")
      }
      canvas.text(
        Self.integer(value), x: sx(value), y: panelTop + panelHeight + 14, size: 10,
        anchor: "middle", fill: "#444444")
    }
    for value in AxisTicks.values(from: 0, to: screenHeight, step: step) {
      if value > 0 && value < screenHeight {
        canvas.line(
          x1: left, y1: sy(value), x2: left + panelWidth, y2: sy(value), stroke: "#E6E6E6")
      }
      canvas.text(
        Self.integer(value), x: left - 6, y: sy(value) + 3.5, size: 10, anchor: "end",
        fill: "#444444")
    }
    canvas.text(
      "x (surface pixels)", x: left + panelWidth / 2, y: panelTop + panelHeight + 30, size: 11,
      anchor: "middle")
    canvas.text(
      "y (surface pixels)", x: left - 44, y: panelTop + panelHeight / 2, size: 11,
      anchor: "middle", rotate: -90)

    drawPaths(trace, on: &canvas, x: sx, y: sy)
    drawScreenMarks(trace, on: &canvas, x: sx, y: sy)
    if trace.fingers.isEmpty {
      canvas.text(
        "no touches", x: left + panelWidth / 2, y: panelTop + panelHeight / 2, size: 14,
        anchor: "middle", fill: "#888888")
    }
    return panelTop + panelHeight + 36
  }

  /// The fingers' paths, simplified to fit `maximumPathPoints`, then their start and end
  /// symbols (on top of every path).
  private func drawPaths(
    _ trace: TraceRecorder, on canvas: inout SVGCanvas, x: (Double) -> Double,
    y: (Double) -> Double
  ) {
    let paths = trace.fingers.map { finger in finger.points.map { (x: x($0.x), y: y($0.y)) } }
    // Paths that stay within a pixel are drawn as dots: only the others count against the
    // budget of points.
    let extents = paths.map { path in
      path.reduce(0.0) { max($0, abs($1.x - path[0].x), abs($1.y - path[0].y)) }
    }
    let lines = paths.indices.filter { extents[$0] >= 1 }
    var tolerance = max(self.tolerance, 0.01)
    var kept = paths.map { _ in [0] }
    while true {
      for index in lines {
        kept[index] = PathSimplifier.keptIndices(paths[index], tolerance: tolerance)
      }
      let total = lines.reduce(0) { $0 + kept[$1].count }
      // Every path keeps at least its two ends, however coarse the tolerance.
      if total <= maximumPathPoints || total <= 2 * lines.count || tolerance > 4096 { break }
      tolerance *= 2
    }
    // A path shorter than a pixel is drawn as its start dot only; dots on the same pixel in
    // the same colour are drawn once.
    var dots = Set<DotKey>()
    var symbols:
      [(finger: TraceFinger, start: (x: Double, y: Double), end: (x: Double, y: Double))] = []
    for (index, finger) in trace.fingers.enumerated() {
      let path = paths[index]
      guard let start = path.first, let end = path.last else { continue }
      let colour = FingerPalette.colour(forFinger: finger.number)
      if extents[index] >= 1 {
        let points = kept[index].map { path[$0] }
        canvas.polyline(
          points, stroke: colour, width: 2,
          title: "finger \(finger.number) (\(finger.touch)): "
            + "\(Self.milliseconds(finger.startMicroseconds)) to "
            + "\(Self.milliseconds(finger.endMicroseconds)), \(Self.describe(finger.ending))")
        symbols.append((finger, start, end))
      } else if dots.insert(DotKey(finger.number, start)).inserted {
        symbols.append((finger, start, end))
      }
    }
    for (finger, start, end) in symbols {
      let colour = FingerPalette.colour(forFinger: finger.number)
      canvas.circle(x: start.x, y: start.y, radius: 3.5, fill: colour)
      switch finger.ending {
      case .lifted:
        canvas.circle(
          x: end.x, y: end.y, radius: 5, fill: "none", stroke: colour, strokeWidth: 1.5)
      case .cancelled:
        canvas.line(
          x1: end.x - 4, y1: end.y - 4, x2: end.x + 4, y2: end.y + 4, stroke: colour, width: 2)
        canvas.line(
          x1: end.x - 4, y1: end.y + 4, x2: end.x + 4, y2: end.y - 4, stroke: colour, width: 2)
      case .down:
        canvas.rect(
          x: end.x - 4, y: end.y - 4, width: 8, height: 8, fill: "none", stroke: colour,
          strokeWidth: 1.5, dashed: true)
      }
    }
  }

  /// Small dots where continuous gestures changed (one per `changeCell` square), then hollow
  /// markers where gestures began, ended, were recognized, cancelled or failed; marks of one
  /// state on the same pixel are drawn once.
  private func drawScreenMarks(
    _ trace: TraceRecorder, on canvas: inout SVGCanvas, x: (Double) -> Double,
    y: (Double) -> Double
  ) {
    var groups: [MarkKey: (first: TraceMark, count: Int)] = [:]
    var order: [MarkKey] = []
    for mark in trace.marks {
      guard let location = mark.location else { continue }
      // Change dots share a cell of `changeCell` pixels (they trail every continuous
      // gesture, so they would otherwise outnumber everything else).
      let cell = mark.state == .changed ? Self.changeCell : 1
      let key = MarkKey(
        row: 0, state: mark.state, x: Int(x(location.x).rounded()) / cell,
        y: Int(y(location.y).rounded()) / cell)
      if let existing = groups[key] {
        groups[key] = (existing.first, existing.count + 1)
      } else {
        groups[key] = (mark, 1)
        order.append(key)
      }
    }
    // Change dots first, so the other markers are drawn over them.
    for key in order.filter({ $0.state == .changed }) + order.filter({ $0.state != .changed }) {
      guard let (mark, count) = groups[key], let location = mark.location else { continue }
      let name = trace.recognizers[mark.recognizer].name
      let title =
        count == 1
        ? "\(name) \(mark.state.rawValue) at \(Self.milliseconds(mark.timeMicroseconds))"
        : "\(count) marks \(mark.state.rawValue), first \(name) at "
          + Self.milliseconds(mark.timeMicroseconds)
      // Change dots have no tooltip: the timeline's ticks and band say when and how many.
      marker(
        mark.state, x: x(location.x), y: y(location.y), size: 11, filled: false, on: &canvas,
        title: mark.state == .changed ? nil : title)
    }
  }

  static func describe(_ ending: TraceFinger.Ending) -> String {
    switch ending {
    case .down: "still down"
    case .lifted: "lifted"
    case .cancelled: "cancelled"
    }
  }

  /// Changes closer than this (picture pixels, on the screen and on the timeline) share one
  /// dot or tick.
  static let changeCell = 3

  static func integer(_ value: Double) -> String { String(Int(value.rounded())) }
}

/// A finger dot on one picture pixel.
struct DotKey: Hashable {
  var finger: Int
  var x: Int
  var y: Int

  init(_ finger: Int, _ point: (x: Double, y: Double)) {
    self.finger = finger
    x = Int(point.x.rounded())
    y = Int(point.y.rounded())
  }
}

/// A marker on one picture pixel of one row.
struct MarkKey: Hashable {
  var row: Int
  var state: TraceState
  var x: Int
  var y: Int
}
