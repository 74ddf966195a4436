// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInScreenEdgePanTests: BuiltInRecognizerTestCase {
  static func edgePan(_ edges: RectEdge) -> RecordingEdgePan {
    let pan = RecordingEdgePan()
    pan.edges = edges
    return pan
  }

  /// screen-edge pan begins from the left edge moving right
  func testLeftEdge() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.left))
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 5, 500))
    rig.frame(10, move(1, 40, 505))
    rig.frame(20, move(1, 80, 505))
    rig.frame(30, up(1, 80, 505))
    XCTAssertEqual(log.states, [.began, .changed, .ended])
    XCTAssertEqual(log.values[0], Point(x: 35, y: 5))
  }

  /// screen-edge pan fails at once when the touch starts away from the edges
  func testAwayFromEdge() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.all))
    rig.frame(0, down(1, 300, 500))
    XCTAssertEqual(pan.finishes, [.failed])
  }

  /// screen-edge pan fails when the touch starts at an edge that is not chosen
  func testOtherEdge() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.left))
    rig.frame(0, down(1, 1915, 500))
    XCTAssertEqual(pan.finishes, [.failed])
  }

  /// screen-edge pan fails when the touch moves along the edge instead of away
  func testAlongEdge() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.left))
    let log = journal(pan) { $0.state }
    rig.frame(0, down(1, 5, 500))
    rig.frame(10, move(1, 10, 540))
    XCTAssertEqual(pan.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// screen-edge pan from the bottom edge begins moving up
  func testBottomEdge() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.bottom))
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 900, 1070))
    rig.frame(10, move(1, 905, 1030))
    XCTAssertEqual(log.states, [.began])
    XCTAssertEqual(log.last, Point(x: 5, y: -40))
  }

  /// screen-edge pan from the right and top edges begins moving inwards
  func testRightAndTopEdges() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan([.right, .top]))
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 1910, 500))
    rig.frame(10, move(1, 1880, 500))
    rig.frame(20, up(1, 1880, 500))
    rig.frame(100, down(2, 900, 3))
    rig.frame(110, move(2, 900, 40))
    XCTAssertEqual(log.states, [.began, .ended, .began])
  }

  /// screen-edge pan in a corner counts for both edges
  func testCorner() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan([.top, .left]))
    let log = journal(pan) { $0.state }
    rig.frame(0, down(1, 5, 5))
    rig.frame(10, move(1, 8, 45))  // away from the top edge, along the left one
    XCTAssertEqual(log.states, [.began])
  }

  /// screen-edge pan with no edges (UIKit's default) never begins
  func testNoEdges() {
    let rig = Rig()
    let pan = rig.add(RecordingEdgePan())
    XCTAssertTrue(pan.edges.isEmpty)
    rig.frame(0, down(1, 2, 500))
    XCTAssertEqual(pan.finishes, [.failed])
  }

  /// screen-edge pan zone width comes from the engine's settings
  func testZoneFromSettings() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.left))
    rig.frame(0, down(1, 30, 500))
    XCTAssertEqual(pan.finishes, [.failed], "30 px is outside the 24 px zone")
    var settings = GestureSettings()
    settings.screenEdgeZonePixels = 40
    let wide = Rig(settings: settings)
    let widePan = wide.add(Self.edgePan(.left))
    let log = journal(widePan) { $0.state }
    wide.frame(0, down(1, 30, 500))
    wide.frame(10, move(1, 60, 500))
    XCTAssertEqual(log.states, [.began])
  }

  /// screen-edge pan fails when a second finger lands away from the edge first
  func testSecondFingerAway() {
    let rig = Rig()
    let pan = rig.add(Self.edgePan(.left))
    rig.frame(0, down(1, 5, 500))
    rig.frame(10, down(2, 400, 500))
    XCTAssertEqual(pan.finishes, [.failed])
  }
}
