// SPDX-License-Identifier: MIT
import TouchInput
import XCTest

/// A panel of 1920 x 1080 in its own orientation, turned for the person holding it.
final class ScreenRotationTests: XCTestCase {
  private let landscape = ScreenSize(width: 1920, height: 1080)

  func testOnlyQuarterTurnsAreRotations() {
    XCTAssertEqual(ScreenRotation.allCases.map(\.degrees), [0, 90, 180, 270])
    XCTAssertEqual(ScreenRotation(degrees: 90), .clockwise90)
    XCTAssertNil(ScreenRotation(degrees: 45))
    XCTAssertNil(ScreenRotation(degrees: -90))
  }

  func testAQuarterTurnSwapsThePanelsSides() {
    let portrait = ScreenSize(width: 1080, height: 1920)
    XCTAssertEqual(ScreenRotation.clockwise90.panelSize(for: portrait), landscape)
    XCTAssertEqual(ScreenRotation.clockwise270.panelSize(for: portrait), landscape)
    XCTAssertEqual(ScreenRotation.upsideDown.panelSize(for: landscape), landscape)
    XCTAssertEqual(ScreenRotation.none.panelSize(for: landscape), landscape)
  }

  /// Where the panel's corners and edges end up for the person, for each rotation: the
  /// person's top-left corner is the panel's top-right one after a 90-degree turn, as the
  /// picture turned clockwise puts it there.
  func testThePanelsCornersGoWhereThePictureTurns() {
    func point(_ rotation: ScreenRotation, _ x: Double, _ y: Double) -> [Double] {
      let p = rotation.screenPoint(panelX: x, panelY: y, panel: landscape)
      return [p.x, p.y]
    }
    XCTAssertEqual(point(.none, 10, 20), [10, 20])
    XCTAssertEqual(point(.clockwise90, 1920, 0), [0, 0])
    XCTAssertEqual(point(.clockwise90, 0, 0), [0, 1920], "the panel's left edge is the bottom")
    XCTAssertEqual(point(.clockwise90, 960, 0), [0, 960], "the panel's top edge is the left")
    XCTAssertEqual(point(.upsideDown, 0, 0), [1920, 1080])
    XCTAssertEqual(point(.clockwise270, 0, 1080), [0, 0])
    XCTAssertEqual(point(.clockwise270, 0, 0), [1080, 0], "the panel's left edge is the top")
    // A swipe from the person's left to right is a swipe down the panel at 90 degrees (lisgd
    // -o 1 turns LR into UD) and up the panel at 270.
    let start90 = point(.clockwise90, 960, 100)
    let end90 = point(.clockwise90, 960, 600)
    XCTAssertGreaterThan(end90[0], start90[0])
    XCTAssertEqual(end90[1], start90[1])
    let start270 = point(.clockwise270, 960, 600)
    let end270 = point(.clockwise270, 960, 100)
    XCTAssertGreaterThan(end270[0], start270[0])
  }
}
