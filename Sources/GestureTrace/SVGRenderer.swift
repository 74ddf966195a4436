// SPDX-License-Identifier: MIT
/// Draws a `TraceRecorder` as a standalone SVG picture:
///
/// - the screen (surface pixels, with axes), each finger's path on it in the finger's colour
///   (`FingerPalette`), a dot where it touched down, a ring where it lifted, a cross where it
///   was cancelled, small dots where continuous gestures changed (their location's trail),
///   and hollow markers where gestures began, ended, were recognized, cancelled or failed;
/// - a legend of finger colours and markers;
/// - a timeline in milliseconds: one row per finger number (when fingers were down), then one
///   row per recognizer of the scene, with a band from each continuous gesture's `began` to
///   its `ended` or `cancelled` (dashed while still active; its tooltip counts its `changed`
///   reports), a tick across the band at each marked change, and a marker at each began,
///   ended, recognized, cancelled and failed.
///
/// The output stays bounded for huge traces: paths are simplified (Ramer-Douglas-Peucker, more
/// coarsely as long as they hold more than `maximumPathPoints` points in all; first and last
/// points are always kept), and timeline bands and markers that fall on the same pixel are
/// drawn once, with a tooltip counting them.
public struct SVGRenderer: Sendable {
  /// The picture's width in pixels (at least 480).
  public var width: Double
  /// The heading at the top (e.g. the recording's file name).
  public var title: String
  /// What time 0 of the timeline is, for the axis label.
  public var timeOrigin: String
  /// The most path points drawn in all before paths are simplified more coarsely.
  public var maximumPathPoints: Int
  /// Points of a path closer than this (picture pixels) to the simplified line are dropped.
  public var tolerance: Double

  public init(
    width: Double = 960, title: String = "gesture trace",
    timeOrigin: String = "the recording's first event", maximumPathPoints: Int = 20_000,
    tolerance: Double = 0.35
  ) {
    self.width = max(480, width)
    self.title = title
    self.timeOrigin = timeOrigin
    self.maximumPathPoints = max(2, maximumPathPoints)
    self.tolerance = tolerance
  }

  /// Left column (labels) and right margin of the picture.
  static let labelColumn = 196.0
  static let rightMargin = 24.0

  var plotLeft: Double { Self.labelColumn }
  var plotWidth: Double { width - Self.labelColumn - Self.rightMargin }

  /// The SVG document (UTF-8 text, with an XML declaration).
  public func render(_ trace: TraceRecorder) -> String {
    var canvas = SVGCanvas()
    var counts: [TraceState: Int] = [:]
    for mark in trace.marks { counts[mark.state, default: 0] += 1 }
    let done = (counts[.recognized] ?? 0) + (counts[.ended] ?? 0)
    canvas.text(title, x: 16, y: 26, size: 16, bold: true)
    canvas.text(
      "\(trace.fingers.count) touch(es); \(done) gesture(s) recognized or ended, "
        + "\(counts[.cancelled] ?? 0) cancelled"
        + (counts[.failed].map { ", \($0) failed" } ?? "")
        + "; \(SVGText.number(Double(trace.endMicroseconds) / 1000)) ms; "
        + "screen \(Int(trace.screen.width))x\(Int(trace.screen.height)) px",
      x: 16, y: 44, size: 11, fill: "#555555")
    var bottom = drawScreen(trace, on: &canvas, top: 64)
    bottom = drawLegend(trace, on: &canvas, top: bottom + 12)
    bottom = drawTimeline(trace, on: &canvas, top: bottom + 18)
    let height = (bottom + 16).rounded(.up)
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
      + "width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" "
      + "viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" "
      + "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
      + "<title>\(SVGText.escape(title))</title>\n"
      + "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
      + canvas.markup + "</svg>\n"
  }

  /// The shape of a gesture marker: a triangle (began), a square (ended), a circle
  /// (recognized), a cross (cancelled, failed); hollow black on the screen, filled in the
  /// state's colour on the timeline. A change is smaller: a dot in its colour on the screen,
  /// a tick across the band on the timeline.
  func marker(
    _ state: TraceState, x: Double, y: Double, size: Double, filled: Bool,
    on canvas: inout SVGCanvas, title: String?
  ) {
    let colour = StatePalette.colour(for: state)
    let fill = filled ? colour : "none"
    let stroke = filled ? "#222222" : (state == .failed ? colour : "#111111")
    let half = size / 2
    switch state {
    case .changed where filled:
      canvas.beginGroup(title: title)
      canvas.line(x1: x, y1: y - half, x2: x, y2: y + half, stroke: colour, width: 1)
      canvas.endGroup()
    case .changed:
      canvas.circle(x: x, y: y, radius: max(size / 6, 1.2), fill: colour, title: title)
    case .began:
      canvas.polygon(
        [(x - half, y - half), (x + half, y), (x - half, y + half)], fill: fill, stroke: stroke,
        strokeWidth: filled ? 0.6 : 1.4, title: title)
    case .ended:
      canvas.rect(
        x: x - half, y: y - half, width: size, height: size, fill: fill, stroke: stroke,
        strokeWidth: filled ? 0.6 : 1.4, title: title)
    case .recognized:
      canvas.circle(
        x: x, y: y, radius: half, fill: fill, stroke: stroke, strokeWidth: filled ? 0.6 : 1.6,
        title: title)
    case .cancelled, .failed:
      canvas.beginGroup(title: title)
      let crossColour = filled || state == .failed ? colour : "#111111"
      canvas.line(
        x1: x - half, y1: y - half, x2: x + half, y2: y + half, stroke: crossColour, width: 2)
      canvas.line(
        x1: x - half, y1: y + half, x2: x + half, y2: y - half, stroke: crossColour, width: 2)
      canvas.endGroup()
    }
  }

  /// Milliseconds for labels and tooltips, e.g. `512.3 ms`.
  static func milliseconds(_ microseconds: Int64) -> String {
    SVGText.number(Double(microseconds) / 1000) + " ms"
  }
}
