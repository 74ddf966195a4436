// SPDX-License-Identifier: MIT
/// SVG markup under construction: element helpers that format numbers with one decimal and
/// escape every text they are given.
struct SVGCanvas {
  private(set) var markup = ""

  init() { markup.reserveCapacity(1 << 16) }

  private static func n(_ value: Double) -> String { SVGText.number(value) }

  mutating func raw(_ text: String) { markup += text }

  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String,
    stroke: String? = nil, strokeWidth: Double = 1, dashed: Bool = false, title: String? = nil
  ) {
    markup +=
      "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(0, width)))\" "
      + "height=\"\(Self.n(max(0, height)))\" fill=\"\(fill)\""
    if let stroke {
      markup += " stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\""
      if dashed { markup += " stroke-dasharray=\"4 2\"" }
    }
    close(title, "rect")
  }

  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    dashed: Bool = false
  ) {
    markup +=
      "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" "
      + "stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
    if dashed { markup += " stroke-dasharray=\"3 3\"" }
    markup += "/>\n"
  }

  mutating func circle(
    x: Double, y: Double, radius: Double, fill: String, stroke: String? = nil,
    strokeWidth: Double = 1, title: String? = nil
  ) {
    markup +=
      "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(fill)\""
    if let stroke { markup += " stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\"" }
    close(title, "circle")
  }

  /// A polyline through `points` (at least one), not filled.
  mutating func polyline(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double, title: String? = nil
  ) {
    guard let first = points.first else { return }
    markup += "<path d=\"M\(Self.n(first.x)) \(Self.n(first.y))"
    for point in points.dropFirst() { markup += " L\(Self.n(point.x)) \(Self.n(point.y))" }
    markup +=
      "\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" "
      + "stroke-linejoin=\"round\" stroke-linecap=\"round\""
    close(title, "path")
  }

  /// A closed polygon through `points`.
  mutating func polygon(
    _ points: [(x: Double, y: Double)], fill: String, stroke: String, strokeWidth: Double = 1,
    title: String? = nil
  ) {
    markup += "<polygon points=\""
    markup += points.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
    markup += "\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\""
    close(title, "polygon")
  }

  /// Text at (`x`, `y`) (the baseline); `anchor` is `start`, `middle` or `end`.
  mutating func text(
    _ content: String, x: Double, y: Double, size: Double = 11, anchor: String = "start",
    fill: String = "#222222", bold: Bool = false, rotate: Double? = nil
  ) {
    markup +=
      "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" "
      + "text-anchor=\"\(anchor)\" fill=\"\(fill)\""
    if bold { markup += " font-weight=\"bold\"" }
    if let rotate {
      markup += " transform=\"rotate(\(Self.n(rotate)) \(Self.n(x)) \(Self.n(y)))\""
    }
    markup += ">\(SVGText.escape(content))</text>\n"
  }

  /// A group whose children share a tooltip (`<title>`) when `title` is given.
  mutating func beginGroup(title: String? = nil) {
    markup += "<g>"
    if let title { markup += "<title>\(SVGText.escape(title))</title>" }
    markup += "\n"
  }

  mutating func endGroup() { markup += "</g>\n" }

  /// Ends the start tag of `element`: empty, or holding a tooltip.
  private mutating func close(_ title: String?, _ element: String) {
    if let title {
      markup += "><title>\(SVGText.escape(title))</title></\(element)>\n"
    } else {
      markup += "/>\n"
    }
  }
}
