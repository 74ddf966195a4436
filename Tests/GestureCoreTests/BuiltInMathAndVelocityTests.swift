// SPDX-License-Identifier: MIT
import Foundation
import XCTest

@testable import GestureCore

final class BuiltInMathAndVelocityTests: BuiltInRecognizerTestCase {
  /// arcTangent matches atan2 all around the circle and at the axes
  func testArcTangentMatchesAtan2() {
    var worst = 0.0
    for step in 0..<3600 {
      let angle = -Double.pi + Double(step) * (2 * Double.pi / 3600) + 1e-4
      for radius in [1e-6, 0.5, 1, 37, 1e6] {
        let x = radius * cos(angle)
        let y = radius * sin(angle)
        worst = max(worst, abs(arcTangent(y: y, x: x) - atan2(y, x)))
      }
    }
    XCTAssertTrue(worst < 1e-14, "worst error \(worst)")
    for (y, x) in [(0.0, 1.0), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1), (0, 0)] {
      XCTAssertTrue(abs(arcTangent(y: y, x: x) - atan2(y, x)) < 1e-15, "atan2(\(y), \(x))")
    }
  }

  /// wrappedAngle gives the shortest signed turn
  func testWrapping() {
    XCTAssertTrue(near(wrappedAngle(3 * Double.pi / 2), -Double.pi / 2))
    XCTAssertTrue(near(wrappedAngle(-3 * Double.pi / 2), Double.pi / 2))
    XCTAssertTrue(near(wrappedAngle(0.25), 0.25))
    XCTAssertTrue(near(wrappedAngle(4 * Double.pi + 0.1), 0.1))
  }

  /// velocity tracker is exact for constant velocity and for uniform acceleration
  func testExactFits() {
    var tracker = VelocityTracker(capacity: 20)
    for step in 0...10 {
      let t = Int64(step) * 8_000
      tracker.add(Point(x: Double(t) / 1000, y: -2 * Double(t) / 1000), atMicroseconds: t)
    }
    let v = tracker.velocity(atMicroseconds: 80_000, horizonMicroseconds: 100_000)
    XCTAssertTrue(near(v, Point(x: 1000, y: -2000), 1e-6), "\(v)")
    // x = 5000 t^2 (t in s): velocity 10000 t, 800 px/s at 80 ms; degree 2 fits it exactly.
    tracker.removeAll()
    for step in 0...10 {
      let t = Double(step) * 0.008
      tracker.add(Point(x: 5000 * t * t, y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    let a = tracker.velocity(atMicroseconds: 80_000, horizonMicroseconds: 100_000)
    XCTAssertTrue(near(a.x, 800, 1e-6), "\(a)")
  }

  /// velocity tracker keeps only its capacity of samples
  func testRingBuffer() {
    var tracker = VelocityTracker(capacity: 4)
    // A long slow run, then four fast samples: only those count.
    for step in 0..<10 {
      tracker.add(Point(x: Double(step), y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    for step in 10..<14 {
      tracker.add(Point(x: 9 + Double(step - 9) * 16, y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    XCTAssertEqual(tracker.count, 4)
    let v = tracker.velocity(atMicroseconds: 104_000, horizonMicroseconds: 1_000_000)
    XCTAssertTrue(near(v.x, 2000, 1e-6), "\(v)")
  }

  /// velocity tracker uses only samples within the horizon
  func testHorizon() {
    var tracker = VelocityTracker(capacity: 20)
    for step in 0..<10 {  // 500 px/s for 72 ms, then 1000 px/s for 40 ms
      tracker.add(Point(x: Double(step) * 4, y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    for step in 10..<15 {
      tracker.add(Point(x: 36 + Double(step - 9) * 8, y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    let v = tracker.velocity(atMicroseconds: 112_000, horizonMicroseconds: 40_000)
    XCTAssertTrue(near(v.x, 1000, 1e-6), "\(v)")
  }

  /// velocity tracker reports zero once the movement has stopped for the stop gap
  func testStopped() {
    var tracker = VelocityTracker(capacity: 20)
    for step in 0..<10 {
      tracker.add(Point(x: Double(step) * 8, y: 0), atMicroseconds: Int64(step) * 8_000)
    }
    XCTAssertTrue(
      tracker.velocity(atMicroseconds: 72_000 + 40_000, horizonMicroseconds: 100_000).x > 0)
    XCTAssertEqual(
      tracker.velocity(atMicroseconds: 72_000 + 40_001, horizonMicroseconds: 100_000), .zero)
    var single = VelocityTracker(capacity: 20)
    single.add(Point(x: 3, y: 3), atMicroseconds: 0)
    XCTAssertEqual(single.velocity(atMicroseconds: 0, horizonMicroseconds: 100_000), .zero)
  }

  /// velocity tracker falls back to a line with two samples
  func testTwoSamples() {
    var tracker = VelocityTracker(capacity: 20)
    tracker.add(Point(x: 0, y: 0), atMicroseconds: 0)
    tracker.add(Point(x: 10, y: 5), atMicroseconds: 10_000)
    let v = tracker.velocity(atMicroseconds: 10_000, horizonMicroseconds: 100_000)
    XCTAssertTrue(near(v, Point(x: 1000, y: 500), 1e-6))
  }
}
