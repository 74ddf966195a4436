// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInPinchTests: BuiltInRecognizerTestCase {
  /// pinch begins when the spread changes past the hysteresis, scale included
  func testBeginsPastHysteresis() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))  // spread 100
    rig.frame(10, move(2, 1030, 500))  // spread 115: within 18 px
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, move(2, 1040, 500))  // spread 120
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!, 1.2))
  }

  /// pinch scale is relative to the start, below 1 when the fingers close
  func testScaleRelativeToStart() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(1, 820, 500), move(2, 980, 500))  // spread 80
    rig.frame(20, move(1, 850, 500), move(2, 950, 500))  // spread 50
    rig.frame(30, up(1, 850, 500))
    XCTAssertEqual(log.states, [.began, .changed, .ended])
    XCTAssertTrue(near(log.values[0], 0.8))
    XCTAssertTrue(near(log.values[1], 0.5))
    XCTAssertEqual(pinch.finishes, [.ended])
  }

  /// pinch does not begin while the spread stays within the hysteresis
  func testWithinHysteresis() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(1, 700, 500), move(2, 900, 500))  // moved together: spread 100
    rig.frame(20, move(2, 930, 500))  // spread 115
    rig.frame(30, up(1, 700, 500), up(2, 930, 500))
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(pinch.finishes, [.failed])
  }

  /// pinch hysteresis comes from the engine's settings
  func testHysteresisFromSettings() {
    var settings = GestureSettings()
    settings.pinchHysteresisPixels = 5
    let rig = Rig(settings: settings)
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1012, 500))  // spread 106
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(near(log.last!, 1.06))
  }

  /// pinch fails when only one finger is used
  func testOneFinger() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    rig.frame(0, down(1, 800, 500))
    rig.frame(10, move(1, 900, 500))
    rig.frame(20, up(1, 900, 500))
    XCTAssertEqual(pinch.finishes, [.failed])
  }

  /// pinch setting scale rebases so later changes multiply the new value
  func testSettingScale() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    var seen: [Double] = []
    pinch.addTarget { sender in
      let pinch = sender as! PinchGestureRecognizer
      seen.append(pinch.scale)
      pinch.scale = 1
    }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1100, 500))  // spread 150
    rig.frame(20, move(2, 1250, 500))  // spread 225
    XCTAssertEqual(seen.count, 2)
    XCTAssertTrue(near(seen[0], 1.5))
    XCTAssertTrue(near(seen[1], 1.5))
  }

  /// a pinch that measures every finger (no maximum): its scale does not jump when a third
  /// finger lands or lifts
  func testFingersAddedAndRemoved() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    pinch.maximumNumberOfTouches = Int.max
    let log = journal(pinch) { ($0.scale, $0.numberOfTouches) }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1100, 500))  // scale 1.5
    rig.frame(20, down(3, 950, 900), move(2, 1100, 501))
    XCTAssertTrue(near(log.last!.0, 1.5, 0.01), "landing does not rebase the scale's value")
    // All three spread out by the same factor 2 about their centroid.
    let c = Point(x: (800 + 1100 + 950) / 3.0, y: (500 + 501 + 900) / 3.0)
    func out(_ x: Double, _ y: Double) -> (Double, Double) {
      (c.x + (x - c.x) * 2, c.y + (y - c.y) * 2)
    }
    let a = out(800, 500)
    let b = out(1100, 501)
    let d = out(950, 900)
    rig.frame(30, move(1, a.0, a.1), move(2, b.0, b.1), move(3, d.0, d.1))
    XCTAssertTrue(near(log.last!.0, 3.0, 0.02), "scale \(log.last!.0)")
    XCTAssertEqual(log.last!.1, 3)
    rig.frame(40, up(3, d.0, d.1))
    rig.frame(50, move(1, a.0 - 1, a.1))
    XCTAssertTrue(near(log.last!.0, 3.0, 0.02), "lifting does not rebase the scale's value")
    XCTAssertEqual(log.states.last, .changed)
  }

  /// a three-finger-capable pinch ends when fewer than two fingers remain
  func testEndsWithOneFinger() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    pinch.maximumNumberOfTouches = 3
    let log = journal(pinch) { $0.state }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500), down(3, 900, 700))
    rig.frame(10, move(3, 900, 800))
    rig.frame(20, up(3, 900, 800))
    XCTAssertEqual(log.states, [.began], "two fingers remain")
    rig.frame(30, up(2, 1000, 500))
    XCTAssertEqual(log.states, [.began, .ended])
  }

  /// a four-finger pinch does not begin with two fingers, begins with four, ends below four
  func testFourFingers() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    pinch.minimumNumberOfTouches = 4
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(1, 700, 500), move(2, 1100, 500))  // two fingers spread far
    XCTAssertTrue(log.entries.isEmpty, "two fingers are not enough")
    rig.frame(20, down(3, 900, 400), down(4, 900, 600))
    rig.frame(30, move(1, 650, 500), move(2, 1150, 500), move(3, 900, 350), move(4, 900, 650))
    XCTAssertEqual(log.states, [.began])
    XCTAssertTrue(log.last! > 1, "measured from when the fourth finger landed")
    rig.frame(40, up(4, 900, 650))
    XCTAssertEqual(log.states, [.began, .ended], "three fingers left")
  }

  /// pinch velocity is the scale's rate of change per second
  func testVelocity() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.velocity }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    // Each finger moves out at 500 px/s: the spread grows 500 px/s from 100 px: 5 per s.
    for step in 1...20 {
      let d = 4.0 * Double(step)
      rig.frame(8 * Double(step), move(1, 800 - d, 500), move(2, 1000 + d, 500))
    }
    XCTAssertTrue(abs(log.last! - 5) < 0.15, "velocity \(log.last!)")
  }

  /// pinch is cancelled when a touch is cancelled after it began
  func testCancelled() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.state }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1100, 500))
    rig.frame(20, cancel(2, 1100, 500))
    XCTAssertEqual(log.states, [.began, .cancelled])
  }

  // MARK: Two fingers by default (issue 40)

  /// a pinch is two fingers unless set: a third landing before it began makes it fail for the
  /// sequence, however the fingers spread afterwards
  func testAThirdFingerBeforeItBeganMakesItFail() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))
    rig.frame(10, move(2, 1010, 500))  // within the threshold
    rig.frame(20, down(3, 900, 700))
    XCTAssertEqual(pinch.finishes, [.failed])
    rig.frame(30, up(3, 900, 700))
    rig.frame(40, move(1, 600, 500), move(2, 1200, 500))
    XCTAssertTrue(log.entries.isEmpty, "a failure lasts for the sequence")
  }

  /// a third finger joining a pinch under way is ignored: the scale follows the two, the
  /// gesture counts two touches and ends as a pinch when they lift (iOS leaves a late finger
  /// out of a pan under way; the documents are silent for a pinch)
  func testAThirdFingerAfterItBeganIsIgnoredAndItEndsAsAPinch() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { ($0.scale, $0.numberOfTouches) }
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500))  // spread 100
    rig.frame(10, move(2, 1100, 500))  // spread 150
    XCTAssertEqual(log.states, [.began])
    rig.frame(20, down(3, 950, 900))
    rig.frame(30, move(3, 950, 1000), move(2, 1200, 500))  // the two: spread 200
    XCTAssertTrue(near(log.last!.0, 2.0), "scale \(log.last!.0)")
    XCTAssertEqual(log.last!.1, 2)
    rig.frame(40, up(2, 1200, 500))
    XCTAssertEqual(log.states, [.began, .changed, .ended])
    XCTAssertEqual(pinch.finishes, [.ended])
  }

  /// five fingers landing together and spreading a little, as a hand put down flat does, are
  /// not a pinch
  func testAHandLandingFlatIsNotAPinch() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    let log = journal(pinch) { $0.scale }
    let xs: [Double] = [700, 820, 940, 1060, 1180]
    rig.frame(0, down(1, xs[0], 600), down(2, xs[1], 520))
    rig.frame(30, down(3, xs[2], 500), down(4, xs[3], 520), down(5, xs[4], 600))
    // Spread 10% wider about x = 940.
    func spread(_ finger: Int) -> TouchSample {
      move(UInt64(finger + 1), 940 + (xs[finger] - 940) * 1.1, 560)
    }
    rig.frame(60, spread(0), spread(1), spread(2), spread(3), spread(4))
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(pinch.finishes, [.failed])
  }

  /// given only a minimum of 4, a pinch's maximum (2 unless set) counts as 4: a four-finger
  /// pinch, which a fifth finger before it began makes fail
  func testAMinimumAboveTheDefaultMaximumRaisesIt() {
    let rig = Rig()
    let pinch = rig.add(RecordingPinch())
    pinch.minimumNumberOfTouches = 4
    rig.frame(0, down(1, 800, 500), down(2, 1000, 500), down(3, 900, 400), down(4, 900, 600))
    rig.frame(10, down(5, 1200, 900))
    XCTAssertEqual(pinch.finishes, [.failed])
  }

  /// the start threshold grows with the spread: fingers 200 mm apart (8 px/mm: spread 800 px)
  /// need a twentieth of it, 40 px, where fingers 40 mm apart need 2.86 mm (22.9 px)
  func testTheStartThresholdGrowsWithTheSpread() {
    var settings = GestureSettings.standard.resolved(for: PhysicalScale(pixelsPerMillimetre: 8)!)
    XCTAssertTrue(near(settings.pinchHysteresis(forSpread: 160), 22.86, 0.01))
    XCTAssertTrue(near(settings.pinchHysteresis(forSpread: 800), 40))
    let rig = Rig(settings: settings)
    let wide = rig.add(RecordingPinch())
    rig.frame(0, down(1, 160, 500), down(2, 1760, 500))  // spread 800
    rig.frame(10, move(1, 145, 500), move(2, 1775, 500))  // spread 815: 15 px
    rig.frame(20, move(1, 130, 500), move(2, 1790, 500))  // spread 830: 30 px, 3.75%
    XCTAssertEqual(wide.state, .possible, "past 22.9 px but within 5% of the spread")
    rig.frame(30, move(1, 110, 500), move(2, 1810, 500))  // spread 850: 50 px
    XCTAssertEqual(wide.state, .began)
    settings.pinchHysteresisSpreadFraction = 0
    XCTAssertTrue(near(settings.pinchHysteresis(forSpread: 800), 22.86, 0.01))
  }
}
