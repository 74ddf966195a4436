// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting

extension CompositorSession {
  /// Starts the wlroots test kiosk (`WlrootsKiosk`, built from `WlrootsKiosk/gb-wlr-kiosk.c`
  /// with the wlroots adapter) in place of weston, inside a umockdev testbed with one mocked
  /// touchscreen (`mockedTouchscreen`) read by wlroots' own libinput backend; its log (stderr)
  /// is `log`. Waits (at most 20 s) for the socket, its touchscreen and its ready line.
  func startWlrootsKiosk(_ arguments: [String] = [], width: Int = 960, height: Int = 540) throws {
    let kiosk = try WlrootsKiosk.build()
    var environment = ProcessInfo.processInfo.environment
    environment.merge(WlrootsKiosk.environment) { $1 }
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    _ = FileManager.default.createFile(atPath: logPath.path, contents: nil)
    try startOnMockedTouchscreen(
      [kiosk, "--socket", socketName, "--size", "\(width)x\(height)"] + arguments,
      environment: environment, output: logPath)
    let socket = runtimeDirectory.appendingPathComponent(socketName).path
    try waitFor("the kiosk's socket \(socket), touchscreen and ready line", timeoutSeconds: 20) {
      FileManager.default.fileExists(atPath: socket)
        && self.log.contains("gb-wlr-kiosk: touch device added:")
        && self.log.contains("gb-wlr-kiosk: ready")
    }
  }
}
