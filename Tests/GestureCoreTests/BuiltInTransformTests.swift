// SPDX-License-Identifier: MIT
import Foundation
import XCTest

@testable import GestureCore

extension BuiltInRecognizerTestCase {
  final class RecordingTransform: TransformGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }
}

final class BuiltInTransformTests: BuiltInRecognizerTestCase {
  /// one finger dragging begins past the pan hysteresis, with scale 1 and rotation 0
  func testOneFingerDrag() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    let log = journal(transform) { $0.values(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 110, 100))  // 10 px: within 18 px
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, move(1, 130, 100))
    XCTAssertEqual(log.states, [.began])
    let values = log.last!
    XCTAssertEqual(values.translation, Point(x: 30, y: 0))
    XCTAssertTrue(values.scale == 1 && values.rotation == 0)
    XCTAssertTrue(values.velocity != nil && values.scaleVelocity != nil)
    XCTAssertTrue(values.rotationVelocity != nil && values.taps == nil && values.direction == nil)
    rig.frame(30, up(1, 130, 100))
    XCTAssertEqual(log.states, [.began, .ended])
    XCTAssertEqual(transform.finishes, [.ended])
  }

  /// two fingers spreading begin with the scale, translation and focal point together
  func testSpreadBegins() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    let log = journal(transform) { ($0.values(in: nil), $0.location(in: nil)) }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))  // spread 100
    rig.frame(10, move(2, 1040, 500))  // spread 120, centroid +20
    XCTAssertEqual(log.states, [.began])
    let (values, location) = log.last!
    XCTAssertTrue(near(values.scale!, 1.2))
    XCTAssertTrue(near(values.translation!, Point(x: 20, y: 0)))
    XCTAssertTrue(near(values.rotation!, 0))
    XCTAssertTrue(near(location, Point(x: 920, y: 500)))
  }

  /// a spread change past the pinch hysteresis begins it with the centroid still
  func testSpreadAloneBegins() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    let log = journal(transform) { $0.values(in: nil) }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))  // spread 100
    rig.frame(10, move(1, 792, 500), move(2, 1008, 500))  // spread 108: within 18 px
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, move(1, 780, 500), move(2, 1020, 500))  // spread 120
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!.scale!, 1.2))
    XCTAssertTrue(near(log.last!.translation!, .zero))
  }

  /// a turn begins it once the fingers' arc at their spread passes the pan hysteresis
  func testTurnBegins() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    let log = journal(transform) { $0.values(in: nil) }
    // Two fingers 100 px either side of (1000, 500), turned about it: the centroid and the
    // spread stay, only the angle changes.
    func turned(_ angle: Double, at ms: Double) {
      let dx = 100 * cos(angle)
      let dy = 100 * sin(angle)
      rig.frame(ms, move(1, 1000 - dx, 500 - dy), move(2, 1000 + dx, 500 + dy))
    }
    rig.frame(0, down(1, 900, 500), down(2, 1100, 500))
    turned(0.1, at: 10)  // arc 10 px
    XCTAssertTrue(log.entries.isEmpty)
    turned(0.2, at: 20)  // arc 20 px
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!.rotation!, 0.2, 1e-9))
    XCTAssertTrue(near(log.last!.scale!, 1, 1e-9))
    XCTAssertTrue(near(log.last!.translation!, .zero, 1e-9))
  }

  /// fingers landing and lifting change no value by a jump, and the gesture goes on
  func testFingersComeAndGo() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    let log = journal(transform) { $0.values(in: nil) }
    rig.frame(0, down(1, 800, 500))
    rig.frame(10, move(1, 830, 500))  // began: translation 30
    rig.frame(20, down(2, 1030, 500))  // a second finger 200 px away
    rig.frame(30, move(2, 1070, 500))  // spread 100 -> 120, centroid +20
    XCTAssertTrue(near(log.last!.scale!, 1.2))
    XCTAssertTrue(near(log.last!.translation!, Point(x: 50, y: 0)))
    rig.frame(40, up(2, 1070, 500))  // the spread is gone, the scale stays
    rig.frame(50, move(1, 840, 500))
    XCTAssertEqual(log.states, [.began, .changed, .changed])  // landing and lifting send nothing
    XCTAssertTrue(near(log.last!.scale!, 1.2))
    XCTAssertTrue(near(log.last!.translation!, Point(x: 60, y: 0)))
    rig.frame(60, up(1, 840, 500))
    XCTAssertEqual(log.states.last, .ended)
    XCTAssertEqual(transform.finishes, [.ended])
  }

  /// more fingers than the maximum before it begins make it fail
  func testAboveMaximumFails() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    transform.maximumNumberOfTouches = 1
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1100, 500))
    XCTAssertEqual(transform.finishes, [.failed])
  }

  /// with a minimum of two, one finger never begins it
  func testMinimumTwo() {
    let rig = Rig()
    let transform = rig.add(RecordingTransform())
    transform.minimumNumberOfTouches = 2
    let log = journal(transform) { $0.values(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 200, 100))
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, down(2, 300, 100))
    rig.frame(30, move(1, 220, 100), move(2, 320, 100))
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!.translation!, Point(x: 20, y: 0)))
    rig.frame(40, up(2, 320, 100))
    XCTAssertEqual(log.states, [.began, .ended])
  }

  /// the catalogue makes it from its name with its finger counts
  func testCatalogue() {
    XCTAssertEqual(RecognizerKind(rawValue: "transform"), .transform)
    XCTAssertEqual(
      RecognizerKind.transform.parameters, [.minimumNumberOfTouches, .maximumNumberOfTouches])
    XCTAssertTrue(!RecognizerKind.transform.isDiscrete)
    var parameters = RecognizerParameters()
    parameters.minimumNumberOfTouches = 2
    parameters.maximumNumberOfTouches = 3
    let made = RecognizerKind.transform.makeRecognizer(parameters)
    let transform = made as? TransformGestureRecognizer
    XCTAssertTrue(transform?.minimumNumberOfTouches == 2 && transform?.maximumNumberOfTouches == 3)
  }
}
