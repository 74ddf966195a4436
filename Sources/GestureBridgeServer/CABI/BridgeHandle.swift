// SPDX-License-Identifier: MIT

/// What a `struct gb_bridge *` holds: the server and, once the host uses them, its system
/// gestures.
final class BridgeHandle {
  let server: GestureBridgeServer
  /// Created by the first `gb_bridge_set_system_callbacks` or load.
  var systemGestures: SystemGestureController?

  init(server: GestureBridgeServer) {
    self.server = server
  }
}
