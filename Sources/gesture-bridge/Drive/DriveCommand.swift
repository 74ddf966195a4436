// SPDX-License-Identifier: MIT
import ArgumentParser
import Foundation
import GestureReplay

/// `gesture-bridge drive [--recording FILE]... [--touch-script FILE]... [--output WxH]
/// [--fit output|window] [--system-gestures CONFIG] [--screenshot-dir DIR] [--log FILE]
/// [--format json|text] [--timeout S] -- APP [ARGS...]`: plays touchscreen recordings into an
/// unmodified Wayland app on a private headless weston (`DriveSession`).
struct DriveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drive",
    abstract: "Play touchscreen recordings into a Wayland app on a private headless weston.",
    discussion: """
      Starts headless weston 10 (pixman renderer, kiosk-shell) in a private runtime \
      directory with libgesture-bridge-weston.so and the test seat module, starts APP on it \
      with WAYLAND_DISPLAY set and GDK_BACKEND=wayland, GSK_RENDERER=cairo, GTK_A11Y=none, \
      QT_QPA_PLATFORM=wayland, QT_QUICK_BACKEND=software and SDL_VIDEODRIVER=wayland (each \
      only when not set already), waits until APP's window is mapped and painted (and, with \
      --recognizers N, until clients have committed N gesture-bridge-v1 recognizers) and APP \
      is idle, then plays each recording and touch script in the order given: recordings mapped \
      onto the output (or onto the window with --fit window), touch scripts in output \
      coordinates (window coordinates with --fit window). A recording whose first touch hits \
      no window plays anyway and the log says so. After each item, once APP is idle (no \
      surface commit for 400 ms, at most 5 s), a PNG of the output goes to --screenshot-dir \
      (00-before.png before the first item, then 01-NAME.png, ...). Then APP's windows are \
      asked to close (xdg_toplevel.close); APP gets SIGTERM if it still runs 3 s later, \
      SIGKILL 5 s after that, and drive exits with APP's status (0 when it ended on drive's \
      SIGTERM).

      The log (--log FILE) holds every wl_touch event each client received (down, motion, \
      up, frame, cancel with their times, ids and surface-local positions), every \
      gesture-bridge-v1 event, the windows, what was played, the screenshots and a summary: \
      JSON Lines, or one line per event with --format text. Progress goes to stderr.

      The test seat module is looked for at --test-seat-module, \
      $GESTURE_BRIDGE_TEST_SEAT_MODULE, ../lib/gesture-bridge/ beside this executable, then \
      this executable's directory; the main module at $GESTURE_BRIDGE_WESTON_MODULE, this \
      executable's directory, then weston's module directory.

      Exit status: APP's when everything played; 120 a recording or touch script cannot be \
      read; 121 APP mapped no window within --timeout; 122 APP exited or crashed before the \
      end (its status and the tail of its output follow); 123 weston or the modules failed; \
      124 a recording did not finish in its length plus --timeout; 127 APP cannot be \
      started; 1 the log or the screenshot directory cannot be written; 2 bad usage. See docs/app-testing.md.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case json, text
  }

  enum Fit: String, ExpressibleByArgument, CaseIterable {
    case output, window
  }

  @Option(
    name: .customLong("recording"),
    help: ArgumentHelp("A `libinput record` file to play (repeatable).", valueName: "file"))
  var recordings: [String] = []

  @Option(
    name: .customLong("touch-script"),
    help: ArgumentHelp(
      "A touch script to play after the recordings (repeatable): lines "
        + "`<ms> down|motion|up <id> [<x> <y>]`.", valueName: "file"))
  var touchScripts: [String] = []

  @Option(name: .long, help: ArgumentHelp("The output's size.", valueName: "WxH"))
  var output = "1024x640"

  @Option(name: .long, help: "Map recordings onto the output or onto APP's window.")
  var fit: Fit = .output

  @Option(
    name: .customLong("system-gestures"),
    help: ArgumentHelp("A system-gestures config for the bridge.", valueName: "config"))
  var systemGestures: String?

  @Option(
    name: .customLong("screenshot-dir"),
    help: ArgumentHelp("Write PNG screenshots here (created if missing).", valueName: "dir"))
  var screenshotDirectory: String?

  @Option(name: .long, help: ArgumentHelp("Write the log to this file.", valueName: "file"))
  var log: String?

  @Option(name: .long, help: "The log's format.")
  var format: Format = .json

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for weston and APP's window, and for each recording beyond its length.",
      valueName: "seconds"))
  var timeout: Double = 30

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Before the first item, also wait until clients have committed this many "
        + "gesture-bridge-v1 recognizers.", valueName: "n"))
  var recognizers = 0

  @Option(
    name: .customLong("test-seat-module"),
    help: ArgumentHelp("The test seat module to load.", valueName: "path"))
  var driveSeatModule: String?

  @Flag(name: .long, help: "No progress on stderr (errors are still printed).")
  var quiet = false

  @Argument(
    parsing: .postTerminator, help: ArgumentHelp("The app and its arguments.", valueName: "app"))
  var app: [String] = []

  func validate() throws {
    if app.isEmpty {
      throw ValidationError("Give the app to run after --: drive ... -- APP [ARGS...]")
    }
    if recordings.isEmpty && touchScripts.isEmpty {
      throw ValidationError("Give at least one --recording or --touch-script.")
    }
    guard outputSize != nil else {
      throw ValidationError(
        "--output must be WIDTHxHEIGHT with sizes from 64 to 8192, got '\(output)'.")
    }
    guard (0...10_000).contains(recognizers) else {
      throw ValidationError("--recognizers must be from 0 to 10000.")
    }
    guard timeout.isFinite, timeout > 0 else {
      throw ValidationError("--timeout must be a positive number of seconds.")
    }
  }

  private var outputSize: (width: Int, height: Int)? {
    let parts = output.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts.allSatisfy({ (64...8192).contains($0) }) else { return nil }
    return (parts[0], parts[1])
  }

  func run() throws {
    let status: Int32
    switch drive() {
    case .success(let appStatus): status = appStatus
    case .failure(let failure):
      writeError("drive: error: \(failure.message)\n")
      for line in failure.details { writeError("drive:   \(line)\n") }
      status = failure.kind.status
    }
    Foundation.exit(status)
  }

  private func drive() -> Result<Int32, DriveFailure> {
    let environment = ProcessInfo.processInfo.environment
    var items: [(kind: String, path: String)] = []
    do {
      items = try checkedItems()
      try checkWritable()
    } catch {
      return .failure(error)
    }
    let settings: DriveSession.Settings
    let session: DriveSession
    do {
      settings = DriveSession.Settings(
        items: items, width: outputSize?.width ?? 1024, height: outputSize?.height ?? 640,
        fit: fit.rawValue, systemGestures: systemGestures.map(Self.absolute),
        screenshotDirectory: screenshotDirectory.map(Self.absolute), timeoutSeconds: timeout,
        app: app, recognizers: recognizers,
        modules: try DriveModules(testSeatOption: driveSeatModule, environment: environment),
        quiet: quiet)
      session = try DriveSession(settings: settings)
    } catch {
      return .failure(error)
    }
    var result: Result<Int32, DriveFailure>
    do {
      result = .success(try session.run())
    } catch {
      result = .failure(error)
    }
    session.finish()
    let status: Int32
    var reason: String?
    switch result {
    case .success(let code): status = code
    case .failure(let failure):
      status = failure.kind.status
      reason = failure.message
    }
    let summary = session.summary
    for line in summary.clientLines { session.progress(line) }
    session.progress(
      "\(summary.itemsPlayed) of \(items.count) item(s) played, \(summary.screenshots.count) "
        + "screenshot(s); app \(session.appStatus); exit status \(status)")
    if let log {
      do {
        try writeLog(session, to: log, status: status, reason: reason)
      } catch {
        let message = (error as? InputFailure)?.message ?? "cannot write the log \(log): \(error)"
        writeError("drive: error: \(message)\n")
        return result.flatMap { _ in .success(DriveFailure.Kind.cannotWrite.status) }
      }
    }
    return result
  }

  /// Fails early (before weston starts) when the log's directory is not writable or the
  /// screenshot directory cannot be made.
  private func checkWritable() throws(DriveFailure) {
    if let log {
      let directory = URL(fileURLWithPath: Self.absolute(log)).deletingLastPathComponent().path
      guard FileManager.default.isWritableFile(atPath: directory) else {
        throw DriveFailure(
          kind: .cannotWrite, message: "cannot write the log \(log): \(directory) is not writable")
      }
    }
    if let screenshotDirectory {
      // mkdir -p, with the system's reason when a part cannot be made.
      var path = screenshotDirectory.hasPrefix("/") ? "" : "."
      for part in screenshotDirectory.split(separator: "/") {
        path += "/" + part
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
          throw DriveFailure(
            kind: .cannotWrite,
            message: "cannot create the screenshot directory \(screenshotDirectory): \(path): "
              + String(cString: strerror(errno)))
        }
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue, access(path, W_OK) == 0
      else {
        throw DriveFailure(
          kind: .cannotWrite,
          message: "cannot create the screenshot directory \(screenshotDirectory): "
            + "it is not a writable directory")
      }
    }
  }

  /// The recordings (checked with the replay's reader) and touch scripts, absolute.
  private func checkedItems() throws(DriveFailure) -> [(kind: String, path: String)] {
    var items: [(kind: String, path: String)] = []
    for path in recordings {
      do {
        try RecordingTouchEvents.check(path: path) { _ in }
      } catch {
        throw DriveFailure(kind: .unreadableInput, message: error.description)
      }
      items.append(("recording", Self.absolute(path)))
    }
    for path in touchScripts {
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw DriveFailure(kind: .unreadableInput, message: "\(path): cannot read the touch script")
      }
      items.append(("touch-script", Self.absolute(path)))
    }
    return items
  }

  private func writeLog(_ session: DriveSession, to path: String, status: Int32, reason: String?)
    throws
  {
    let summary = session.summary.json(
      status: status, appStatus: session.appStatus, reason: reason)
    var text = ""
    switch format {
    case .json:
      text = session.eventLog.lines.map { $0 + "\n" }.joined() + summary + "\n"
    case .text:
      text = session.eventLog.events.map { DriveTextFormat.line($0) + "\n" }.joined()
      text += session.summary.clientLines.map { "summary: \($0)\n" }.joined()
      text +=
        "summary: \(session.summary.itemsPlayed) item(s) played, "
        + "\(session.summary.firstTouchMisses) first touch(es) on no window, "
        + "\(session.summary.screenshots.count) screenshot(s), app \(session.appStatus), "
        + "exit status \(status)" + (reason.map { ": \($0)" } ?? "") + "\n"
    }
    try TextFile.write(text, to: path)
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
