// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Apps deferring system gestures under real weston (gesture_bridge_system_gesture_surface_v1,
/// version 2): the demo client as a real process with `--exclude-system-gestures` or
/// `--defer-system-edges`, the system config of `SystemGesturesEndToEndTests` (its bottom-edge
/// binding appends "bottom ended" to a file). The output is 1024x640; the touch seat gives no
/// touchscreen size, so the exclusion cap is the pixel fallback, 200 px per edge.
extension SystemGesturesEndToEndTests {
  /// Up from the bottom edge at `x`, starting `start` ms into the script.
  private func bottomSwipe(x: Int, start: Int = 0) -> String {
    (0...8).map {
      "\(start + $0 * 16) \($0 == 0 ? "down" : "motion") 0 \(x) \(637 - $0 * 30)"
    }.joined(separator: "\n") + "\n\(start + 150) up 0\n"
  }

  /// The client got the whole touch (down ... up, no cancel: its pan does not cancel touches)
  /// and its pan began and ended.
  private func assertClientGotThePan(
    _ client: ClientProcess, file: StaticString = #filePath, line: UInt = #line
  ) {
    let touches = touchKinds(client)
    XCTAssertEqual(touches.first, "touch-down", client.text, file: file, line: line)
    XCTAssertTrue(touches.contains("touch-up"), client.text, file: file, line: line)
    XCTAssertFalse(touches.contains("touch-cancel"), client.text, file: file, line: line)
    XCTAssertEqual(
      states(client).filter { $0 != "changed" }, ["began", "ended"], client.text, file: file,
      line: line)
  }

  /// No line in the command file after the gestures were handled (the client synced) and
  /// half a second more.
  private func assertNoCommand(
    _ output: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    usleep(500_000)
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    XCTAssertEqual(text, "", "no system gesture command may run", file: file, line: line)
  }

  /// A client with a pan excluding `exclusion` from system gestures: a bottom-edge swipe at
  /// `kept` is the client's (its pan, no command), one at `taken` runs the command.
  private func assertExclusion(
    _ exclusion: String, keeps kept: Int, yieldsToTheSystem taken: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (session, output) = try start()
    let client = try session.startDemoClient(
      window() + [
        "--recognizer", "pan", "--cancels-touches-in-view", "false", "--exclude-system-gestures",
        exclusion,
      ],
      name: "excluding")
    try session.play(bottomSwipe(x: kept))
    try client.sync(in: session)
    assertClientGotThePan(client, file: file, line: line)
    assertNoCommand(output, file: file, line: line)
    XCTAssertFalse(
      session.log.contains("system gesture bottom"), session.report, file: file, line: line)
    try session.play(bottomSwipe(x: taken))
    XCTAssertEqual(
      try commandLines(output, count: 1, in: session), ["bottom ended"], file: file, line: line)
  }

  func testAnExcludedRegionGivesTheClientItsPanAndRunsNoCommand() throws {
    // Outside the region (x 800) the system takes the swipe.
    try assertExclusion("412,440,200,200", keeps: 512, yieldsToTheSystem: 800)
  }

  func testADeferredEdgeGivesTheFirstSwipeToTheClientAndTheSecondRightAfterToTheSystem() throws {
    let (session, output) = try start()
    let client = try session.startDemoClient(
      window() + [
        "--recognizer", "pan", "--cancels-touches-in-view", "false", "--defer-system-edges",
        "bottom",
      ], name: "deferring")
    // Two swipes in one script: the second goes down 250 ms after the first lifted.
    try session.play(bottomSwipe(x: 512) + bottomSwipe(x: 512, start: 400))
    XCTAssertEqual(try commandLines(output, count: 1, in: session), ["bottom ended"])
    try client.sync(in: session)
    let touches = touchKinds(client)
    // First swipe: down ... up; second: down, cancel.
    let firstUp = try XCTUnwrap(touches.firstIndex(of: "touch-up"), client.text)
    XCTAssertFalse(touches[..<firstUp].contains("touch-cancel"), client.text)
    XCTAssertEqual(touches[(firstUp + 1)...].first, "touch-down", client.text)
    XCTAssertEqual(touches.last, "touch-cancel", client.text)
    let pan = states(client).filter { $0 != "changed" }
    XCTAssertEqual(Array(pan.prefix(2)), ["began", "ended"], client.text)
    XCTAssertTrue(
      Array(pan.dropFirst(2)) == ["began", "cancelled"] || Array(pan.dropFirst(2)) == [],
      "second swipe: \(pan)\n\(client.text)")
    XCTAssertEqual(
      session.log.components(separatedBy: "system gesture bottom (screen-edge-pan) ended").count
        - 1, 1, session.report)
  }

  func testAnExclusionBeyondTheCapAlongTheEdgeIsIgnored() throws {
    // The whole bottom band: only its left-most 200 px stay excluded within the edge zone.
    try assertExclusion("0,440,1024,200", keeps: 100, yieldsToTheSystem: 600)
  }
}
