// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureBindings
import GestureScene
import LibinputInput
import Logging
import SignalPipe

/// `gesture-bridge run --config FILE [--check] [--seat NAME | --device PATH...]
/// [--screen WxH] [--max-commands N] [--log-level LEVEL]`: the gesture-binding daemon.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run commands bound to gestures (the gesture-binding daemon).",
    discussion: """
      Reads the config (a scene file with a "bindings" list: recognizer name and state -> \
      shell command), recognizes gestures live on the touchscreens of a seat (default seat0, \
      including ones plugged in later) or on the --device nodes, as `watch` does, and for \
      each recognizer state change starts the commands bound to it with `/bin/sh -c`, without \
      waiting for them. Commands get the gesture's values as GESTURE_* environment variables \
      (GESTURE_RECOGNIZER, GESTURE_TYPE, GESTURE_STATE, GESTURE_VIEW, GESTURE_TIME_US, \
      GESTURE_X, GESTURE_Y, GESTURE_TOUCHES, and per type GESTURE_TAPS, \
      GESTURE_TRANSLATION_X/Y, GESTURE_VELOCITY_X/Y, GESTURE_SCALE, GESTURE_SCALE_VELOCITY, \
      GESTURE_ROTATION, GESTURE_ROTATION_VELOCITY, GESTURE_DIRECTION), standard input from \
      /dev/null, and the daemon's standard output and error. At most --max-commands run at \
      once; a command triggered beyond that is not run, and this is logged. Non-zero exits \
      and failures to start are logged.

      SIGHUP reloads the config: a valid new config applies at once (gestures in progress \
      are cancelled); an invalid one is logged as an error and the old config keeps running. \
      SIGINT or SIGTERM stops the daemon with exit status 0; commands still running are left \
      to finish (under systemd, stopping the unit ends them with the unit).

      Logs (swift-log) go to standard error. A bad config at start, or a device node that \
      cannot be opened, is one `error: ...` line naming the file and the key (e.g. \
      `bindings[1].state`), exit status 1; --check only validates the config. A \
      system-gesture config with lisgd's arguments ("lisgd") passes --check but is not run \
      here: those bindings are system gestures inside a compositor \
      (docs/system-gestures.md). See docs/daemon.md for the config format and \
      examples (Examples/configs/), and `watch --help` for device permissions.
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The config file: a scene (JSON) with a \"bindings\" list.", valueName: "file"))
  var config: String

  @Flag(
    name: .long,
    help: "Only validate the config: print a one-line summary, or the error (exit status 1).")
  var check = false

  @OptionGroup var input: InputSourceOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The screen size touches are mapped onto, in pixels (default: the config's screen).",
      valueName: "WxH"))
  var screen: String?

  @Option(
    name: .customLong("max-commands"),
    help: ArgumentHelp(
      "How many commands may run at once; more are not started (logged).", valueName: "n"))
  var maxCommands: Int = 16

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp(
      "trace, debug, info, notice, warning, error or critical (debug logs every command).",
      valueName: "level"))
  var logLevel: String = "info"

  func validate() throws {
    if let screen, WatchCommand.parseScreen(screen) == nil {
      throw ValidationError("--screen must be WIDTHxHEIGHT in pixels, e.g. 1920x1080.")
    }
    if maxCommands < 1 {
      throw ValidationError("--max-commands must be at least 1.")
    }
    if Logger.Level(rawValue: logLevel) == nil {
      let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--log-level must be one of \(levels).")
    }
  }

  func run() throws {
    let loaded: BindingConfig
    do {
      loaded = try BindingConfig.load(path: config)
    } catch {
      throw InputFailure(message: error.description)
    }
    if check {
      var output = OutputBuffer()
      output.writeLine("\(config): ok (\(loaded.summary))")
      output.flush()
      return
    }
    if loaded.lisgd != nil {
      throw InputFailure(message: GestureDaemon.lisgdRefusal(config))
    }
    guard let signals = SignalPipe.install(GestureDaemon.handledSignals) else {
      throw InputFailure(message: "cannot create the signal pipe")
    }
    let level = Logger.Level(rawValue: logLevel) ?? .info
    let logger = StandardErrorLog.logger(level: level)
    let backend = input.backend
    let daemon = GestureDaemon(
      configPath: config, config: loaded, backend: backend,
      screenOverride: screen.flatMap(WatchCommand.parseScreen), rotation: input.rotation,
      runner: CommandRunner(maximumRunning: maxCommands, logger: logger), logger: logger,
      libinputLogger: StandardErrorLog.logger(level: max(level, .warning), label: "libinput"))
    do {
      try daemon.run(signals: signals)
    } catch let error as LibinputError {
      throw InputFailure(message: error.description)
    }
  }
}
