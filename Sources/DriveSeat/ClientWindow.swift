import CDriveSeat
// SPDX-License-Identifier: MIT
import CWeston
import WestonModuleSupport

/// The client window playback goes to: the topmost mapped client surface without a parent
/// that overlaps an output (`cwts_client_window`), its rectangle in global coordinates and its
/// client's process id.
struct ClientWindow: Equatable {
  var x: Int32
  var y: Int32
  var width: Int32
  var height: Int32
  var pid: Int32

  /// The topmost client window on `output`; nil when none is mapped there.
  init?(on output: OutputRectangle, of compositor: UnsafeMutablePointer<weston_compositor>) {
    var x: Int32 = 0
    var y: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    var client: OpaquePointer?
    guard
      cwts_client_window(
        compositor, output.x, output.y, output.width, output.height, &x, &y, &width, &height,
        &client)
    else { return nil }
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
    pid = ClientWindow.pid(of: client)
  }

  /// The process id of a wl_client (0 when unknown).
  static func pid(of client: OpaquePointer?) -> Int32 {
    guard let client else { return 0 }
    var pid: pid_t = 0
    wl_client_get_credentials(client, &pid, nil, nil)
    return pid
  }
}
