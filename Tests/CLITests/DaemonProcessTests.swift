// SPDX-License-Identifier: MIT
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A scene with a tap, a four-way swipe and a pinch on a full-screen view, plus `bindings`.
func testConfig(bindings: String) -> String {
  """
  {"screen": {"width": 1920, "height": 1080},
   "views": [{"name": "desktop", "frame": [0, 0, 1920, 1080], "recognizers": [
     {"name": "tap", "type": "tap"},
     {"name": "swipe", "type": "swipe", "direction": ["left", "right", "up", "down"]},
     {"name": "pinch", "type": "pinch"}]}],
   "bindings": [\(bindings)]}
  """
}

/// One binding as JSON; `command` is written with JSON escapes for quotes.
func binding(_ recognizer: String, _ state: String, direction: String? = nil, _ command: String)
  -> String
{
  let escaped = command.replacingOccurrences(of: "\\", with: "\\\\")
    .replacingOccurrences(of: "\"", with: "\\\"")
  let directionKey = direction.map { ", \"direction\": \"\($0)\"" } ?? ""
  return
    "{\"recognizer\": \"\(recognizer)\", \"state\": \"\(state)\"\(directionKey), "
    + "\"command\": \"\(escaped)\"}"
}

/// The real `gesture-bridge run` on a umockdev-mocked touchscreen: recordings are played into
/// the touchscreen in real time and the files the bound commands write are checked.
@Suite(.serialized, .enabled(if: DaemonSession.umockdevInstalled, "needs the umockdev package"))
struct DaemonProcessTests {
  static let dumpEnvironment = "env | grep '^GESTURE_' | sort"

  @Test func boundCommandsRunWithTheGestureValuesInTheirEnvironment() throws {
    let session = try DaemonSession(
      config: testConfig(
        bindings: [
          binding(
            "swipe", "recognized", direction: "left",
            "\(Self.dumpEnvironment) > \"$OUT/swipe-left.env\""),
          binding("swipe", "recognized", "echo \"$GESTURE_DIRECTION\" >> \"$OUT/swipes\""),
          binding("pinch", "began", "echo \"$GESTURE_STATE\" >> \"$OUT/pinch-states\""),
          binding("pinch", "ended", "\(Self.dumpEnvironment) > \"$OUT/pinch-ended.env\""),
          binding(
            "tap", "recognized",
            "cat > \"$OUT/stdin\"; \(Self.dumpEnvironment) > \"$OUT/tap.env\""),
        ].joined(separator: ",\n")),
      environment: ["GESTURE_SCALE=inherited-and-dropped"])
    defer { session.close() }

    try session.play("swipe-left.yml")
    try session.play("swipe-right.yml")
    try session.play("pinch.yml")
    try session.play("tap.yml")
    #expect(session.waitUntil { session.read("tap.env") != nil }, "\(session.log)")
    #expect(session.waitUntil { session.read("pinch-ended.env") != nil }, "\(session.log)")
    #expect(session.waitUntil { session.lines("swipes").count == 2 }, "\(session.log)")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")

    #expect(session.lines("swipes").sorted() == ["left", "right"])
    let swipe = session.lines("swipe-left.env")
    #expect(
      swipe.filter { !$0.hasPrefix("GESTURE_TIME_US=") && !$0.hasPrefix("GESTURE_X=") } == [
        "GESTURE_DIRECTION=left", "GESTURE_RECOGNIZER=swipe", "GESTURE_STATE=recognized",
        "GESTURE_TOUCHES=1", "GESTURE_TYPE=swipe", "GESTURE_VIEW=desktop", "GESTURE_Y=540.00",
      ], "\(swipe)")
    let time = swipe.first { $0.hasPrefix("GESTURE_TIME_US=") }?.dropFirst(16) ?? ""
    #expect(Int64(time).map { $0 > 0 } == true, "\(swipe)")
    let x = swipe.first { $0.hasPrefix("GESTURE_X=") }?.dropFirst(10) ?? ""
    #expect(Double(x).map { $0 > 800 && $0 < 1120 } == true, "\(swipe)")

    #expect(session.lines("pinch-states") == ["began"])
    let pinch = session.lines("pinch-ended.env")
    #expect(pinch.contains("GESTURE_SCALE=2.5000"), "\(pinch)")
    #expect(pinch.contains("GESTURE_STATE=ended"), "\(pinch)")
    #expect(pinch.contains("GESTURE_TYPE=pinch"), "\(pinch)")
    #expect(pinch.contains("GESTURE_TOUCHES=2"), "\(pinch)")
    #expect(pinch.contains("GESTURE_X=960.00") && pinch.contains("GESTURE_Y=540.00"), "\(pinch)")
    #expect(pinch.contains { $0.hasPrefix("GESTURE_SCALE_VELOCITY=") }, "\(pinch)")

    let tap = session.lines("tap.env")
    #expect(
      tap.filter { !$0.hasPrefix("GESTURE_TIME_US=") } == [
        "GESTURE_RECOGNIZER=tap", "GESTURE_STATE=recognized", "GESTURE_TAPS=1",
        "GESTURE_TOUCHES=1", "GESTURE_TYPE=tap", "GESTURE_VIEW=desktop", "GESTURE_X=960.00",
        "GESTURE_Y=540.00",
      ], "\(tap)")
    // Standard input is /dev/null, not the daemon's (the driver's pipe holds a line).
    #expect(session.read("stdin") == "")
  }

  @Test func aSlowAndAFailingCommandDoNotHoldUpLaterGesturesAndTheLimitSkipsAndLogs() throws {
    let session = try DaemonSession(
      config: testConfig(
        bindings: [
          binding(
            "swipe", "recognized", direction: "left",
            "echo running >> \"$OUT/slow\"; while [ ! -e \"$OUT/release\" ]; do sleep 0.05; done"),
          binding("swipe", "recognized", direction: "right", "exit 3"),
          binding("tap", "recognized", "echo tap >> \"$OUT/taps\""),
        ].joined(separator: ",\n")),
      arguments: ["--max-commands", "2"])
    defer {
      try? session.write("release", "")
      session.close()
    }

    try session.play("swipe-left.yml")
    #expect(session.waitUntil { session.lines("slow").count == 1 }, "\(session.log)")
    try session.play("swipe-right.yml")
    #expect(
      session.waitUntil { session.log.contains("exited with status 3") }, "\(session.log)")
    #expect(session.log.contains("swipe recognized right (pid "), "\(session.log)")
    // The slow command still runs; the tap is recognized and its command runs anyway.
    try session.play("tap.yml")
    #expect(session.waitUntil { session.lines("taps").count == 1 }, "\(session.log)")
    #expect(session.read("release") == nil)

    // A second slow command reaches the limit of 2: the next tap's command is not run.
    try session.play("swipe-left.yml")
    #expect(session.waitUntil { session.lines("slow").count == 2 }, "\(session.log)")
    try session.play("tap.yml")
    #expect(
      session.waitUntil { session.log.contains("command limit reached") }, "\(session.log)")
    #expect(session.log.contains("not running tap recognized: echo tap"), "\(session.log)")

    // Once the slow commands end they are reaped (no zombies) and commands run again.
    try session.write("release", "")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")
    #expect(session.log.contains("1 command(s) were not run while at the limit"), "\(session.log)")
    try session.play("tap.yml")
    #expect(session.waitUntil { session.lines("taps").count == 2 }, "\(session.log)")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")
    #expect(session.lines("taps") == ["tap", "tap"])
  }

  @Test func sighupWithAGoodConfigSwitchesTheBindings() throws {
    let session = try DaemonSession(
      config: testConfig(
        bindings: binding("swipe", "recognized", "echo \"A $GESTURE_DIRECTION\" >> \"$OUT/log\"")
      ))
    defer { session.close() }

    try session.play("swipe-left.yml")
    #expect(session.waitUntil { session.lines("log") == ["A left"] }, "\(session.log)")
    try session.replaceConfig(
      testConfig(
        bindings: binding("swipe", "recognized", "echo \"B $GESTURE_DIRECTION\" >> \"$OUT/log\"")
      ))
    try session.signal("HUP")
    #expect(session.waitUntil { session.log.contains("reloaded") }, "\(session.log)")
    try session.play("swipe-right.yml")
    #expect(session.waitUntil { session.lines("log").count == 2 }, "\(session.log)")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")

    #expect(session.lines("log") == ["A left", "B right"])
  }

  @Test func sighupWithABadConfigLogsTheErrorAndKeepsTheOldBindings() throws {
    let session = try DaemonSession(
      config: testConfig(
        bindings: binding("swipe", "recognized", "echo \"A $GESTURE_DIRECTION\" >> \"$OUT/log\"")
      ))
    defer { session.close() }

    try session.play("swipe-left.yml")
    #expect(session.waitUntil { session.lines("log") == ["A left"] }, "\(session.log)")
    try session.replaceConfig(
      testConfig(
        bindings: binding("swipe", "began", "echo \"B $GESTURE_DIRECTION\" >> \"$OUT/log\"")))
    try session.signal("HUP")
    #expect(session.waitUntil { session.log.contains("cannot reload") }, "\(session.log)")
    #expect(
      session.log.contains(
        "\(session.configPath): bindings[0].state: a swipe recognizer reports recognized; "
          + "got \"began\"; the previous config stays in use"), "\(session.log)")

    try session.play("swipe-right.yml")
    #expect(session.waitUntil { session.lines("log").count == 2 }, "\(session.log)")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")
    #expect(session.lines("log") == ["A left", "A right"])
  }

  @Test(arguments: ["TERM", "INT"])
  func aStopSignalExits0AndLeavesRunningCommandsToFinish(signal: String) throws {
    let session = try DaemonSession(
      config: testConfig(
        bindings: binding(
          "tap", "recognized",
          "touch \"$OUT/started\"; while [ ! -e \"$OUT/release\" ]; do sleep 0.05; done; "
            + "echo finished > \"$OUT/finished\"")))
    defer {
      try? session.write("release", "")
      session.close()
    }

    try session.play("tap.yml")
    #expect(session.waitUntil { session.read("started") != nil }, "\(session.log)")
    try session.signal(signal)
    #expect(try session.waitForExit() == "exited 0", "\(session.log)")
    #expect(session.log.contains("stopping on SIG\(signal)"), "\(session.log)")
    #expect(
      session.log.contains("1 command(s) still running are left to finish"), "\(session.log)")

    try session.write("release", "")
    #expect(session.waitUntil { session.read("finished") == "finished\n" })
  }

  @Test func withoutDeviceTheDaemonRunsOnTheSeat() throws {
    let session = try DaemonSession(
      config: testConfig(bindings: binding("tap", "recognized", "echo tap > \"$OUT/tap\"")),
      useDevice: false)
    defer { session.close() }

    #expect(session.log.contains("running on seat seat0"), "\(session.log)")
    try session.play("tap.yml")
    #expect(session.waitUntil { session.read("tap") == "tap\n" }, "\(session.log)")
  }
}
