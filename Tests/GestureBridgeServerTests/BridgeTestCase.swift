// SPDX-License-Identifier: MIT
import CWaylandProtocols
import GestureBridgeTesting
import XCTest

/// A server test: a `TestCompositor` with the real `GestureBridgeServer` for each test, closed
/// after it, and the recognizer states of the frame events.
class BridgeTestCase: XCTestCase {
  var compositor: TestCompositor!

  override func setUpWithError() throws {
    compositor = try TestCompositor()
  }

  override func tearDown() {
    compositor?.close()
    compositor = nil
  }

  let began = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_BEGAN.rawValue
  let recognized = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue
  let cancelled = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CANCELLED.rawValue
  let failed = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_FAILED.rawValue
  let changed = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CHANGED.rawValue
}
