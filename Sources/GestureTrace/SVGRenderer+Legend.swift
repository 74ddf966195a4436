// SPDX-License-Identifier: MIT
extension SVGRenderer {
  /// Draws the legend (finger colours, finger symbols, gesture markers) from `top`; returns
  /// its bottom.
  func drawLegend(_ trace: TraceRecorder, on canvas: inout SVGCanvas, top: Double) -> Double {
    let right = width - Self.rightMargin
    var x = plotLeft
    var y = top + 10
    canvas.text("Legend", x: 16, y: y + 4, size: 13, bold: true)
    /// Moves to the next line when an item `itemWidth` wide does not fit.
    func place(_ itemWidth: Double) -> (Double, Double) {
      if x + itemWidth > right && x > plotLeft {
        x = plotLeft
        y += 20
      }
      let position = (x, y)
      x += itemWidth
      return position
    }
    let shown = min(max(trace.maximumFingerNumber, 1), FingerPalette.colours.count)
    for number in 1...shown {
      let label =
        number == shown && trace.maximumFingerNumber > shown
        ? "finger \(number) and up, cycling" : "finger \(number)"
      let (itemX, itemY) = place(30 + Self.textWidth(label, size: 11) + 16)
      let colour = FingerPalette.colour(forFinger: number)
      canvas.line(x1: itemX, y1: itemY, x2: itemX + 22, y2: itemY, stroke: colour, width: 3)
      canvas.text(label, x: itemX + 28, y: itemY + 4, size: 11)
    }
    x = plotLeft
    y += 20
    let symbols: [(String, (inout SVGCanvas, Double, Double) -> Void)] = [
      ("touch-down", { canvas, x, y in canvas.circle(x: x, y: y, radius: 3.5, fill: "#555555") }),
      (
        "lift",
        { canvas, x, y in
          canvas.circle(x: x, y: y, radius: 5, fill: "none", stroke: "#555555", strokeWidth: 1.5)
        }
      ),
      (
        "touch cancelled",
        { canvas, x, y in
          canvas.line(x1: x - 4, y1: y - 4, x2: x + 4, y2: y + 4, stroke: "#555555", width: 2)
          canvas.line(x1: x - 4, y1: y + 4, x2: x + 4, y2: y - 4, stroke: "#555555", width: 2)
        }
      ),
      (
        "still down",
        { canvas, x, y in
          canvas.rect(
            x: x - 4, y: y - 4, width: 8, height: 8, fill: "none", stroke: "#555555",
            strokeWidth: 1.5, dashed: true)
        }
      ),
    ]
    for (label, draw) in symbols {
      let (itemX, itemY) = place(20 + Self.textWidth(label, size: 11) + 16)
      draw(&canvas, itemX + 6, itemY)
      canvas.text(label, x: itemX + 16, y: itemY + 4, size: 11)
    }
    x = plotLeft
    y += 20
    let failures = trace.marks.contains { $0.state == .failed }
    for state in [TraceState.began, .changed, .ended, .recognized, .cancelled, .failed]
    where state != .failed || failures {
      let label = "gesture \(state.rawValue)"
      let (itemX, itemY) = place(36 + Self.textWidth(label, size: 11) + 16)
      marker(state, x: itemX + 6, y: itemY, size: 10, filled: false, on: &canvas, title: nil)
      marker(state, x: itemX + 20, y: itemY, size: 10, filled: true, on: &canvas, title: nil)
      canvas.text(label, x: itemX + 30, y: itemY + 4, size: 11)
    }
    let (bandX, bandY) = place(36 + Self.textWidth("active (began to ended)", size: 11) + 16)
    canvas.rect(
      x: bandX, y: bandY - 5, width: 26, height: 10, fill: StatePalette.bandFill,
      stroke: StatePalette.bandStroke)
    canvas.text("active (began to ended)", x: bandX + 30, y: bandY + 4, size: 11)
    return y + 10
  }

  /// A generous estimate of the width of `text` in the picture's sans-serif font.
  static func textWidth(_ text: String, size: Double) -> Double {
    Double(text.count) * size * 0.62
  }
}
