// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureReplay
import GestureScene
import Glibc
import LibinputInput
import SignalPipe
import TouchInput

/// `gesture-bridge watch [--seat NAME | --device PATH...] [--scene FILE] [--format text|json]
/// [--screen WxH] [--trace FILE]`: live gesture recognition on libinput touchscreens.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Recognize gestures live on the touchscreens of a seat or on given device nodes.",
    discussion: """
      Like `libinput debug-events`, but prints gestures: reads the touchscreens through \
      libinput (all touchscreens of the seat, default seat0, including ones plugged in \
      later; or exactly the --device nodes), runs the touches through the scene's \
      recognizers in real time and prints one line per recognizer state change, as \
      `replay` does. Times are seconds since `watch` started. Devices added or removed are \
      logged on stderr; a device removed with fingers down has its touches cancelled. \
      SIGINT (Ctrl+C) or SIGTERM stops it (exit status 0).

      With --trace FILE, the session is drawn as an SVG picture in FILE (the same picture \
      as `replay --svg`, times in milliseconds since `watch` started): written at start, \
      rewritten about once a second while there is something new, and a last time when \
      `watch` stops. Each rewrite replaces the file whole, so a viewer that reloads it never \
      sees half a picture.

      Permissions: reading /dev/input/event* needs read access to the node. The nodes \
      normally belong to group `input` (mode 0660): add yourself to it with \
      `sudo usermod -aG input $USER`, then log out and log in again (group membership is \
      read at login); or run as root, or with CAP_DAC_OVERRIDE. When a node cannot be \
      opened, `watch` says which group or capability is missing and exits with status 1.
      """)

  @OptionGroup var input: InputSourceOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A scene file (JSON); without it the default scene is used.", valueName: "file"))
  var scene: String?

  @Option(
    name: .long,
    help: "Output format: `text` (one readable line per gesture) or `json` (JSON Lines).")
  var format: ReplayCommand.Format = .text

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The screen size touches are mapped onto, in pixels (default: the scene's screen).",
      valueName: "WxH"))
  var screen: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Keep an SVG picture of the session (finger paths, recognizer timeline) in this file, "
        + "rewritten about once a second and on exit.", valueName: "file"))
  var trace: String?

  func validate() throws {
    if let screen, Self.parseScreen(screen) == nil {
      throw ValidationError("--screen must be WIDTHxHEIGHT in pixels, e.g. 1920x1080.")
    }
  }

  static func parseScreen(_ text: String) -> ScreenSize? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      width > 0, height > 0
    else { return nil }
    return ScreenSize(width: width, height: height)
  }

  func run() throws {
    let description = try SceneFile.load(scene)
    let size =
      screen.flatMap(Self.parseScreen)
      ?? ScreenSize(width: description.screenWidth, height: description.screenHeight)
    let backend = input.backend
    guard let stop = SignalPipe.install([SIGINT, SIGTERM])?.readDescriptor else {
      throw InputFailure(message: "cannot create the signal pipe")
    }
    let json = format == .json
    do {
      let source = try LibinputTouchSource(
        backend: backend, screenSize: size, logger: StandardErrorLog.logger(level: .warning))
      source.rotation = input.rotation
      if case .udev(let name) = backend {
        writeError("watching seat \(name); Ctrl+C stops\n")
      }
      let watcher = LibinputWatcher(source: source, scene: description)
      let traceFile = try trace.map { path in
        try LiveTraceFile(
          path: path, scene: description,
          title: "gesture-bridge watch " + input.summary)
      }
      if let traceFile {
        watcher.touchFrames = { traceFile.record($0) }
        watcher.failures = { traceFile.record($0) }
        traceFile.startPeriodicWrites()
      }
      // The last picture is written also when watching stops on an error (that error is then
      // the one reported).
      var watchError: (any Error)?
      do {
        try watcher.run(
          stopDescriptor: stop,
          report: { report in
            traceFile?.record(report)
            writeAll(Array(((json ? report.jsonLine : report.textLine) + "\n").utf8), to: 1)
          },
          device: { event in
            switch event {
            case .deviceAdded(let info):
              writeError("device added: \(info.node) \"\(info.name)\" (seat \(info.seat))\n")
            case .deviceRemoved(let info):
              writeError("device removed: \(info.node) \"\(info.name)\"\n")
            case .touch:
              break
            }
          })
      } catch {
        watchError = error
      }
      try traceFile?.finish(periodicWritesStarted: true)
      if let watchError { throw watchError }
    } catch let error as LibinputError {
      throw InputFailure(message: error.description)
    }
  }
}
