// SPDX-License-Identifier: MIT
import FoundationXML
import GestureCore
import GestureTrace
import Testing

import class Foundation.NSObject

/// Parses `svg` as XML; returns the parser's error, or nil when it is well-formed.
private func xmlError(_ svg: String) -> String? {
  let parser = XMLParser(data: Array(svg.utf8).withUnsafeBufferPointer { .init($0) })
  return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "parse error")"
}

/// The numbers of the `d` attribute of every `<path>` of `svg` (M/L pairs), in order.
private func paths(_ svg: String) -> [[(x: Double, y: Double)]] {
  var result: [[(x: Double, y: Double)]] = []
  for piece in svg.components(separatedBy: "<path d=\"").dropFirst() {
    let d = piece.prefix { $0 != "\"" }
    let numbers = d.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" })
      .compactMap { Double($0) }
    result.append(
      stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) })
  }
  return result
}

private func frame(_ time: Int64, _ id: UInt64, _ phase: TouchPhase, _ x: Double, _ y: Double)
  -> TouchFrame
{
  TouchFrame(
    timestampMicroseconds: time,
    samples: [TouchSample(id: TouchID(id), phase: phase, location: Point(x: x, y: y))])
}

@Suite struct SVGRendererTests {
  let rows = [
    TraceRecognizer(name: "pan", type: "pan"), TraceRecognizer(name: "tap", type: "tap"),
  ]

  @Test func textIsEscapedAndControlCharactersReplaced() {
    #expect(SVGText.escape(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&apos;")
    #expect(SVGText.escape("x\u{1}y\u{FFFF}") == "x\u{FFFD}y\u{FFFD}")
    #expect(SVGText.escape("tab\there\nnew") == "tab\there\nnew")
  }

  @Test func hostileNamesAndTitlesStillGiveWellFormedXML() {
    var recorder = TraceRecorder(
      screen: Size(width: 640, height: 480),
      recognizers: [TraceRecognizer(name: "<script>&\"'\u{7}", type: "tap")])
    recorder.record(.recognized, recognizer: 0, atMicroseconds: 5_000, location: Point(x: 1, y: 1))
    let svg = SVGRenderer(title: "]]> <!-- & \u{0}").render(recorder)
    #expect(xmlError(svg) == nil)
    #expect(!svg.contains("<script>"))
    #expect(svg.contains("&lt;script&gt;&amp;&quot;&apos;\u{FFFD}"))
  }

  @Test func anEmptyTraceIsAWellFormedPicture() {
    let svg = SVGRenderer().render(
      TraceRecorder(screen: Size(width: 100, height: 100), recognizers: []))
    #expect(xmlError(svg) == nil)
    #expect(svg.contains(">no touches</text>"))
    #expect(svg.contains(">nothing recorded</text>"))
  }

  @Test func eachFingerIsDrawnInItsNumbersColour() {
    var recorder = TraceRecorder(screen: Size(width: 1000, height: 500), recognizers: rows)
    recorder.record(frame(0, 1, .began, 100, 100))
    recorder.record(frame(1000, 2, .began, 500, 100))
    recorder.record(frame(2000, 1, .moved, 200, 100))
    recorder.record(frame(2000, 2, .moved, 600, 200))
    let svg = SVGRenderer().render(recorder)
    #expect(svg.contains("stroke=\"#0072B2\" stroke-width=\"2.0\""))
    #expect(svg.contains("stroke=\"#D55E00\" stroke-width=\"2.0\""))
    #expect(!svg.contains("#009E73"))
    #expect(svg.contains(">finger 2</text>"))
    // Both are still down: drawn with the dashed "still down" square.
    #expect(svg.components(separatedBy: "stroke-dasharray=\"4 2\"").count - 1 >= 2)
  }

  @Test func theTimelineHasABandPerContinuousGestureAndMarkersWithTimes() {
    var recorder = TraceRecorder(screen: Size(width: 1000, height: 500), recognizers: rows)
    recorder.record(.began, recognizer: 0, atMicroseconds: 100_000, location: Point(x: 1, y: 1))
    recorder.record(.changed, recognizer: 0, atMicroseconds: 150_000, location: Point(x: 2, y: 1))
    recorder.record(.ended, recognizer: 0, atMicroseconds: 300_000, location: Point(x: 3, y: 1))
    recorder.record(.recognized, recognizer: 1, atMicroseconds: 400_000, location: nil)
    recorder.record(.failed, recognizer: 1, atMicroseconds: 450_000, location: nil)
    let svg = SVGRenderer().render(recorder)
    #expect(xmlError(svg) == nil)
    #expect(svg.contains("<title>pan: began at 100.0 ms, 1 change(s), ended at 300.0 ms</title>"))
    #expect(svg.contains("<title>pan began at 100.0 ms</title>"))
    // The change: a tick with a tooltip on the timeline, and a dot without one on the
    // screen, in the changed colour.
    #expect(svg.components(separatedBy: "<title>pan changed at 150.0 ms</title>").count - 1 == 1)
    #expect(svg.contains("stroke=\"#6A51A3\""))
    #expect(svg.contains("fill=\"#6A51A3\"/>"))
    #expect(svg.contains(">gesture changed</text>"))
    #expect(svg.contains("<title>pan ended at 300.0 ms</title>"))
    #expect(svg.contains("<title>tap recognized at 400.0 ms</title>"))
    #expect(svg.contains("<title>tap failed at 450.0 ms</title>"))
    #expect(svg.contains(">pan (pan)</text>"))
    #expect(svg.contains(">tap (tap)</text>"))
    #expect(svg.contains(">gesture failed</text>"))
    #expect(svg.contains("2 gesture(s) recognized or ended, 0 cancelled, 1 failed"))
  }

  @Test func simplificationKeepsTheFirstAndLastPointAndDropsCollinearOnes() {
    let line = (0...100).map { (x: Double($0), y: 2 * Double($0)) }
    #expect(PathSimplifier.keptIndices(line, tolerance: 0.1) == [0, 100])
    let corner = [(x: 0.0, y: 0.0), (x: 5, y: 0.01), (x: 10, y: 0), (x: 10, y: 10)]
    #expect(PathSimplifier.keptIndices(corner, tolerance: 0.5) == [0, 2, 3])
    #expect(PathSimplifier.keptIndices([(x: 1.0, y: 1.0)], tolerance: 1) == [0])
    #expect(PathSimplifier.keptIndices([], tolerance: 1).isEmpty)
  }

  @Test func aHugeTraceGivesABoundedPictureWhosePathsKeepTheirEnds() {
    var recorder = TraceRecorder(screen: Size(width: 1920, height: 1080), recognizers: rows)
    // One finger scribbling for 30 000 frames (a zig-zag, nothing to merge), then many taps.
    recorder.record(frame(0, 1, .began, 10, 10))
    for step in 1..<30_000 {
      let x = 10 + Double(step % 1000) * 1.8
      let y = 10 + Double(step / 1000) * 10 + (step % 2 == 0 ? 0 : 3)
      recorder.record(frame(Int64(step) * 1000, 1, .moved, x, y))
    }
    recorder.record(frame(30_000_000, 1, .ended, 1900, 1000))
    for tap in 0..<5_000 {
      let time = 30_000_000 + Int64(tap) * 100_000
      recorder.record(frame(time, UInt64(2 + tap), .began, 960, 540))
      recorder.record(frame(time + 50_000, UInt64(2 + tap), .ended, 960, 540))
      recorder.record(
        .recognized, recognizer: 1, atMicroseconds: time + 50_000, location: Point(x: 960, y: 540))
    }
    #expect(recorder.fingers[0].points.count > 20_000)
    let renderer = SVGRenderer(maximumPathPoints: 2_000)
    let svg = renderer.render(recorder)
    #expect(xmlError(svg) == nil)
    #expect(svg.utf8.count < 1_000_000, "\(svg.utf8.count) bytes")
    let drawn = paths(svg)
    #expect(drawn.count == 1)
    let path = drawn[0]
    #expect(path.count <= 2_000 && path.count > 10)
    // The ends are where the finger touched down and lifted (picture coordinates: the screen
    // panel starts at x 196 and is scaled by 740/1920).
    let scale = 740.0 / 1920
    #expect(abs(path[0].x - (196 + 10 * scale)) < 0.06)
    #expect(abs(path[path.count - 1].x - (196 + 1900 * scale)) < 0.06)
    // 5 000 taps on a 740-pixel timeline: markers on the same pixel are drawn once.
    let tapMarkers = svg.components(separatedBy: "<title>tap").count - 1
    #expect(tapMarkers > 100 && tapMarkers <= 741, "\(tapMarkers) tap markers")
    #expect(svg.contains(" times recognized from "))
  }
}
