// SPDX-License-Identifier: MIT
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The touchscreen given with `--device` (libinput's path backend) unplugged with two fingers
/// down in a pinch: the real `gesture-bridge run` and `watch` on a umockdev-mocked touchscreen
/// whose removal udev reports, as the kernel's would.
@Suite(.serialized, .enabled(if: DaemonSession.umockdevInstalled, "needs the umockdev package"))
struct DeviceUnplugTests {
  @Test func theDaemonCancelsTheGestureOfAnUnpluggedDeviceLogsItAndKeepsRunning() throws {
    let pinchStates =
      binding("pinch", "began", "echo began >> \"$OUT/pinch\"") + ",\n"
      + binding("pinch", "cancelled", "echo cancelled >> \"$OUT/pinch\"") + ",\n"
      + binding("pinch", "ended", "echo ended >> \"$OUT/pinch\"")
    let session = try DaemonSession(config: testConfig(bindings: pinchStates))
    defer { session.close() }

    // The pinch's two fingers stay down (the recording lifts them at 1.15 s).
    try session.play("pinch.yml", untilSeconds: 0.9)
    #expect(session.waitUntil { session.lines("pinch") == ["began"] }, "\(session.log)")
    try session.unplug()

    #expect(
      session.waitUntil { session.lines("pinch") == ["began", "cancelled"] }, "\(session.log)")
    #expect(
      session.waitUntil { session.log.contains("device removed: \(session.node)") },
      "\(session.log)")

    // Still serving: a reload works, and SIGTERM stops it with status 0.
    try session.signal("HUP")
    #expect(
      session.waitUntil { session.log.contains("reloaded \(session.configPath)") },
      "\(session.log)")
    try session.signal("TERM")
    #expect(try session.waitForExit() == "exited 0", "\(session.log)")
    #expect(session.log.contains("stopping on SIGTERM"), "\(session.log)")
    #expect(session.lines("pinch") == ["began", "cancelled"])
  }

  @Test func watchPrintsTheCancelOfAnUnpluggedDeviceAndKeepsRunning() throws {
    let session = try DaemonSession(
      config: "{}", command: ["watch", "--device", "@NODE@", "--format", "json"])
    defer { session.close() }
    func pinchStates() -> [String] {
      session.lines("daemon.stdout").filter { $0.contains(#""recognizer":"pinch""#) }
        .compactMap { line in
          ["began", "changed", "ended", "cancelled"].first {
            line.contains(#""state":"\#($0)""#)
          }
        }
    }

    try session.play("pinch.yml", untilSeconds: 0.9)
    #expect(session.waitUntil { pinchStates().first == "began" }, "\(session.log)")
    try session.unplug()

    #expect(session.waitUntil { pinchStates().last == "cancelled" }, "\(session.log)")
    #expect(
      session.waitUntil { session.log.contains("device removed: \(session.node)") },
      "\(session.log)")
    #expect(!pinchStates().contains("ended"), "\(pinchStates())")
    try session.signal("TERM")
    #expect(try session.waitForExit() == "exited 0", "\(session.log)")
  }
}
