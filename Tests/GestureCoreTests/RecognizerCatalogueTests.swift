// SPDX-License-Identifier: MIT
import GestureCore
import XCTest

/// The recognizer catalogue: each kind's factory, parameters and their defaults, as the scene
/// files, the Wayland bridge and the daemon use them.
final class RecognizerCatalogueTests: XCTestCase {
  func testEachKindMakesItsRecognizerWithItsName() {
    let made = RecognizerKind.allCases.map { ($0.rawValue, $0.makeRecognizer()) }
    XCTAssertEqual(
      made.map(\.0),
      ["tap", "long-press", "pan", "pinch", "rotation", "swipe", "screen-edge-pan", "transform"])
    XCTAssertTrue(made[0].1 is TapGestureRecognizer)
    XCTAssertTrue(made[1].1 is LongPressGestureRecognizer)
    XCTAssertTrue(
      made[2].1 is PanGestureRecognizer && !(made[2].1 is ScreenEdgePanGestureRecognizer))
    XCTAssertTrue(made[3].1 is PinchGestureRecognizer)
    XCTAssertTrue(made[4].1 is RotationGestureRecognizer)
    XCTAssertTrue(made[5].1 is SwipeGestureRecognizer)
    XCTAssertTrue(made[6].1 is ScreenEdgePanGestureRecognizer)
    XCTAssertTrue(made[7].1 is TransformGestureRecognizer)
    XCTAssertEqual(RecognizerKind.allCases.filter(\.isDiscrete), [.tap, .swipe])
  }

  func testParametersLeftOutKeepTheRecognizersDefaults() throws {
    let press = try XCTUnwrap(
      RecognizerKind.longPress.makeRecognizer() as? LongPressGestureRecognizer)
    XCTAssertEqual(press.minimumPressDuration, 0.5)
    XCTAssertEqual(press.numberOfTapsRequired, 0)
    XCTAssertEqual(press.numberOfTouchesRequired, 1)
    XCTAssertTrue(
      press.cancelsTouchesInView && !press.delaysTouchesBegan && press.delaysTouchesEnded)
    let pan = try XCTUnwrap(RecognizerKind.pan.makeRecognizer() as? PanGestureRecognizer)
    XCTAssertEqual(pan.minimumNumberOfTouches, 1)
    XCTAssertEqual(pan.maximumNumberOfTouches, Int.max)
    let swipe = try XCTUnwrap(RecognizerKind.swipe.makeRecognizer() as? SwipeGestureRecognizer)
    XCTAssertEqual(swipe.direction, .right)
  }

  func testGivenParametersAreApplied() throws {
    var parameters = RecognizerParameters()
    parameters.minimumPressDuration = 0.8
    parameters.allowableMovement = 12
    parameters.numberOfTapsRequired = 1
    parameters.numberOfTouchesRequired = 2
    parameters.cancelsTouchesInView = false
    parameters.isEnabled = false
    let press = try XCTUnwrap(
      RecognizerKind.longPress.makeRecognizer(parameters) as? LongPressGestureRecognizer)
    XCTAssertEqual(press.minimumPressDuration, 0.8)
    XCTAssertEqual(press.allowableMovement, 12)
    XCTAssertEqual(press.numberOfTapsRequired, 1)
    XCTAssertEqual(press.numberOfTouchesRequired, 2)
    XCTAssertFalse(press.cancelsTouchesInView)
    XCTAssertFalse(press.isEnabled)

    var edge = RecognizerParameters()
    edge.edges = [.left, .bottom]
    edge.minimumNumberOfTouches = 2
    edge.maximumNumberOfTouches = 3
    let edgePan = try XCTUnwrap(
      RecognizerKind.screenEdgePan.makeRecognizer(edge) as? ScreenEdgePanGestureRecognizer)
    XCTAssertEqual(edgePan.edges, [.left, .bottom])
    XCTAssertEqual(edgePan.minimumNumberOfTouches, 2)
    XCTAssertEqual(edgePan.maximumNumberOfTouches, 3)

    // A limit taken away again (nil) is no limit.
    edge.maximumNumberOfTouches = nil
    edge.apply(to: edgePan)
    XCTAssertEqual(edgePan.maximumNumberOfTouches, Int.max)
  }

  func testWhichKindsTakeWhichParameters() {
    XCTAssertEqual(RecognizerParameter.numberOfTapsRequired.kinds, [.tap, .longPress])
    XCTAssertEqual(RecognizerParameter.numberOfTouchesRequired.kinds, [.tap, .longPress, .swipe])
    XCTAssertEqual(RecognizerParameter.minimumPressDuration.kinds, [.longPress])
    XCTAssertEqual(RecognizerParameter.allowableMovement.kinds, [.longPress])
    XCTAssertEqual(
      RecognizerParameter.minimumNumberOfTouches.kinds,
      [.pan, .pinch, .rotation, .screenEdgePan, .transform])
    XCTAssertEqual(
      RecognizerParameter.maximumNumberOfTouches.kinds,
      [.pan, .pinch, .rotation, .screenEdgePan, .transform])
    XCTAssertEqual(RecognizerParameter.direction.kinds, [.swipe])
    XCTAssertEqual(RecognizerParameter.edges.kinds, [.screenEdgePan])
    XCTAssertEqual(
      RecognizerKind.pinch.parameters, [.minimumNumberOfTouches, .maximumNumberOfTouches])
    XCTAssertEqual(
      RecognizerKind.rotation.parameters, [.minimumNumberOfTouches, .maximumNumberOfTouches])
    XCTAssertEqual(RecognizerKind.tap.minimumNumberOfTapsRequired, 1)
    XCTAssertEqual(RecognizerKind.longPress.minimumNumberOfTapsRequired, 0)
  }

  /// pinch and rotation are two-finger gestures unless given counts; the kinds that pan have
  /// no maximum unless given one; a maximum left out after one was given restores the default
  func testTheFingerCountDefaultsAreTwoForPinchAndRotation() throws {
    for kind in [RecognizerKind.pinch, .rotation] {
      XCTAssertEqual(kind.defaultMinimumNumberOfTouches, 2)
      XCTAssertEqual(kind.defaultMaximumNumberOfTouches, 2)
    }
    for kind in [RecognizerKind.pan, .screenEdgePan, .transform] {
      XCTAssertEqual(kind.defaultMinimumNumberOfTouches, 1)
      XCTAssertEqual(kind.defaultMaximumNumberOfTouches, Int.max)
    }
    var parameters = RecognizerParameters()
    parameters.maximumNumberOfTouches = 5
    let pinch = try XCTUnwrap(
      RecognizerKind.pinch.makeRecognizer(parameters) as? PinchGestureRecognizer)
    let rotation = try XCTUnwrap(
      RecognizerKind.rotation.makeRecognizer(parameters) as? RotationGestureRecognizer)
    XCTAssertEqual(pinch.maximumNumberOfTouches, 5)
    XCTAssertEqual(rotation.maximumNumberOfTouches, 5)
    pinch.apply(RecognizerParameters())
    rotation.apply(RecognizerParameters())
    XCTAssertEqual(pinch.maximumNumberOfTouches, 2)
    XCTAssertEqual(rotation.maximumNumberOfTouches, 2)
    XCTAssertEqual(pinch.minimumNumberOfTouches, 2)
    XCTAssertEqual(rotation.minimumNumberOfTouches, 2)
  }
}
