// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import GestureReplay
import GestureScene
import XCTest

/// GestureBridge inside Debian's own phoc and sway (0.24 and 1.7 on Debian 12, 0.46 and 1.10 on
/// Debian 13, 0.58 and 1.12 on sid) through the LD_PRELOAD loader
/// (`PreloadedCompositorSession`, docs/phones.md), with touches from wlroots' libinput
/// backend on a mocked touchscreen. The demo client's window covers the 960x540 output (phoc
/// maximizes it, sway floats and centres it), so the in-core replay's view is the whole
/// screen. Times: wlroots hands compositors milliseconds, so they are compared within 1 ms
/// and velocities within `WlrootsKioskEndToEndTests.velocityRelativeTolerance`.
final class PreloadedCompositorEndToEndTests: XCTestCase {
  private var running: [PreloadedCompositorSession] = []

  override func tearDown() {
    for session in running { session.stop() }
    running.removeAll()
  }

  private func start(
    _ compositor: PreloadedWlrootsCompositor, withLoader: Bool = true,
    systemGestures: String? = nil, extraConfig: String = "", expectsTheBridge: Bool = true
  ) throws -> PreloadedCompositorSession {
    let session = try PreloadedCompositorSession(
      compositor, withLoader: withLoader, systemGestures: systemGestures,
      extraConfig: extraConfig, expectsTheBridge: expectsTheBridge)
    running.append(session)
    return session
  }

  /// The in-core replay (`RecordingReplayer`) of `name` on one view "surface" covering the
  /// 960x540 screen with `recognizers`.
  private static func replay(_ name: String, recognizers: String) throws -> [[String: Any]] {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 960, "height": 540},
         "views": [{"name": "surface", "frame": [0, 0, 960, 540], "children": [],
           "recognizers": [\(recognizers)]}]}
        """, file: "preloaded-scene.json")
    var lines: [String] = []
    try RecordingReplayer(scene: scene).replay(
      path: WlrootsKioskEndToEndTests.recording(name), report: { lines.append($0.jsonLine) },
      warning: { _ in })
    return lines.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  // MARK: A client's recognizers

  /// Plays `recording` to one demo client with `arguments` and returns it once it has as
  /// many gesture lines as the in-core replay of `recognizers` reports, with that replay.
  func playToOneClient(
    _ compositor: PreloadedWlrootsCompositor, _ recording: String, recognizers: String,
    arguments: [String], systemGestures: String? = nil
  ) throws -> (
    session: PreloadedCompositorSession, client: ClientProcess, expected: [[String: Any]]
  ) {
    let expected = try Self.replay(recording, recognizers: recognizers)
    XCTAssertFalse(expected.isEmpty, "the recording holds gestures")
    let compositorSession = try start(compositor, systemGestures: systemGestures)
    let session = compositorSession.session
    let client = try compositorSession.startDemoClient(arguments, name: "client")
    try compositorSession.play(recording)
    try session.waitFor("the client's gestures", timeoutSeconds: 30) {
      client.gestures.count >= expected.count
    }
    try client.sync(in: session)
    return (compositorSession, client, expected)
  }

  private func assertThePinchReachesTheClientAsTheInCoreReplaySays(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    let (compositorSession, client, expected) = try playToOneClient(
      compositor, "pinch.yml",
      recognizers: """
        {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
        {"name": "rotation", "type": "rotation"}
        """, arguments: ["--recognizer", "pinch", "--recognizer", "rotation"])
    let session = compositorSession.session
    if compositor.embedsTheBridge {
      XCTAssertTrue(
        session.log.contains("gesture_bridge_manager_v1 advertised on seat"), session.report)
      XCTAssertFalse(session.log.contains("gesture-bridge-wlroots:"), "no loader")
    } else {
      let wlroots = try PreloadedWlrootsCompositor.libraries().wlroots
      XCTAssertTrue(
        session.log.contains(
          "gesture-bridge-wlroots: \(compositor.rawValue) (/usr/bin/\(compositor.rawValue)) "
            + "with wlroots \(wlroots.series) (\(wlroots.soname) at "), session.report)
    }
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")
    WlrootsKioskEndToEndTests.assertMatches(client.gestures, expected, report: session.report)
    // The pinch that began cancelled the client's touches (cancelsTouchesInView), through
    // the real seat.
    XCTAssertEqual(client.events.filter { $0 == "touch-down" }.count, 2, client.text)
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(client.events.contains("touch-up"), client.text)
    if compositor == .sway {
      // sway ends on SIGTERM, destroying its seat: the loader's adapter goes first.
      compositorSession.stop()
      XCTAssertEqual(compositorSession.exit, "exited 0", "sway ends cleanly with the loader")
    }
  }

  func testPhocThePinchReachesTheClientAsTheInCoreReplaySays() throws {
    try assertThePinchReachesTheClientAsTheInCoreReplaySays(.phoc)
  }

  func testSwayThePinchReachesTheClientAsTheInCoreReplaySays() throws {
    try assertThePinchReachesTheClientAsTheInCoreReplaySays(.sway)
  }

  /// phoc 0.46 built with the patch series (`PatchedPhoc`): the bridge inside phoc, fed by
  /// phoc's own touch handlers.
  func testPatchedPhocThePinchReachesTheClientAsTheInCoreReplaySays() throws {
    try assertThePinchReachesTheClientAsTheInCoreReplaySays(.patchedPhoc)
  }

  // MARK: Plain clients

  /// A plain wl_touch client's events (`--no-gesture-bridge`) of the pinch: kind, id and
  /// surface-local location, frames included; times are left out (the touchscreen is written
  /// in real time, so two runs differ in them); and the compositor's log.
  private func plainStream(
    _ compositor: PreloadedWlrootsCompositor, withLoader: Bool, systemGestures: String? = nil,
    expectsTheBridge: Bool = true
  ) throws -> (stream: [String], log: String) {
    let compositorSession = try start(
      compositor, withLoader: withLoader, systemGestures: systemGestures,
      expectsTheBridge: expectsTheBridge)
    let client = try compositorSession.startDemoClient(["--no-gesture-bridge"], name: "plain")
    try compositorSession.play("pinch.yml")
    try compositorSession.session.waitFor("the plain client's touches to end", timeoutSeconds: 30) {
      client.events.filter { $0 == "touch-up" }.count == 2
    }
    try client.sync(in: compositorSession.session)
    let stream = client.objects.compactMap { object -> String? in
      guard let event = object["event"] as? String,
        event.hasPrefix("touch-") || event == "frame"
      else { return nil }
      let location = InCoreComparison.numbers(object["location"]).map { String($0) }
      return ([event, "\(object["id"] ?? "")"] + location).joined(separator: " ")
    }
    let log = compositorSession.log
    compositorSession.stop()
    running.removeAll { $0 === compositorSession }
    return (stream, log)
  }

  private func assertAPlainClientGetsTheSameStreamWithAndWithoutTheLoader(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    // The patched phoc is compared with Debian's own phoc of the same version.
    let without = try plainStream(
      compositor.embedsTheBridge ? .phoc : compositor, withLoader: false
    ).stream
    // Nobody listens: the sequence is left to wlroots' own touch grab.
    let with = try plainStream(compositor, withLoader: true).stream
    // A system gesture is loaded (a left-edge pan the pinch does not start): the bridge
    // delivers every event through the adapter.
    let config = try leftEdgeConfig().config
    let bridged = try plainStream(compositor, withLoader: true, systemGestures: config).stream
    assertTheWholePinch(without)
    XCTAssertEqual(with, without)
    XCTAssertEqual(bridged, without)
  }

  /// A plain client's stream of the whole pinch: 2 downs, 144 motions, 2 ups, and frames.
  private func assertTheWholePinch(
    _ stream: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      stream.filter { $0.hasPrefix("touch-down") }.count, 2, "\(stream)", file: file, line: line)
    XCTAssertEqual(
      stream.filter { $0.hasPrefix("touch-motion") }.count, 144, "\(stream)", file: file,
      line: line)
    XCTAssertEqual(
      stream.filter { $0.hasPrefix("touch-up") }.count, 2, "\(stream)", file: file, line: line)
    XCTAssertGreaterThan(
      stream.filter { $0 == "frame " }.count, 2, "\(stream)", file: file, line: line)
  }

  /// Debian's phoc with the loader says at start whether it bridges, and serves either way.
  /// Where phoc links a wlroots library (Debian 12's 0.24, 13's 0.46) the loader advertises
  /// the global. Where phoc has wlroots built in (sid's 0.58: no libwlroots, no exported
  /// `wlr_*` to interpose) the loader refuses at start with its reason, advertises nothing and
  /// leaves phoc alone. Then a plain client gets the whole pinch from phoc's own seat.
  func testPhocWithTheLoaderSaysWhetherItBridgesAndServes() throws {
    guard let executable = try PreloadedWlrootsCompositor.phoc.executable() else {
      throw XCTSkip("phoc is not installed (scripts/setup.sh)")
    }
    let needed = WlrootsKiosk.shell("readelf -d '\(executable)'")
    XCTAssertEqual(needed.status, 0, needed.output)
    let linksWlroots = needed.output.contains("[libwlroots")
    let (stream, log) = try plainStream(
      .phoc, withLoader: true, expectsTheBridge: linksWlroots)
    let wlroots = try PreloadedWlrootsCompositor.libraries().wlroots
    let refusal =
      "gesture-bridge-wlroots: phoc: refusing: it links no wlroots library "
      + "(its wlroots is built in, or it is not a wlroots compositor), and this loader reaches "
      + "only calls into wlroots \(wlroots.series) (\(wlroots.soname)); the compositor runs "
      + "without GestureBridge"
    if linksWlroots {
      XCTAssertTrue(log.contains("gesture_bridge_manager_v1 advertised on seat"), log)
      XCTAssertFalse(log.contains("refusing"), log)
    } else {
      XCTAssertTrue(log.contains(refusal), log)
      XCTAssertFalse(log.contains("advertised"), log)
    }
    assertTheWholePinch(stream)
  }

  func testPhocAPlainClientGetsTheSameStreamWithAndWithoutTheLoader() throws {
    try assertAPlainClientGetsTheSameStreamWithAndWithoutTheLoader(.phoc)
  }

  func testSwayAPlainClientGetsTheSameStreamWithAndWithoutTheLoader() throws {
    try assertAPlainClientGetsTheSameStreamWithAndWithoutTheLoader(.sway)
  }

  /// Debian's phoc and the patched one (the feature on, nobody listening; then a system
  /// gesture loaded) give a plain client the identical stream.
  func testPatchedPhocAPlainClientGetsTheSameStreamAsDebiansPhoc() throws {
    try assertAPlainClientGetsTheSameStreamWithAndWithoutTheLoader(.patchedPhoc)
  }

  // MARK: System gestures

  /// A system-gesture config, in a new directory readable by sway's user (removed after the
  /// test): a left-edge pan over the whole screen whose `ended` appends a line to `output`
  /// (writable by sway's user, who runs the command).
  /// With `lisgd`, the same gesture as a lisgd binding (a Sxmo-like left-edge swipe right,
  /// `-g 1,LR,L,*,R,...`) instead of a recognizer and a binding.
  private func leftEdgeConfig(lisgd: Bool = false) throws -> (config: String, output: String) {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-preloaded-system-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    chmod(directory.path, 0o755)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("system.json").path
    let output = directory.appendingPathComponent("commands.txt").path
    let text =
      lisgd
      ? """
      {"screen": {"width": 960, "height": 540}, "views": [], "bindings": [],
       "lisgd": ["-g", "1,LR,R,*,R,echo right-edge >> \(output)",
                 "-g", "1,LR,L,*,R,echo lisgd back >> \(output)"]}
      """
      : """
      {"screen": {"width": 960, "height": 540},
       "views": [{"name": "screen", "frame": [0, 0, 960, 540], "recognizers": [
         {"name": "left", "type": "screen-edge-pan", "edges": ["left"]}]}],
       "bindings": [
         {"recognizer": "left", "state": "ended", "description": "back",
          "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]}
      """
    try text.write(toFile: config, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    chmod(output, 0o666)
    chmod(config, 0o644)
    return (config, output)
  }

  private func states(_ client: ClientProcess) -> [String] {
    client.gestures.compactMap { $0["state"] as? String }.filter { $0 != "changed" }
  }

  /// The system gestures come from `$GESTURE_BRIDGE_SYSTEM_GESTURES`, or with `fromPhocIni`
  /// (the patched phoc) from its phoc.ini's `[gesture-bridge]` `system-gestures` key.
  private func assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(
    _ compositor: PreloadedWlrootsCompositor, lisgd: Bool = false, fromPhocIni: Bool = false
  ) throws {
    let (config, output) = try leftEdgeConfig(lisgd: lisgd)
    let compositorSession =
      fromPhocIni
      ? try start(compositor, extraConfig: "\n[gesture-bridge]\nsystem-gestures = \(config)\n")
      : try start(compositor, systemGestures: config)
    let session = compositorSession.session
    XCTAssertTrue(
      session.log.contains(compositor.bridgeLine("system gestures: 1 recognizer(s) from")),
      session.report)
    let client = try compositorSession.startDemoClient(
      ["--recognizer", "pan", "--print-failed"], name: "pan")
    try compositorSession.play("edge-pan.yml")
    XCTAssertEqual(
      try session.commandLines(in: output, count: 1), [lisgd ? "lisgd back" : "left ended"])
    try client.sync(in: session)
    let touches = client.events.filter { $0.hasPrefix("touch-") }
    XCTAssertEqual(touches.first, "touch-down", client.text)
    XCTAssertEqual(touches.last, "touch-cancel", client.text)
    XCTAssertFalse(touches.contains("touch-up"), client.text)
    let pan = states(client)
    XCTAssertTrue(pan == ["failed"] || pan == ["began", "cancelled"], "\(pan)\n\(client.text)")
    XCTAssertTrue(
      session.log.contains(
        compositor.bridgeLine("system gesture \(lisgd ? "lisgd" : "left") ended")),
      session.report)
  }

  func testPhocALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(.phoc)
  }

  func testSwayALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(.sway)
  }

  /// Sxmo's way: the left-edge swipe as a lisgd binding (a config's `"lisgd"`), a system
  /// gesture in the compositor: it cancels the app's touch and runs the binding lisgd picks
  /// once (not the right-edge one before it).
  func testSwayALeftEdgeLisgdBindingCancelsTheAppsTouchAndRunsOnce() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(.sway, lisgd: true)
  }

  func testPhocALeftEdgeLisgdBindingCancelsTheAppsTouchAndRunsOnce() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(.phoc, lisgd: true)
  }

  /// The patched phoc's system gestures from its phoc.ini (the lisgd test below: from the
  /// environment, as the loader's).
  func testPatchedPhocALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(
      .patchedPhoc, fromPhocIni: true)
  }

  func testPatchedPhocALeftEdgeLisgdBindingCancelsTheAppsTouchAndRunsOnce() throws {
    try assertALeftEdgeSystemGestureCancelsTheAppsTouchAndRunsItsBinding(.patchedPhoc, lisgd: true)
  }

  /// An app deferring the left edge (`--defer-system-edges left`, applied at its
  /// wl_surface.commit through the loader's surface watch) gets the first swipe from it:
  /// its pan begins and ends, its touch ends with up, and no binding runs.
  private func assertAnAppDeferringTheLeftEdgeGetsTheFirstSwipe(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    let (config, output) = try leftEdgeConfig()
    let compositorSession = try start(compositor, systemGestures: config)
    let session = compositorSession.session
    let client = try compositorSession.startDemoClient(
      [
        "--recognizer", "pan", "--cancels-touches-in-view", "false", "--print-failed",
        "--defer-system-edges", "left",
      ], name: "deferring")
    try compositorSession.play("edge-pan.yml")
    try session.waitFor("the client's pan to end", timeoutSeconds: 30) {
      client.gestures.contains { $0["state"] as? String == "ended" }
    }
    try client.sync(in: session)
    XCTAssertEqual(states(client), ["began", "ended"], client.text)
    let touches = client.events.filter { $0.hasPrefix("touch-") }
    XCTAssertEqual(touches.first, "touch-down", client.text)
    XCTAssertEqual(touches.last, "touch-up", client.text)
    XCTAssertFalse(touches.contains("touch-cancel"), client.text)
    usleep(500_000)
    XCTAssertEqual(
      (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", "",
      "no system gesture command may run")
    XCTAssertFalse(session.log.contains("system gesture left"), session.report)
  }

  func testPhocAnAppDeferringTheLeftEdgeGetsTheFirstSwipe() throws {
    try assertAnAppDeferringTheLeftEdgeGetsTheFirstSwipe(.phoc)
  }

  func testSwayAnAppDeferringTheLeftEdgeGetsTheFirstSwipe() throws {
    try assertAnAppDeferringTheLeftEdgeGetsTheFirstSwipe(.sway)
  }

  func testPatchedPhocAnAppDeferringTheLeftEdgeGetsTheFirstSwipe() throws {
    try assertAnAppDeferringTheLeftEdgeGetsTheFirstSwipe(.patchedPhoc)
  }

  /// A system-gesture config that is not JSON: the loader says why (the file, line and
  /// column) and the compositor serves on, the clients' recognizers working.
  func testPhocWithAnInvalidSystemConfigSaysWhyAndServes() throws {
    let (config, _) = try leftEdgeConfig()
    try "{\"screen\": oops".write(toFile: config, atomically: true, encoding: .utf8)
    let (compositorSession, client, expected) = try playToOneClient(
      .phoc, "tap.yml", recognizers: #"{"name": "tap", "type": "tap"}"#,
      arguments: ["--recognizer", "tap"], systemGestures: config)
    let log = compositorSession.log
    XCTAssertTrue(
      log.contains("gesture-bridge-wlroots: system gestures not loaded: \(config):1:"), log)
    XCTAssertFalse(log.contains("system gestures: 1 recognizer"), log)
    WlrootsKioskEndToEndTests.assertMatches(client.gestures, expected, report: log)
  }
}
