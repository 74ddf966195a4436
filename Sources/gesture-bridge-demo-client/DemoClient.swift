// SPDX-License-Identifier: MIT
import ArgumentParser
import CWaylandClient
import CWaylandProtocols
import GestureBridgeClient
import Glibc

/// `gesture-bridge-demo-client`: maps a window on `$WAYLAND_DISPLAY`, attaches compositor
/// gesture recognizers to it and prints every gesture as a JSON line (the schema of
/// `gesture-bridge replay --format json`).
@main
struct DemoClient: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gesture-bridge-demo-client",
    abstract: "Map a window and print the gestures the compositor recognizes on it.",
    discussion: """
      Connects to $WAYLAND_DISPLAY, maps an xdg-shell toplevel of a fixed size and attaches the \
      chosen recognizers through gesture_bridge_manager_v1 (tap requires double-tap to fail; \
      pinch and rotation recognize simultaneously; swipe accepts every direction; a \
      screen-edge pan every edge), with the delivery properties given. The recognizers are \
      committed only after the window is mapped and presented (its first frame callback done) \
      and the seats' wl_touch objects exist, so a compositor that waits for a committed \
      recognizer can start input at once. Prints one \
      JSON line per state change on stdout (failed ones only with --print-failed), and the \
      wl_touch events with --print-touches. On SIGUSR1 it makes a roundtrip and prints \
      {"event":"synced"}: every event the compositor sent before is printed above it. Exit codes: 0 after SIGINT/SIGTERM, --exit-after, a \
      close request or the compositor closing the connection; 1 if the compositor lacks a \
      needed global, ends the connection with a protocol error, or on any other failure.
      """)

  @Option(
    name: .customLong("recognizer"),
    help: ArgumentHelp(
      "A recognizer to attach (repeatable; default: tap, double-tap, long-press, pan, pinch, rotation, swipe).",
      valueName: DemoRecognizer.allValueStrings.joined(separator: "|")))
  var recognizers: [DemoRecognizer] = []

  @Option(help: "Exit with code 0 after printing this many gestures.")
  var exitAfter: Int?

  @Flag(
    help: """
      Also print the wl_touch events the window receives (touch-down, touch-motion, touch-up, \
      touch-cancel, and {"event":"frame"} for wl_touch.frame).
      """)
  var printTouches = false

  @Flag(
    help: """
      Bind wl_data_device_manager and print the drag-and-drop events of the seats' data \
      devices (drag-enter, drag-motion, drag-leave, drag-drop; offers accepted as text/plain, \
      copy).
      """)
  var dataDevice = false

  @Flag(
    help: """
      At the first wl_touch.down, start a touch drag-and-drop (wl_data_device.start_drag with \
      a text/plain source, the window as origin and that down's serial) and print \
      {"event":"drag-started","serial":N} and the source's events (drag-source-...). Implies \
      --data-device and --print-touches.
      """)
  var dragOnTouchDown = false

  @Flag(
    help: """
      At the first wl_touch.up, open a 100x100 xdg_popup with a grab (xdg_popup.grab with the \
      serial of the last wl_touch.down) and print {"event":"popup-grabbed"}; destroy it at the \
      next wl_touch.up ({"event":"popup-destroyed"}); {"event":"popup-done"} when the \
      compositor dismisses it. Implies --print-touches.
      """)
  var popupOnTouchUp = false

  @Flag(
    help: """
      Do not bind gesture_bridge_manager_v1: a plain wl_touch client with no recognizers \
      (with --print-touches, to watch what a client that never bound the protocol gets).
      """)
  var noGestureBridge = false

  @Flag(help: "Also print failed state changes.")
  var printFailed = false

  @Option(help: "Window width in surface-local pixels.")
  var width: Int32 = 800

  @Option(help: "Window height in surface-local pixels.")
  var height: Int32 = 600

  @Option(help: "Window title.")
  var title = "GestureBridge demo"

  @Option(help: "Window colour as RRGGBB hex.")
  var colour = "2E6F9E"

  @Option(help: "Time limit for each roundtrip to the compositor, in milliseconds.")
  var timeoutMilliseconds = 5_000

  @Option(
    help: ArgumentHelp(
      "Set cancelsTouchesInView on every recognizer (protocol default: true).",
      valueName: "true|false"))
  var cancelsTouchesInView: Bool?

  @Option(
    help: ArgumentHelp(
      "Set delaysTouchesBegan on every recognizer (protocol default: false).",
      valueName: "true|false"))
  var delaysTouchesBegan: Bool?

  @Option(
    help: ArgumentHelp(
      "Set delaysTouchesEnded on every recognizer (protocol default: true).",
      valueName: "true|false"))
  var delaysTouchesEnded: Bool?

  @Option(
    help:
      "The window's xdg_toplevel app id (kiosk-shell's [output] app-ids= places windows by it).")
  var appID = "gesture-bridge-demo-client"

  @Flag(
    help: """
      Print {"event":"ready"} once the window is mapped, the touch objects exist and the \
      recognizers are committed, all confirmed by a roundtrip.
      """)
  var printReady = false

  @Option(
    help: """
      Destroy the window (its wl_surface) after printing this many gestures, print \
      {"event":"window-destroyed"} after a roundtrip, and keep running.
      """)
  var destroyWindowAfter: Int?

  @Option(
    name: .customLong("exclude-system-gestures"),
    help: ArgumentHelp(
      """
      Exclude a rectangle of the window (surface-local, W and H at least 1) from the \
      compositor's system gestures: touches going down there reach none (repeatable; \
      gesture_bridge_system_gesture_surface_v1, version 2 of the global; capped by the \
      compositor near the screen edges).
      """, valueName: "X,Y,W,H"))
  var systemGestureExclusions: [String] = []

  @Option(
    name: .customLong("defer-system-edges"),
    help: ArgumentHelp(
      """
      Defer screen edges to the window: the first edge swipe there comes to the window, a \
      second one right after goes to the compositor (version 2 of the global).
      """, valueName: "top,left,bottom,right"))
  var deferredSystemEdges: String?

  /// The parsed `--exclude-system-gestures` rectangles (x, y, width, height).
  var exclusionRectangles: [(Int32, Int32, Int32, Int32)] {
    systemGestureExclusions.compactMap(Self.rectangle)
  }

  /// The parsed `--defer-system-edges`.
  var deferredEdges: ScreenEdges { deferredSystemEdges.flatMap(Self.edges) ?? [] }

  static func rectangle(_ text: String) -> (Int32, Int32, Int32, Int32)? {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int32($0) }
    guard values.count == 4, let x = values[0], let y = values[1], let width = values[2],
      let height = values[3], width > 0, height > 0
    else { return nil }
    return (x, y, width, height)
  }

  static func edges(_ text: String) -> ScreenEdges? {
    var edges: ScreenEdges = []
    for name in text.split(separator: ",") {
      switch name {
      case "top": edges.insert(.top)
      case "left": edges.insert(.left)
      case "bottom": edges.insert(.bottom)
      case "right": edges.insert(.right)
      default: return nil
      }
    }
    return edges.isEmpty ? nil : edges
  }

  func validate() throws {
    for text in systemGestureExclusions where Self.rectangle(text) == nil {
      throw ValidationError(
        "--exclude-system-gestures must be X,Y,W,H (integers, W and H at least 1), got \(text)")
    }
    if let deferredSystemEdges, Self.edges(deferredSystemEdges) == nil {
      throw ValidationError(
        "--defer-system-edges must be a comma-separated list of top, left, bottom, right, got "
          + deferredSystemEdges)
    }
    if noGestureBridge, !systemGestureExclusions.isEmpty || deferredSystemEdges != nil {
      throw ValidationError(
        "--exclude-system-gestures and --defer-system-edges need the gesture bridge "
          + "(not --no-gesture-bridge)")
    }
    guard (1...8192).contains(width), (1...8192).contains(height) else {
      throw ValidationError("--width and --height must be within 1...8192")
    }
    guard UInt32(colour, radix: 16) != nil, colour.count == 6 else {
      throw ValidationError("--colour must be six hex digits (RRGGBB), got \(colour)")
    }
    if let exitAfter, exitAfter < 1 {
      throw ValidationError("--exit-after must be at least 1, got \(exitAfter)")
    }
    if let destroyWindowAfter, destroyWindowAfter < 1 {
      throw ValidationError("--destroy-window-after must be at least 1, got \(destroyWindowAfter)")
    }
    if appID.isEmpty { throw ValidationError("--app-id must not be empty") }
  }

  func run() throws {
    let code = DemoSession(options: self).run()
    if code != 0 { throw ExitCode(code) }
  }
}
