// SPDX-License-Identifier: MIT
import Foundation
import XCTest

@testable import GestureCore

final class BuiltInRotationTests: BuiltInRecognizerTestCase {
  /// Frames turning finger 2 around finger 1 (held at (900, 500)) at radius 100, from
  /// `fromRadians` by `turn`, in `steps` frames 8 ms apart starting at `startMs`.
  static func turn(
    _ rig: Rig, fromRadians start: Double, by turn: Double, steps: Int, startMs: Double
  ) {
    for step in 1...steps {
      let angle = start + turn * Double(step) / Double(steps)
      rig.frame(
        startMs + 8 * Double(step), move(2, 900 + 100 * cos(angle), 500 + 100 * sin(angle)))
    }
  }

  /// rotation is positive for clockwise motion on screen
  func testClockwisePositive() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 520))  // second finger goes down the screen: clockwise
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!, atan2(20, 100)))
    XCTAssertTrue(log.last! > 0)
  }

  /// rotation is negative for counter-clockwise motion on screen
  func testCounterClockwiseNegative() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 480))
    XCTAssertTrue(near(log.last!, -atan2(20, 100)))
  }

  /// rotation does not begin within the rotation hysteresis
  func testWithinHysteresis() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 509))  // 0.0898 rad
    rig.frame(20, up(1, 900, 500), up(2, 1000, 509))
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(rotation.finishes, [.failed])
  }

  /// rotation hysteresis comes from the engine's settings
  func testHysteresisFromSettings() {
    var settings = GestureSettings()
    settings.rotationHysteresisRadians = 0.05
    let rig = Rig(settings: settings)
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.state }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 506))  // 0.0599 rad
    XCTAssertEqual(log.states, [.began])
  }

  /// rotation accumulates past pi without wrapping
  func testUnwrapped() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    Self.turn(rig, fromRadians: 0, by: 1.5 * Double.pi, steps: 30, startMs: 0)
    XCTAssertTrue(near(log.last!, 1.5 * Double.pi, 1e-9), "rotation \(log.last!)")
    Self.turn(rig, fromRadians: 1.5 * Double.pi, by: -3 * Double.pi, steps: 60, startMs: 240)
    XCTAssertTrue(near(log.last!, -1.5 * Double.pi, 1e-9), "rotation \(log.last!)")
  }

  /// rotation is relative to the start: both fingers turning together
  func testBothFingersTurn() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1100, 500))
    // Turn the pair a quarter turn clockwise about (1000, 500), in one frame.
    rig.frame(10, move(1, 1000, 400), move(2, 1000, 600))
    XCTAssertTrue(near(log.last!, Double.pi / 2))
  }

  /// rotation setting rotation rebases so later turns add to the new value
  func testSettingRotation() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    var seen: [Double] = []
    rotation.addTarget { sender in
      let rotation = sender as! RotationGestureRecognizer
      seen.append(rotation.rotation)
      rotation.rotation = 0
    }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 900 + 100 * cos(0.3), 500 + 100 * sin(0.3)))
    rig.frame(20, move(2, 900 + 100 * cos(0.5), 500 + 100 * sin(0.5)))
    XCTAssertEqual(seen.count, 2)
    XCTAssertTrue(near(seen[0], 0.3))
    XCTAssertTrue(near(seen[1], 0.2))
  }

  /// rotation velocity is the turn rate in radians per second
  func testVelocity() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.velocity }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    Self.turn(rig, fromRadians: 0, by: 0.016 * 25, steps: 25, startMs: 0)  // 2 rad/s
    XCTAssertTrue(abs(log.last! - 2) < 0.06, "velocity \(log.last!)")
  }

  /// rotation ends when one of the two fingers lifts
  func testEndsOnLift() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.state }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 550))
    rig.frame(20, up(1, 900, 500))
    XCTAssertEqual(log.states, [.began, .ended])
    XCTAssertEqual(rotation.finishes, [.ended])
  }

  /// rotation ignores a third finger
  func testThirdFingerIgnored() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { ($0.rotation, $0.numberOfTouches) }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 550))
    rig.frame(20, down(3, 300, 300))
    rig.frame(30, move(3, 200, 900))
    rig.frame(40, up(3, 200, 900))
    XCTAssertEqual(log.states, [.began])
    rig.frame(50, move(2, 1000, 560))
    XCTAssertTrue(near(log.last!.0, atan2(60, 100)))
    XCTAssertEqual(log.last!.1, 2)
  }

  /// a rotation allowed four fingers follows the first two of four landing together and
  /// counts all four
  func testFourFingersLandingTogether() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    rotation.maximumNumberOfTouches = 4
    let log = journal(rotation) { ($0.rotation, $0.numberOfTouches) }
    // Four fingers on a circle of radius 100 around (900, 500), turned together: whichever
    // two it keeps turn by the same angle.
    func fingers(at turn: Double) -> [TouchSample] {
      (0..<4).map { index in
        let angle = turn + Double(index) * .pi / 2
        return move(UInt64(index + 1), 900 + 100 * cos(angle), 500 + 100 * sin(angle))
      }
    }
    rig.frame(0, down(1, 1000, 500), down(2, 900, 600), down(3, 800, 500), down(4, 900, 400))
    XCTAssertEqual(rotation.numberOfTouches, 4)
    let turned = fingers(at: 0.2)
    rig.frame(10, turned[0], turned[1], turned[2], turned[3])
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!.0, 0.2))
    XCTAssertEqual(log.last!.1, 4)
    let further = fingers(at: 0.3)
    rig.frame(20, further[0], further[1], further[2], further[3])
    XCTAssertEqual(log.states, [.began, .changed])
    XCTAssertTrue(near(log.last!.0, 0.3))
  }

  /// rotation fails when a single finger turns around nothing
  func testOneFinger() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    rig.frame(0, down(1, 900, 500))
    rig.frame(10, move(1, 1000, 700))
    rig.frame(20, up(1, 1000, 700))
    XCTAssertEqual(rotation.finishes, [.failed])
  }

  /// rotation is cancelled when a touch is cancelled after it began
  func testCancelled() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.state }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 550))
    rig.frame(20, cancel(1, 900, 500))
    XCTAssertEqual(log.states, [.began, .cancelled])
  }

  // MARK: Two fingers by default (issue 40)

  /// four fingers landing together and turning together, as a hand put down flat and twisted
  /// does, are not a rotation: a rotation is two fingers unless set
  func testAHandLandingFlatIsNotARotation() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 1000, 500), down(2, 900, 600), down(3, 800, 500), down(4, 900, 400))
    rig.frame(10, move(1, 990, 560), move(2, 840, 590), move(3, 810, 440), move(4, 960, 410))
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(rotation.finishes, [.failed])
  }

  /// a third finger landing before the rotation began makes it fail; one landing after it
  /// began is ignored (see testThirdFingerIgnored)
  func testAThirdFingerBeforeItBeganMakesItFail() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 505))  // 0.05 rad: within the threshold
    rig.frame(20, down(3, 300, 300))
    XCTAssertEqual(rotation.finishes, [.failed])
  }

  /// a three-finger rotation (minimum 3) waits for the third finger and follows the first two
  func testAMinimumOfThreeWaitsForTheThirdFinger() {
    let rig = Rig()
    let rotation = rig.add(RecordingRotation())
    rotation.minimumNumberOfTouches = 3
    let log = journal(rotation) { $0.rotation }
    rig.frame(0, down(1, 900, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1000, 550))
    XCTAssertTrue(log.entries.isEmpty, "two fingers are not enough")
    rig.frame(20, down(3, 950, 800))
    rig.frame(30, move(2, 1000, 600))
    XCTAssertEqual(log.states, [.began])
    rig.frame(40, up(3, 950, 800))
    XCTAssertEqual(log.states, [.began, .ended])
  }
}
