// SPDX-License-Identifier: MIT
import CGestureBridge
import CWaylandServer
import Foundation
import GestureBridgeServer
import TouchInput
import XCTest

/// The C ABI's system gestures (gesture_bridge.h): loading and replacing a config, the
/// error message a bad one gives (the caller owns it), the host's typed callback and the
/// bindings' commands, on a bridge fed through `gb_bridge_touch_*` over no surface.
final class SystemGestureCABITests: XCTestCase {
  private final class Recorder {
    var gestures: [(name: String, state: gb_system_gesture_state, value: gb_system_gesture)] = []
  }

  private var display: OpaquePointer!
  private var bridge: OpaquePointer!
  private var directory = ""
  private let recorder = Recorder()

  override func setUpWithError() throws {
    display = wl_display_create()
    var callbacks = gb_host_callbacks(
      pick_surface: { _, _, _, _ in false }, region_rectangles: nil, surface_accepts_touch: nil,
      deliver: { _, _ in }, hold: nil, cancel: { _, _, _ in }, frame: { _, _ in })
    bridge = gb_bridge_create(display, &callbacks, nil)
    XCTAssertNotNil(bridge)
    gb_bridge_set_screen(bridge, 0, 0, 1000, 800)
    var system = gb_system_callbacks(
      gesture: { data, gesture in
        guard let data, let gesture else { return }
        let recorder = Unmanaged<Recorder>.fromOpaque(data).takeUnretainedValue()
        recorder.gestures.append(
          (String(cString: gesture.pointee.recognizer), gesture.pointee.state, gesture.pointee))
      }, log: nil, command_started: nil, max_commands: 0)
    gb_bridge_set_system_callbacks(bridge, &system, Unmanaged.passUnretained(recorder).toOpaque())
    directory =
      NSTemporaryDirectory() + "gb-system-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    gb_bridge_destroy(bridge)
    wl_display_destroy(display)
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func write(_ name: String, _ text: String) throws -> String {
    let path = directory + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func config(bindings: String) -> String {
    """
    {"screen": {"width": 1000, "height": 800},
     "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
       {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]},
       {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3, "direction": ["left"]}]}],
     "bindings": \(bindings)}
    """
  }

  /// Loads `path`; returns nil on success, else the message (freed here, as a host must).
  private func load(_ path: String) -> String? {
    var message: UnsafeMutablePointer<CChar>?
    let loaded = gb_bridge_load_system_gestures(bridge, path, &message)
    defer { gb_string_free(message) }
    if loaded {
      XCTAssertNil(message)
      return nil
    }
    return message.map { String(cString: $0) } ?? "(no message)"
  }

  func testABadConfigKeepsTheOneInUseAndSaysWhatIsWrong() throws {
    let good = try write("good.json", config(bindings: "[]"))
    XCTAssertNil(load(good))
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 2)

    let bad = try write(
      "bad.json",
      config(bindings: #"[{"recognizer": "swipe3", "state": "began", "command": "true"}]"#))
    XCTAssertEqual(
      load(bad), "\(bad): bindings[0].state: a swipe recognizer reports recognized; got \"began\"")
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 2, "the good config stays in use")
    XCTAssertEqual(
      load(directory + "/missing.json"),
      "\(directory)/missing.json: cannot read the file: No such file or directory")
    let syntax = try write("syntax.json", "{\"screen\": }")
    XCTAssertEqual(
      load(syntax), "\(syntax):1:12: invalid JSON: unexpected '}', expected a value")
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 2)

    let smaller = try write(
      "smaller.json",
      """
      {"screen": {"width": 1000, "height": 800},
       "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
         {"name": "tap", "type": "tap"}]}], "bindings": []}
      """)
    XCTAssertNil(load(smaller))
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 1, "replaced")
    gb_bridge_unload_system_gestures(bridge)
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 0)
  }

  /// Waits (at most 60 s: a bound for a hung test, not a timing) until the file at `path` has
  /// `count` lines, then a little longer (a command run twice would show), and returns them.
  private func lines(of path: String, count: Int) -> [String] {
    let deadline = Date().addingTimeInterval(60)
    func read() -> [String] {
      ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
    while read().count < count && Date() < deadline { usleep(10_000) }
    usleep(100_000)
    return read()
  }

  func testReplacingTheConfigMidGestureCancelsItWithTheOldBindingsAndNothingStaysDown() throws {
    let output = directory + "/ran"
    let old = try write(
      "old.json",
      config(
        bindings: """
          [{"recognizer": "bottom", "state": "cancelled",
            "command": "echo \\"old $GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"},
           {"recognizer": "bottom", "state": "ended",
            "command": "echo \\"old $GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]
          """))
    let new = try write(
      "new.json",
      config(
        bindings: """
          [{"recognizer": "bottom", "state": "ended",
            "command": "echo \\"new $GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]
          """))
    XCTAssertNil(load(old))
    var time = UInt64(MonotonicTime.nowMicroseconds())
    func swipe(_ id: Int32, lift: Bool) {
      gb_bridge_touch_down(bridge, time, id, 500, 795)
      gb_bridge_touch_frame(bridge)
      for step in 1...4 {
        time += 10_000
        gb_bridge_touch_motion(bridge, time, id, 500, 795 - Double(step) * 30)
        gb_bridge_touch_frame(bridge)
      }
      if lift {
        gb_bridge_touch_up(bridge, time, id)
        gb_bridge_touch_frame(bridge)
      }
    }
    swipe(1, lift: false)
    XCTAssertEqual(recorder.gestures.first?.state, GB_SYSTEM_GESTURE_BEGAN)
    XCTAssertNil(load(new), "replaced while the finger is down")
    XCTAssertEqual(recorder.gestures.last?.state, GB_SYSTEM_GESTURE_CANCELLED)
    // Binding commands start in the order of their gestures and then run side by side: what
    // two of them append to one file comes in either order (docs/daemon.md, "How commands
    // run"). So the old binding's command is waited for before the next gesture, and from
    // then on the order of the lines is the order of the gestures.
    XCTAssertEqual(lines(of: output, count: 1), ["old bottom cancelled"])
    let before = recorder.gestures.count
    time += 10_000
    gb_bridge_touch_motion(bridge, time, 1, 500, 600)
    gb_bridge_touch_frame(bridge)
    gb_bridge_touch_up(bridge, time, 1)
    gb_bridge_touch_frame(bridge)
    XCTAssertEqual(recorder.gestures.count, before, "the old finger reaches no new recognizer")
    swipe(2, lift: true)
    XCTAssertEqual(recorder.gestures.last?.state, GB_SYSTEM_GESTURE_ENDED)
    XCTAssertEqual(lines(of: output, count: 2), ["old bottom cancelled", "new bottom ended"])
  }

  func testTheHostGetsTypedValuesAndTheBindingRunsOnceWithTheDaemonsEnvironment() throws {
    let output = directory + "/ran"
    let path = try write(
      "system.json",
      config(
        bindings: """
          [{"recognizer": "bottom", "state": "ended", "description": "overview",
            "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE $GESTURE_TYPE $GESTURE_VIEW\\" >> \(output)"}]
          """))
    XCTAssertNil(load(path))
    var time = UInt64(MonotonicTime.nowMicroseconds())
    gb_bridge_touch_down(bridge, time, 1, 500, 795)
    gb_bridge_touch_frame(bridge)
    for step in 1...8 {
      time += 10_000
      gb_bridge_touch_motion(bridge, time, 1, 500, 795 - Double(step) * 30)
      gb_bridge_touch_frame(bridge)
    }
    gb_bridge_touch_up(bridge, time, 1)
    gb_bridge_touch_frame(bridge)

    let states = recorder.gestures.map(\.state)
    XCTAssertEqual(states.first, GB_SYSTEM_GESTURE_BEGAN)
    XCTAssertEqual(states.last, GB_SYSTEM_GESTURE_ENDED)
    XCTAssertTrue(states.dropFirst().dropLast().allSatisfy { $0 == GB_SYSTEM_GESTURE_CHANGED })
    XCTAssertEqual(Set(recorder.gestures.map(\.name)), ["bottom"])
    guard let ended = recorder.gestures.last?.value else { return XCTFail() }
    XCTAssertEqual(ended.time_usec, time)
    XCTAssertEqual(ended.x, 500, accuracy: 0.001)
    XCTAssertEqual(ended.translation_x, 0, accuracy: 0.001)
    XCTAssertLessThan(ended.translation_y, -200, "moved up")
    XCTAssertLessThan(ended.velocity_y, -1000, "3,000 px/s up")
    XCTAssertEqual(ended.scale, 1)

    let deadline = Date().addingTimeInterval(60)
    var text = ""
    while Date() < deadline {
      text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      if !text.isEmpty { break }
      usleep(10_000)
    }
    usleep(100_000)
    text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    XCTAssertEqual(text, "bottom ended screen-edge-pan screen\n", "the command ran once")
  }
  /// A config with only lisgd bindings (`"lisgd"`, no views): the host's callback hears
  /// `lisgd` begin and end, and the bound command runs once.
  func testLisgdBindingsRunTheirCommandOnceAndTheHostHearsThem() throws {
    let output = directory + "/ran"
    let path = try write(
      "lisgd.json",
      """
      {"screen": {"width": 1000, "height": 800}, "views": [], "bindings": [],
       "lisgd": ["-t", "100", "-g", "1,DU,B,*,R,echo \\"up $GESTURE_STATE\\" >> \(output)"]}
      """)
    XCTAssertNil(load(path))
    XCTAssertEqual(gb_bridge_system_recognizer_count(bridge), 1)
    var time = UInt64(MonotonicTime.nowMicroseconds())
    gb_bridge_touch_down(bridge, time, 1, 500, 795)
    gb_bridge_touch_frame(bridge)
    for step in 1...8 {
      time += 10_000
      gb_bridge_touch_motion(bridge, time, 1, 500, 795 - Double(step) * 30)
      gb_bridge_touch_frame(bridge)
    }
    gb_bridge_touch_up(bridge, time, 1)
    gb_bridge_touch_frame(bridge)
    XCTAssertEqual(Set(recorder.gestures.map(\.name)), ["lisgd"])
    XCTAssertEqual(
      recorder.gestures.map(\.state), [GB_SYSTEM_GESTURE_BEGAN, GB_SYSTEM_GESTURE_ENDED])
    XCTAssertEqual(recorder.gestures.last?.value.touches, 1)
    XCTAssertEqual(lines(of: output, count: 1), ["up "], "once, without GESTURE_ variables")
  }
}
