// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureBridgeClient

/// Value events followed by a frame become one typed `Gesture`.
final class GestureAssemblerTests: XCTestCase {
  func testPanValuesBecomeOneGestureAtTheFrame() throws {
    var assembler = GestureAssembler(recognizerName: "drag", kind: .pan)
    assembler.location(x: 10.5, y: 20.25)
    assembler.touches(2)
    assembler.translation(dx: 3, dy: -4)
    assembler.velocity(vx: 120, vy: -80.5)

    let gesture = try XCTUnwrap(assembler.frame(state: 2, high: 1, low: 5))

    XCTAssertEqual(
      gesture,
      Gesture(
        recognizerName: "drag", kind: .pan, state: .changed,
        location: SurfacePoint(x: 10.5, y: 20.25), touches: 2,
        timestampMicroseconds: 0x1_0000_0005,
        values: GestureValues(
          translation: SurfaceVector(dx: 3, dy: -4),
          velocityPerSecond: SurfaceVector(dx: 120, dy: -80.5))))
  }

  /// The values are the events the compositor sent with the frame, whatever the kind: a
  /// transform sends translation, velocity, scale and rotation together.
  func testAFrameCarriesEveryValueEventSentBeforeIt() throws {
    var assembler = GestureAssembler(recognizerName: "photo", kind: .pan)
    assembler.translation(dx: 3, dy: 4)
    assembler.velocity(vx: -1, vy: 2)
    assembler.scale(1.5, velocity: 0.25)
    assembler.rotation(-0.5, velocity: 1)

    let gesture = try XCTUnwrap(assembler.frame(state: 1, high: 0, low: 7))

    XCTAssertEqual(
      gesture.values,
      GestureValues(
        translation: SurfaceVector(dx: 3, dy: 4), velocityPerSecond: SurfaceVector(dx: -1, dy: 2),
        scale: 1.5, scalePerSecond: 0.25, rotationRadians: -0.5, radiansPerSecond: 1))
    XCTAssertNil(gesture.taps)
    XCTAssertNil(gesture.direction)
  }

  func testKindValuesDoNotLeakIntoTheNextFrameButLocationDoes() throws {
    var assembler = GestureAssembler(recognizerName: "tap", kind: .tap)
    assembler.location(x: 1, y: 2)
    assembler.touches(1)
    assembler.taps(1)
    _ = assembler.frame(state: 6, high: 0, low: 1)

    let next = try XCTUnwrap(assembler.frame(state: 5, high: 0, low: 2))

    XCTAssertEqual(next.state, .failed)
    XCTAssertEqual(next.values, .none)
    XCTAssertEqual(next.location, SurfacePoint(x: 1, y: 2))
  }

  func testFrameWithAnUnknownStateGivesNoGesture() {
    var assembler = GestureAssembler(recognizerName: "tap", kind: .tap)
    assembler.taps(1)

    XCTAssertNil(assembler.frame(state: 42, high: 0, low: 1))
  }

  func testSwipeDirectionWithSeveralBitsIsReportedAsUnknown() throws {
    var assembler = GestureAssembler(recognizerName: "swipe", kind: .swipe)
    assembler.direction(SwipeDirections([.left, .up]).rawValue)
    XCTAssertEqual(
      try XCTUnwrap(assembler.frame(state: 6, high: 0, low: 1)).values,
      GestureValues(direction: nil))

    assembler.direction(SwipeDirections.up.rawValue)
    XCTAssertEqual(try XCTUnwrap(assembler.frame(state: 6, high: 0, low: 2)).direction, .up)
  }
}
