// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

extension BuiltInRecognizerTests {
  @Suite("Screen-edge pan") struct ScreenEdgePan {
    static func edgePan(_ edges: RectEdge) -> RecordingEdgePan {
      let pan = RecordingEdgePan()
      pan.edges = edges
      return pan
    }

    @Test("screen-edge pan begins from the left edge moving right")
    func leftEdge() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.left))
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 5, 500))
      rig.frame(10, move(1, 40, 505))
      rig.frame(20, move(1, 80, 505))
      rig.frame(30, up(1, 80, 505))
      #expect(log.states == [.began, .changed, .ended])
      #expect(log.values[0] == Point(x: 35, y: 5))
    }

    @Test("screen-edge pan fails at once when the touch starts away from the edges")
    func awayFromEdge() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.all))
      rig.frame(0, down(1, 300, 500))
      #expect(pan.finishes == [.failed])
    }

    @Test("screen-edge pan fails when the touch starts at an edge that is not chosen")
    func otherEdge() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.left))
      rig.frame(0, down(1, 1915, 500))
      #expect(pan.finishes == [.failed])
    }

    @Test("screen-edge pan fails when the touch moves along the edge instead of away")
    func alongEdge() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.left))
      let log = journal(pan) { $0.state }
      rig.frame(0, down(1, 5, 500))
      rig.frame(10, move(1, 10, 540))
      #expect(pan.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("screen-edge pan from the bottom edge begins moving up")
    func bottomEdge() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.bottom))
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 900, 1070))
      rig.frame(10, move(1, 905, 1030))
      #expect(log.states == [.began])
      #expect(log.last == Point(x: 5, y: -40))
    }

    @Test("screen-edge pan from the right and top edges begins moving inwards")
    func rightAndTopEdges() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan([.right, .top]))
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 1910, 500))
      rig.frame(10, move(1, 1880, 500))
      rig.frame(20, up(1, 1880, 500))
      rig.frame(100, down(2, 900, 3))
      rig.frame(110, move(2, 900, 40))
      #expect(log.states == [.began, .ended, .began])
    }

    @Test("screen-edge pan in a corner counts for both edges")
    func corner() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan([.top, .left]))
      let log = journal(pan) { $0.state }
      rig.frame(0, down(1, 5, 5))
      rig.frame(10, move(1, 8, 45))  // away from the top edge, along the left one
      #expect(log.states == [.began])
    }

    @Test("screen-edge pan with no edges (UIKit's default) never begins")
    func noEdges() {
      let rig = Rig()
      let pan = rig.add(RecordingEdgePan())
      #expect(pan.edges.isEmpty)
      rig.frame(0, down(1, 2, 500))
      #expect(pan.finishes == [.failed])
    }

    @Test("screen-edge pan zone width comes from the engine's settings")
    func zoneFromSettings() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.left))
      rig.frame(0, down(1, 30, 500))
      #expect(pan.finishes == [.failed], "30 px is outside the 24 px zone")
      var settings = GestureSettings()
      settings.screenEdgeZonePixels = 40
      let wide = Rig(settings: settings)
      let widePan = wide.add(Self.edgePan(.left))
      let log = journal(widePan) { $0.state }
      wide.frame(0, down(1, 30, 500))
      wide.frame(10, move(1, 60, 500))
      #expect(log.states == [.began])
    }

    @Test("screen-edge pan fails when a second finger lands away from the edge first")
    func secondFingerAway() {
      let rig = Rig()
      let pan = rig.add(Self.edgePan(.left))
      rig.frame(0, down(1, 5, 500))
      rig.frame(10, down(2, 400, 500))
      #expect(pan.finishes == [.failed])
    }
  }
}
