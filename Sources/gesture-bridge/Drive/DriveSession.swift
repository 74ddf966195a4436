// SPDX-License-Identifier: MIT
import DriveLog
import Foundation
import Glibc
import SignalPipe

/// One `gesture-bridge drive` run: a private directory (0700) with the runtime directory,
/// weston.ini, playlist, weston's log, APP's output and the test seat's event log; headless
/// weston 10 (pixman, kiosk-shell) with the main module and the test seat; APP with
/// WAYLAND_DISPLAY on that weston. Every wait is bounded and ends early when a process dies.
/// `run()` returns APP's exit status or throws a `DriveFailure`; `finish()` stops what is
/// still running (by pid) and removes the directory.
final class DriveSession {
  struct Settings {
    var items: [(kind: String, path: String)]
    var width: Int
    var height: Int
    var fit: String
    var systemGestures: String?
    var screenshotDirectory: String?
    var timeoutSeconds: Double
    var app: [String]
    /// Committed gesture-bridge-v1 recognizers to wait for before the first item.
    var recognizers: Int
    var modules: DriveModules
    var quiet: Bool
  }

  /// How long APP gets to end after its windows were asked to close (xdg_toplevel.close)
  /// before SIGTERM, and after SIGTERM before SIGKILL.
  static let closeSeconds = 3.0
  static let graceSeconds = 5.0
  static let socketName = "wayland-drive"

  let settings: Settings
  let directory: String
  let eventLog: DriveEventLog
  private(set) var summary = DriveSummary()
  private var weston: Process?
  private var app: Process?
  private var appOutputPath: String { directory + "/app.out" }
  private var westonLogPath: String { directory + "/weston.log" }
  /// How APP ended (`exited 0`, `killed by signal 11`), once it has.
  private(set) var appStatus = "not started"
  /// SIGINT, SIGTERM and SIGHUP end the run like a failure: APP and weston are stopped.
  private let signals: SignalPipe?

  init(settings: Settings) throws(DriveFailure) {
    self.settings = settings
    let base =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/gesture-bridge-drive.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw DriveFailure(
        kind: .compositor,
        message: "cannot create a directory in \(base): \(String(cString: strerror(errno)))")
    }
    directory = String(cString: made)
    eventLog = DriveEventLog(path: directory + "/events.jsonl")
    signals = SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
  }

  /// Starts weston and APP, waits for the playlist to be done, closes APP; APP's exit status.
  func run() throws(DriveFailure) -> Int32 {
    try startWeston()
    try startApp()
    try waitForDone()
    return closeApp()
  }

  // MARK: weston

  private func startWeston() throws(DriveFailure) {
    let runtime = directory + "/runtime"
    mkdir(runtime, 0o700)
    let playlist = settings.items.map { "\($0.kind) \($0.path)" }.joined(separator: "\n") + "\n"
    var keys = [
      "playlist=\(directory)/playlist", "event-log=\(eventLog.path)", "fit=\(settings.fit)",
      "recording-start-recognizers=\(settings.recognizers)", "close-windows=true",
    ]
    if let shots = settings.screenshotDirectory { keys.append("screenshot-dir=\(shots)") }
    if let config = settings.systemGestures { keys.append("system-gestures=\(config)") }
    let ini = "[gesture-bridge]\n" + keys.joined(separator: "\n") + "\n"
    do {
      try playlist.write(toFile: directory + "/playlist", atomically: true, encoding: .utf8)
      try ini.write(toFile: directory + "/weston.ini", atomically: true, encoding: .utf8)
    } catch {
      throw DriveFailure(kind: .compositor, message: "cannot write in \(directory): \(error)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.westonPath)
    process.arguments = [
      "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
      "--socket=\(Self.socketName)",
      "--modules=\(settings.modules.main),\(settings.modules.testSeat)",
      "--config=\(directory)/weston.ini", "--log=\(westonLogPath)", "--width=\(settings.width)",
      "--height=\(settings.height)", "--idle-time=0",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtime
    for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"] { environment[name] = nil }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    do {
      try process.run()
    } catch {
      throw DriveFailure(kind: .compositor, message: "cannot start \(Self.westonPath): \(error)")
    }
    weston = process
    progress(
      "weston \(process.processIdentifier) starting headless (\(settings.width)x\(settings.height), socket \(runtime)/\(Self.socketName))"
    )
    let ready = try waitForWeston(seconds: settings.timeoutSeconds) {
      FileManager.default.fileExists(atPath: runtime + "/" + Self.socketName)
        && self.westonLog.contains("gesture-bridge-weston-test-seat: test seat ready")
    }
    guard ready else {
      throw DriveFailure(
        kind: .compositor,
        message: "weston did not start with the modules within \(Int(settings.timeoutSeconds)) s",
        details: westonLogTail)
    }
    // The options' and the playlist's problems are in weston's log before "ready".
    for line in westonLog.split(separator: "\n") where line.contains("error") {
      guard let start = line.range(of: "gesture-bridge-weston") else { continue }
      progress("weston: " + line[start.lowerBound...])
    }
  }

  static var westonPath: String {
    ["/usr/bin/weston", "/usr/local/bin/weston"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? "weston"
  }

  private var westonLog: String {
    (try? String(contentsOfFile: westonLogPath, encoding: .utf8)) ?? ""
  }

  private var westonLogTail: [String] {
    westonLog.split(separator: "\n").suffix(12).map { "weston: \($0)" }
  }

  // MARK: APP

  /// The toolkit variables for a GPU-less Wayland session, each unless the caller set it.
  static let toolkitDefaults = [
    ("GDK_BACKEND", "wayland"), ("GSK_RENDERER", "cairo"), ("GTK_A11Y", "none"),
    ("QT_QPA_PLATFORM", "wayland"), ("QT_QUICK_BACKEND", "software"),
    ("SDL_VIDEODRIVER", "wayland"),
  ]

  private func startApp() throws(DriveFailure) {
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in Self.toolkitDefaults where (environment[name] ?? "").isEmpty {
      environment[name] = value
    }
    environment["XDG_RUNTIME_DIR"] = directory + "/runtime"
    environment["WAYLAND_DISPLAY"] = Self.socketName
    for name in ["WAYLAND_SOCKET", "DISPLAY"] { environment[name] = nil }
    let process = Process()
    let command = settings.app[0]
    guard let executable = Self.findExecutable(command, path: environment["PATH"] ?? "") else {
      throw DriveFailure(kind: .cannotStartApp, message: "\(command): command not found")
    }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = Array(settings.app.dropFirst())
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: appOutputPath, contents: nil)
    let output = FileHandle(forWritingAtPath: appOutputPath)
    process.standardOutput = output
    process.standardError = output
    do {
      try process.run()
    } catch {
      throw DriveFailure(kind: .cannotStartApp, message: "cannot start \(executable): \(error)")
    }
    app = process
    progress("\(settings.app.joined(separator: " ")): pid \(process.processIdentifier)")
  }

  /// `name` if it has a slash, else the first executable `name` on `path`.
  static func findExecutable(_ name: String, path: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  private var appOutputTail: [String] {
    let text = (try? String(contentsOfFile: appOutputPath, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").suffix(10).map { "app: \($0)" }
    return lines.isEmpty ? ["app: (no output)"] : lines
  }

  private static func describe(_ process: Process) -> String {
    process.terminationReason == .uncaughtSignal
      ? "killed by signal \(process.terminationStatus)" : "exited \(process.terminationStatus)"
  }

  // MARK: Waiting for the playlist

  /// Follows the event log until `done`: APP must map a window within the timeout, each
  /// recording must finish within its length plus the timeout; APP or weston ending first is
  /// a failure.
  private func waitForDone() throws(DriveFailure) {
    let timeout = settings.timeoutSeconds
    var deadline = Date().addingTimeInterval(timeout)
    var mapped = false
    var playing: (path: String, seconds: Double, started: Date)?
    var lastProgress = Date()
    while true {
      for event in eventLog.readNew() {
        summary.add(event)
        let path = event.path ?? ""
        let name = URL(fileURLWithPath: path).lastPathComponent
        let size = "\(event.width.map(String.init) ?? "?")x\(event.height.map(String.init) ?? "?")"
        let at = "(\(DriveTextFormat.number(event.x)),\(DriveTextFormat.number(event.y)))"
        switch (event.type, event.event) {
        case (.window, _):
          mapped = true
          progress(
            "window mapped: \(size) at \(at) by client \(event.client.map(String.init) ?? "?")")
          deadline = Date().addingTimeInterval(timeout + 2 * 5.0)
        case (.recording, "playing"):
          let seconds = event.seconds ?? 0
          playing = (path, seconds, Date())
          deadline = Date().addingTimeInterval(seconds + timeout)
          progress(
            "playing \(name): \(event.frames.map(String.init) ?? "?") frames, "
              + "\(String(format: "%.2f", seconds)) s onto \(size) at \(at)")
        case (.recording, "finished"), (.touchScript, "finished"):
          playing = nil
          progress("\(name) played")
          deadline = Date().addingTimeInterval(timeout + 5.0)
        case (.touchScript, "playing"):
          progress("playing touch script \(name): \(event.events.map(String.init) ?? "?") events")
          deadline = Date().addingTimeInterval(timeout + 5.0)
        case (.screenshot, _):
          progress("screenshot \(path)")
          deadline = Date().addingTimeInterval(timeout + 5.0)
        case (.note, _), (.error, _):
          progress((event.type == .error ? "error: " : "") + (event.message ?? ""))
        case (.done, _):
          return
        default:
          break
        }
      }
      if let playing, Date().timeIntervalSince(lastProgress) >= 5, playing.seconds >= 10 {
        lastProgress = Date()
        let elapsed = Date().timeIntervalSince(playing.started)
        progress(
          String(
            format: "playing %@: %.0f s of %.0f s",
            URL(fileURLWithPath: playing.path).lastPathComponent,
            min(elapsed, playing.seconds), playing.seconds))
      }
      if let app, !app.isRunning {
        appStatus = Self.describe(app)
        throw DriveFailure(
          kind: .appEnded,
          message: "\(settings.app[0]) \(appStatus) "
            + (mapped ? "before the recordings were played" : "before mapping a window"),
          details: appOutputTail)
      }
      if let weston, !weston.isRunning {
        throw DriveFailure(
          kind: .compositor, message: "weston \(Self.describe(weston)) during the run",
          details: westonLogTail)
      }
      if !(signals?.drain().isEmpty ?? true) {
        throw DriveFailure(kind: .appEnded, message: "interrupted")
      }
      if Date() > deadline {
        if !mapped {
          throw DriveFailure(
            kind: .neverMapped,
            message: "\(settings.app[0]) mapped no window"
              + (settings.recognizers > 0
                ? " and committed \(settings.recognizers) recognizer(s)" : "")
              + " within \(Int(timeout)) s",
            details: appOutputTail)
        }
        throw DriveFailure(
          kind: .timeout,
          message: playing.map {
            "\($0.path) did not finish within its \(String(format: "%.2f", $0.seconds)) s plus \(Int(timeout)) s"
          }
            ?? "the test seat made no progress for \(Int(timeout)) s",
          details: westonLogTail)
      }
      usleep(20_000)
    }
  }

  /// Polls `condition` every 20 ms for at most `seconds`; false when time ran out, a
  /// `.compositor` failure when weston ended first.
  private func waitForWeston(
    seconds: Double, _ condition: () -> Bool
  ) throws(DriveFailure) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      if let weston, !weston.isRunning {
        throw DriveFailure(
          kind: .compositor, message: "weston \(Self.describe(weston)) at start",
          details: westonLogTail)
      }
      if !(signals?.drain().isEmpty ?? true) {
        throw DriveFailure(kind: .compositor, message: "interrupted")
      }
      usleep(20_000)
    }
    return false
  }

  // MARK: Ending

  /// The test seat has asked APP's windows to close (xdg_toplevel.close) with its `done`; APP
  /// gets `closeSeconds` to end, then SIGTERM, then SIGKILL after `graceSeconds`. APP's exit
  /// status (128 + N when a signal N ended it, 0 when that was drive's SIGTERM).
  private func closeApp() -> Int32 {
    guard let app else { return 0 }
    var sentSIGTERM = false
    if !waitForExit(app, seconds: Self.closeSeconds) {
      progress(
        "closing \(settings.app[0]) with SIGTERM: still running \(Int(Self.closeSeconds)) s "
          + "after its windows were asked to close")
      kill(app.processIdentifier, SIGTERM)
      sentSIGTERM = true
      if !waitForExit(app, seconds: Self.graceSeconds) {
        progress(
          "\(settings.app[0]) still running \(Int(Self.graceSeconds)) s after SIGTERM: SIGKILL")
        kill(app.processIdentifier, SIGKILL)
        _ = waitForExit(app, seconds: Self.graceSeconds)
      }
    }
    appStatus = Self.describe(app)
    if app.terminationReason == .uncaughtSignal {
      return app.terminationStatus == SIGTERM && sentSIGTERM ? 0 : 128 + app.terminationStatus
    }
    return app.terminationStatus
  }

  private func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    return !process.isRunning
  }

  /// Reads what is left of the event log, ends APP and weston (by pid) if still running, and
  /// removes the session's directory.
  func finish() {
    for event in eventLog.readNew() { summary.add(event) }
    for process in [app, weston].compactMap({ $0 }) where process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      if !waitForExit(process, seconds: Self.graceSeconds) {
        kill(process.processIdentifier, SIGKILL)
        _ = waitForExit(process, seconds: Self.graceSeconds)
      }
    }
    if let app, !app.isRunning, appStatus == "not started" { appStatus = Self.describe(app) }
    try? FileManager.default.removeItem(atPath: directory)
  }

  func progress(_ message: String) {
    guard !settings.quiet else { return }
    writeError("drive: \(message)\n")
  }
}
