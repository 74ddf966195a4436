// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// Values and relations the protocol would reject are refused in Swift, before anything is
/// sent, with an error naming the recognizer and parameter.
final class ClientValidationTests: LibraryTestCase {
  private func assertCommitThrowsInvalidValue(
    _ recognizer: CompositorGestureRecognizer, parameter: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertThrowsError(try recognizer.commit(), file: file, line: line) { error in
      guard case .invalidValue(let name, let failed, _, _) = error as? GestureBridgeError else {
        return XCTFail("expected invalidValue, got \(error)", file: file, line: line)
      }
      XCTAssertEqual(name, recognizer.name, file: file, line: line)
      XCTAssertEqual(failed, parameter, file: file, line: line)
    }
    try client.roundtrip()
    XCTAssertEqual(
      app.compositor.requests.filter { $0.recognizer == recognizer.objectID }, [],
      "nothing may be sent", file: file, line: line)
  }

  func testZeroTapsIsRefused() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface, name: "t")
    tap.numberOfTapsRequired = 0
    try assertCommitThrowsInvalidValue(tap, parameter: "numberOfTapsRequired")
  }

  func testNonFiniteOrNegativePressDurationIsRefused() throws {
    let press = try client.recognizer(LongPressRecognizer.self, on: surface)
    press.minimumPressDuration = .nan
    try assertCommitThrowsInvalidValue(press, parameter: "minimumPressDuration")
    press.minimumPressDuration = -1
    try assertCommitThrowsInvalidValue(press, parameter: "minimumPressDuration")
  }

  func testMovementBeyondTheFixedPointRangeIsRefused() throws {
    let press = try client.recognizer(LongPressRecognizer.self, on: surface)
    press.allowableMovement = 1e9
    try assertCommitThrowsInvalidValue(press, parameter: "allowableMovement")
  }

  func testPanMaximumBelowMinimumIsRefused() throws {
    let pan = try client.recognizer(PanRecognizer.self, on: surface)
    pan.minimumNumberOfTouches = 3
    pan.maximumNumberOfTouches = 2
    try assertCommitThrowsInvalidValue(pan, parameter: "maximumNumberOfTouches")
  }

  func testEmptySwipeDirectionIsRefused() throws {
    let swipe = try client.recognizer(SwipeRecognizer.self, on: surface)
    swipe.direction = []
    try assertCommitThrowsInvalidValue(swipe, parameter: "direction")
  }

  func testRelationToItselfIsRefused() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface, name: "t")
    XCTAssertThrowsError(try tap.require(toFail: tap)) {
      XCTAssertEqual(
        $0 as? GestureBridgeError, .invalidRelation(recognizer: "t", reason: "relation to itself"))
    }
    XCTAssertThrowsError(try tap.recognizeSimultaneously(with: tap))
  }

  func testRequireToFailCycleIsRefusedAtCommit() throws {
    let first = try client.recognizer(TapRecognizer.self, on: surface, name: "first")
    let second = try client.recognizer(TapRecognizer.self, on: surface, name: "second")
    try first.require(toFail: second)
    try first.commit()
    try second.require(toFail: first)

    XCTAssertThrowsError(try second.commit()) { error in
      guard case .invalidRelation(let name, _) = error as? GestureBridgeError else {
        return XCTFail("expected invalidRelation, got \(error)")
      }
      XCTAssertEqual(name, "second")
    }
  }

  func testRelationWithARecognizerOfAnotherClientIsRefused() throws {
    let other = try GestureBridgeClient(display: app.display)
    let mine = try client.recognizer(TapRecognizer.self, on: surface, name: "mine")
    let theirs = try other.recognizer(TapRecognizer.self, on: surface, name: "theirs")

    XCTAssertThrowsError(try mine.require(toFail: theirs)) { error in
      guard case .invalidRelation = error as? GestureBridgeError else {
        return XCTFail("expected invalidRelation, got \(error)")
      }
    }
  }
}
