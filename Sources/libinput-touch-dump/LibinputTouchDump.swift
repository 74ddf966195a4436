// SPDX-License-Identifier: MIT
import ArgumentParser
import LibinputInput
import Logging
import MockedDevice
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `libinput-touch-dump`: prints the raw touch events real libinput reports, as JSON Lines.
@main
struct LibinputTouchDump: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "libinput-touch-dump",
    abstract: "Print libinput's raw touch events (and device added/removed) as JSON Lines.",
    discussion: """
      Live: --seat NAME (udev backend, default seat0) or --device PATH (path backend).
      Mocked: --replay-mocked FILE.replay.json creates umockdev-mocked devices from the file,
      feeds them its evdev events and prints what real libinput makes of them. The process
      re-executes itself with LD_PRELOAD=libumockdev-preload.so.0:libUmockdevPreloadFix.so.
      Exit status 1 on any error (e.g. a device node that cannot be opened).
      """)

  @Option(name: .customLong("device"), help: "Device node to read (path backend); repeatable.")
  var devices: [String] = []

  @Option(help: "udev seat to read (udev backend).")
  var seat: String?

  @Option(
    name: .customLong("replay-mocked"),
    help: "Replay this *.replay.json through libinput on umockdev-mocked devices.")
  var replayFile: String?

  @Option(
    name: .customLong("unread-limit"),
    help: ArgumentHelp(
      "Mocked replay: bytes written to a device that libinput may leave unread (default 3840).",
      discussion: """
        A testing aid: the default keeps the mocked device's 4 KiB pty from overflowing. \
        Larger values let it overflow: libinput then gets a short read and drops the device, \
        and the replay fails with an error instead of losing events silently.
        """))
  var unreadLimit: Int?

  @Option(help: "Screen width in pixels for x.")
  var width: Int = 1920

  @Option(help: "Screen height in pixels for y.")
  var height: Int = 1080

  @Option(help: "Live mode: stop after this many seconds (default: run until killed).")
  var timeout: Double?

  @Option(help: "Log level for stderr (trace, debug, info, notice, warning, error).")
  var logLevel: String = "info"

  mutating func validate() throws {
    guard width > 0, height > 0 else { throw ValidationError("--width/--height must be > 0") }
    if replayFile != nil && (!devices.isEmpty || seat != nil) {
      throw ValidationError("--replay-mocked cannot be combined with --device or --seat")
    }
    if !devices.isEmpty && seat != nil {
      throw ValidationError("use either --device or --seat, not both")
    }
    if let unreadLimit {
      guard replayFile != nil else { throw ValidationError("--unread-limit needs --replay-mocked") }
      guard unreadLimit >= 24 else {
        throw ValidationError("--unread-limit must be at least 24 (one input event)")
      }
    }
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError("unknown --log-level '\(logLevel)'")
    }
  }

  func run() throws {
    let level = Logger.Level(rawValue: logLevel) ?? .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    var logger = Logger(label: "libinput-touch-dump")
    logger.logLevel = level
    let screen = ScreenSize(width: width, height: height)
    do {
      if let replayFile {
        try replay(replayFile, screen: screen, logger: logger)
      } else {
        try live(screen: screen, logger: logger)
      }
    } catch let error as ExitCode {
      throw error
    } catch {
      FileOutput.write(Array("libinput-touch-dump: \(error)\n".utf8), to: STDERR_FILENO)
      throw ExitCode(1)
    }
  }

  private func replay(_ path: String, screen: ScreenSize, logger: Logger) throws {
    try UmockdevPreload.reexecIfNeeded()
    let script = try MockedReplayScript.load(path: path)
    var writer = JSONLineWriter()
    let replay = MockedReplay(script: script, screenSize: screen, logger: logger)
    if let unreadLimit {
      replay.flowControl = FrameFlowControl(maximumFrames: Int.max, maximumBytes: unreadLimit)
    }
    let statistics = try replay.run { writer.write($0) }
    writer.write(
      line:
        "{\"event\":\"replay-finished\",\"evdevEvents\":\(statistics.evdevEvents),"
        + "\"touchEvents\":\(statistics.touchEvents),\"waits\":\(statistics.waits),"
        + "\"quietWaits\":\(statistics.quietWaits),\"fullWaits\":\(statistics.fullWaits),\"seconds\":\(statistics.seconds),"
        + "\"evdevEventsPerSecond\":\(statistics.evdevEventsPerSecond)}")
    writer.flush()
    logger.info(
      "replayed \(statistics.evdevEvents) evdev events in \(statistics.seconds) s (\(Int(statistics.evdevEventsPerSecond)) events/s)"
    )
  }

  private func live(screen: ScreenSize, logger: Logger) throws {
    let backend: LibinputBackend =
      devices.isEmpty ? .udev(seat: seat ?? LibinputBackend.defaultSeat) : .path(devices: devices)
    let source = try LibinputTouchSource(backend: backend, screenSize: screen, logger: logger)
    var writer = JSONLineWriter()
    let limit = timeout.map { Duration.milliseconds(Int64($0 * 1000)) }
    try source.run(timeout: limit) { event in
      writer.write(event)
      writer.flush()
      return .continueRunning
    }
    writer.flush()
  }
}
