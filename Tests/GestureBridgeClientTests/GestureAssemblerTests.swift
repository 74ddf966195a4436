// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureBridgeClient

/// Value events followed by a frame become one typed `Gesture`.
final class GestureAssemblerTests: XCTestCase {
  func testPanValuesBecomeOneGestureAtTheFrame() throws {
    var assembler = GestureAssembler(recognizerName: "drag", kind: .pan)
    _ = assembler.receive(.location(x: 10.5, y: 20.25))
    _ = assembler.receive(.touches(2))
    _ = assembler.receive(.translation(dx: 3, dy: -4))
    _ = assembler.receive(.velocity(vx: 120, vy: -80.5))

    let gesture = try XCTUnwrap(assembler.receive(.frame(state: 2, utime: 0x1_0000_0005)))

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
    _ = assembler.receive(.translation(dx: 3, dy: 4))
    _ = assembler.receive(.velocity(vx: -1, vy: 2))
    _ = assembler.receive(.scale(1.5, velocity: 0.25))
    _ = assembler.receive(.rotation(-0.5, velocity: 1))

    let gesture = try XCTUnwrap(assembler.receive(.frame(state: 1, utime: 7)))

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
    _ = assembler.receive(.location(x: 1, y: 2))
    _ = assembler.receive(.touches(1))
    _ = assembler.receive(.taps(1))
    _ = assembler.receive(.frame(state: 6, utime: 1))

    let next = try XCTUnwrap(assembler.receive(.frame(state: 5, utime: 2)))

    XCTAssertEqual(next.state, .failed)
    XCTAssertEqual(next.values, .none)
    XCTAssertEqual(next.location, SurfacePoint(x: 1, y: 2))
  }

  func testFrameWithAnUnknownStateGivesNoGesture() {
    var assembler = GestureAssembler(recognizerName: "tap", kind: .tap)
    _ = assembler.receive(.taps(1))

    XCTAssertNil(assembler.receive(.frame(state: 42, utime: 1)))
  }

  func testSwipeDirectionWithSeveralBitsIsReportedAsUnknown() throws {
    var assembler = GestureAssembler(recognizerName: "swipe", kind: .swipe)
    _ = assembler.receive(.direction(SwipeDirections([.left, .up]).rawValue))
    XCTAssertEqual(
      try XCTUnwrap(assembler.receive(.frame(state: 6, utime: 1))).values,
      GestureValues(direction: nil))

    _ = assembler.receive(.direction(SwipeDirections.up.rawValue))
    XCTAssertEqual(try XCTUnwrap(assembler.receive(.frame(state: 6, utime: 2))).direction, .up)
  }
}
