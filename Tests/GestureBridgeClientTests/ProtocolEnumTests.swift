// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
// The enums are defined in whichever generated header the module reads first (both guard
// them), so their constants come through the Server submodule.
import CWaylandProtocols.Server
import GestureBridgeClient
import XCTest

@testable import GestureBridgeClient

/// The wire enums the client library uses (ProtocolEnums.swift, which
/// scripts/protocol-enums-swift.awk generates from `Protocols/gesture-bridge-v1.xml`) carry
/// the values the compositor decodes: every case against the constants wayland-scanner
/// generates from the same XML, so a mistake of the awk generator cannot go unnoticed.
final class ProtocolEnumTests: XCTestCase {
  func testRecognizerKindsHaveTheValuesOfTheTypeEnum() {
    let expected: [(GestureKind, gesture_bridge_manager_v1_type)] = [
      (.tap, GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP),
      (.longPress, GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS),
      (.pan, GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN),
      (.pinch, GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH),
      (.rotation, GESTURE_BRIDGE_MANAGER_V1_TYPE_ROTATION),
      (.swipe, GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE),
      (.screenEdgePan, GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN),
      (.transform, GESTURE_BRIDGE_MANAGER_V1_TYPE_TRANSFORM),
    ]
    XCTAssertEqual(expected.map(\.0), GestureKind.allCases, "one entry per kind")
    for (kind, wire) in expected {
      XCTAssertEqual(kind.rawValue, wire.rawValue, "\(kind)")
    }
  }

  func testGestureStatesHaveTheValuesOfTheStateEnum() {
    let expected: [(GestureState, gesture_bridge_recognizer_v1_state)] = [
      (.began, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_BEGAN),
      (.changed, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CHANGED),
      (.ended, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED),
      (.cancelled, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CANCELLED),
      (.failed, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_FAILED),
      (.recognized, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED),
    ]
    XCTAssertEqual(expected.map(\.0), GestureState.allCases, "one entry per state")
    for (state, wire) in expected {
      XCTAssertEqual(state.rawValue, wire.rawValue, "\(state)")
    }
  }

  func testJSONNamesOfStatesAndKinds() {
    XCTAssertEqual(
      GestureState.allCases.map(\.jsonName),
      ["began", "changed", "ended", "cancelled", "failed", "recognized"])
    XCTAssertEqual(
      GestureKind.allCases.map(\.jsonName),
      ["tap", "long-press", "pan", "pinch", "rotation", "swipe", "screen-edge-pan", "transform"])
    XCTAssertEqual(GestureKind.allCases.map(\.since), [1, 1, 1, 1, 1, 1, 1, 3])
  }

  func testTheSingleDirectionsAreNamedAsInTheXML() {
    let names = [
      GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_RIGHT, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_LEFT,
      GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_UP, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_DOWN,
    ].map { SwipeDirections(rawValue: $0.rawValue).xmlName }
    XCTAssertEqual(names, ["right", "left", "up", "down"])
    XCTAssertNil(SwipeDirections([.left, .up]).xmlName, "several directions have no name")
    XCTAssertNil(SwipeDirections(rawValue: 16).xmlName, "nor a bit the protocol does not have")
    XCTAssertEqual(ScreenEdges.bottom.xmlName, "bottom")
  }

  func testSwipeDirectionsAndScreenEdgesAreTheBitsOfTheirBitfields() {
    XCTAssertEqual(
      SwipeDirections.right.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_RIGHT.rawValue)
    XCTAssertEqual(
      SwipeDirections.left.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_LEFT.rawValue)
    XCTAssertEqual(SwipeDirections.up.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_UP.rawValue)
    XCTAssertEqual(
      SwipeDirections.down.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_DIRECTION_DOWN.rawValue)
    XCTAssertEqual(ScreenEdges.top.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_EDGES_TOP.rawValue)
    XCTAssertEqual(ScreenEdges.left.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_EDGES_LEFT.rawValue)
    XCTAssertEqual(ScreenEdges.bottom.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_EDGES_BOTTOM.rawValue)
    XCTAssertEqual(ScreenEdges.right.rawValue, GESTURE_BRIDGE_RECOGNIZER_V1_EDGES_RIGHT.rawValue)
  }

  func testErrorEnumsHaveTheValuesOfTheXML() {
    XCTAssertEqual(
      WireManagerError.allCases.map(\.rawValue),
      [
        GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE,
        GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS,
        GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_SURFACE,
        GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS,
      ].map(\.rawValue))
    XCTAssertEqual(
      WireSystemGestureSurfaceError.allCases.map(\.rawValue),
      [GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES].map(\.rawValue))
    XCTAssertEqual(
      WireRecognizerError.allCases.map(\.rawValue),
      [
        GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE,
        GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE,
        GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION,
        GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INERT_RELATION,
        GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_FOREIGN_RECOGNIZER,
      ].map(\.rawValue))
    XCTAssertEqual(WireRecognizerError.notApplicable.xmlName, "not_applicable")
    XCTAssertEqual(GestureKind.screenEdgePan.xmlName, "screen_edge_pan")
  }
}
