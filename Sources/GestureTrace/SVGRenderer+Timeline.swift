// SPDX-License-Identifier: MIT
extension SVGRenderer {
  /// Draws the timeline (finger rows, then one row per recognizer) from `top`; returns its
  /// bottom (below the time axis).
  func drawTimeline(_ trace: TraceRecorder, on canvas: inout SVGCanvas, top: Double) -> Double {
    canvas.text("Timeline", x: 16, y: top + 12, size: 13, bold: true)
    let fingerRows = trace.maximumFingerNumber
    let rowCount = fingerRows + trace.recognizers.count
    let rowHeight = 18.0
    let rowsTop = top + 24
    let rowsBottom = rowsTop + Double(rowCount) * rowHeight
    let (start, end) = Self.timeRange(trace)
    let left = plotLeft
    let plotWidth = self.plotWidth
    func tx(_ time: Int64) -> Double {
      left + Double(time - start) / Double(end - start) * plotWidth
    }
    func rowCentre(_ row: Int) -> Double { rowsTop + (Double(row) + 0.5) * rowHeight }

    // Row backgrounds and labels.
    for row in 0..<rowCount {
      if row % 2 == 0 {
        canvas.rect(
          x: left, y: rowsTop + Double(row) * rowHeight, width: plotWidth, height: rowHeight,
          fill: "#F4F4F4")
      }
      let label: String
      if row < fingerRows {
        label = "finger \(row + 1)"
      } else {
        let recognizer = trace.recognizers[row - fingerRows]
        label = SVGText.truncate(
          "\(recognizer.name) (\(recognizer.type))",
          to: Int((Self.labelColumn - 28) / Self.textWidth("m", size: 11)))
      }
      canvas.text(label, x: left - 6, y: rowCentre(row) + 4, size: 11, anchor: "end")
    }
    if fingerRows > 0 && !trace.recognizers.isEmpty {
      let y = rowsTop + Double(fingerRows) * rowHeight
      canvas.line(x1: 16, y1: y, x2: left + plotWidth, y2: y, stroke: "#999999")
    }

    // Time grid and axis (milliseconds).
    let spanMilliseconds = Double(end - start) / 1000
    let step = AxisTicks.step(span: spanMilliseconds, count: 10)
    let decimals = step < 1 ? 1 : 0
    for value in AxisTicks.values(
      from: Double(start) / 1000, to: Double(end) / 1000, step: step)
    {
      let x = tx(Int64((value * 1000).rounded()))
      canvas.line(x1: x, y1: rowsTop, x2: x, y2: rowsBottom, stroke: "#DDDDDD")
      canvas.text(
        decimals == 0 ? Self.integer(value) : SVGText.number(value), x: x, y: rowsBottom + 14,
        size: 10, anchor: "middle", fill: "#444444")
    }
    canvas.rect(
      x: left, y: rowsTop, width: plotWidth, height: rowsBottom - rowsTop, fill: "none",
      stroke: "#666666")
    canvas.text(
      "time since \(timeOrigin) (ms)", x: left + plotWidth / 2, y: rowsBottom + 30, size: 11,
      anchor: "middle")

    // When fingers were down.
    var bars = IntervalMerger()
    for finger in trace.fingers {
      bars.add(
        row: finger.number - 1, from: tx(finger.startMicroseconds),
        to: tx(finger.endMicroseconds), payload: bars.count)
    }
    for bar in bars.merged() {
      let finger = trace.fingers[bar.firstPayload]
      let title =
        bar.count == 1
        ? "finger \(finger.number) (\(finger.touch)): \(Self.milliseconds(finger.startMicroseconds))"
          + " to \(Self.milliseconds(finger.endMicroseconds)), \(Self.describe(finger.ending))"
        : "finger \(finger.number): \(bar.count) touches"
      canvas.rect(
        x: bar.from, y: rowCentre(bar.row) - 4, width: max(bar.to - bar.from, 2), height: 8,
        fill: FingerPalette.colour(forFinger: finger.number), title: title)
    }

    // Continuous gestures: bands from began to ended or cancelled.
    var bands = IntervalMerger()
    for (index, segment) in trace.segments.enumerated() {
      bands.add(
        row: fingerRows + segment.recognizer, from: tx(segment.startMicroseconds),
        to: tx(segment.endMicroseconds), payload: index, open: segment.outcome == nil)
    }
    for band in bands.merged() {
      let segment = trace.segments[band.firstPayload]
      let name = trace.recognizers[segment.recognizer].name
      let title: String
      if band.count == 1 {
        let outcome =
          segment.outcome.map { "\($0.rawValue) at \(Self.milliseconds(segment.endMicroseconds))" }
          ?? "still active"
        title =
          "\(name): began at \(Self.milliseconds(segment.startMicroseconds)), "
          + "\(segment.changes) change(s), \(outcome)"
      } else {
        title = "\(name): \(band.count) gestures"
      }
      canvas.rect(
        x: band.from, y: rowCentre(band.row) - 5, width: max(band.to - band.from, 2), height: 10,
        fill: StatePalette.bandFill, stroke: StatePalette.bandStroke, dashed: band.open,
        title: title)
    }

    // Markers: one per state and pixel of a row (changes: per `changeCell` pixels).
    var groups: [MarkKey: (first: TraceMark, count: Int)] = [:]
    var order: [MarkKey] = []
    for mark in trace.marks {
      let cell = mark.state == .changed ? Self.changeCell : 1
      let key = MarkKey(
        row: mark.recognizer, state: mark.state,
        x: Int(tx(mark.timeMicroseconds).rounded()) / cell, y: 0)
      if let existing = groups[key] {
        groups[key] = (existing.first, existing.count + 1)
      } else {
        groups[key] = (mark, 1)
        order.append(key)
      }
    }
    // Change ticks first, so the other markers are drawn over them.
    for key in order.filter({ $0.state == .changed }) + order.filter({ $0.state != .changed }) {
      guard let (mark, count) = groups[key] else { continue }
      let name = trace.recognizers[mark.recognizer].name
      let title =
        count == 1
        ? "\(name) \(mark.state.rawValue) at \(Self.milliseconds(mark.timeMicroseconds))"
        : "\(name): \(count) times \(mark.state.rawValue) from "
          + Self.milliseconds(mark.timeMicroseconds)
      marker(
        mark.state, x: tx(mark.timeMicroseconds), y: rowCentre(fingerRows + mark.recognizer),
        size: mark.state == .changed ? 14 : 9, filled: true, on: &canvas, title: title)
    }
    if rowCount == 0 {
      canvas.text(
        "nothing recorded", x: left + plotWidth / 2, y: rowsTop + 14, size: 12, anchor: "middle",
        fill: "#888888")
    }
    return rowsBottom + 36
  }

  /// The time range the timeline shows, in microseconds: from the first thing recorded to the
  /// last, widened by 2% on each side and to at least 10 ms.
  static func timeRange(_ trace: TraceRecorder) -> (start: Int64, end: Int64) {
    var first = trace.endMicroseconds
    for finger in trace.fingers { first = min(first, finger.startMicroseconds) }
    for mark in trace.marks { first = min(first, mark.timeMicroseconds) }
    for segment in trace.segments { first = min(first, segment.startMicroseconds) }
    var last = max(trace.endMicroseconds, first)
    if last - first < 10_000 {
      let middle = first + (last - first) / 2
      first = middle - 5_000
      last = middle + 5_000
    }
    let margin = (last - first) / 50
    return (first - margin, last + margin)
  }
}

/// Merges intervals of one row that touch at picture resolution (less than a pixel apart),
/// so huge traces draw a bounded number of shapes.
struct IntervalMerger {
  struct Merged {
    var row: Int
    var from: Double
    var to: Double
    /// The first interval merged in (its payload) and how many were.
    var firstPayload: Int
    var count: Int
    /// Whether any of them is still open (drawn dashed).
    var open: Bool
  }

  private var items: [Merged] = []

  var count: Int { items.count }

  mutating func add(row: Int, from: Double, to: Double, payload: Int, open: Bool = false) {
    items.append(
      Merged(row: row, from: from, to: max(from, to), firstPayload: payload, count: 1, open: open))
  }

  /// The merged intervals, by row, then start.
  func merged() -> [Merged] {
    let sorted = items.sorted {
      ($0.row, $0.from, $0.firstPayload) < ($1.row, $1.from, $1.firstPayload)
    }
    var result: [Merged] = []
    for item in sorted {
      if var last = result.last, last.row == item.row, item.from <= last.to + 1 {
        last.to = max(last.to, item.to)
        last.count += 1
        last.open = last.open || item.open
        result[result.count - 1] = last
      } else {
        result.append(item)
      }
    }
    return result
  }
}
