// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureBindings
import Glibc
import LibinputInput
import Logging
import SignalPipe
import TouchInput

/// `gesture-bridge lisgd [lisgd's options]`: lisgd 0.3.7's command line and recognition
/// (`LisgdStrokes`), on the touchscreen's raw libinput touch events, for a Sxmo setup moving
/// over (docs/phones.md).
struct LisgdCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lisgd",
    abstract: "Run lisgd's gesture bindings (its command line, as in lisgd(1)).",
    discussion: """
      Takes lisgd 0.3.7's options: -d DEVICE, -g fingers,swipe,edge,distance[,mode],command \
      (repeatable; the first that takes a gesture runs), -t and -T (released and pressed \
      thresholds, pixels), -r (degrees of leniency), -m (time limit, ms), -o (quarter turns), \
      -w and -h (the screen's size, required here), -v (log each command). Strokes are \
      recognized as lisgd recognizes them, from libinput's raw touch events on DEVICE, and the \
      bound command runs with /bin/sh -c, without waiting for it. Differences from lisgd: \
      every option is checked (a misspelt field is an error naming it, where lisgd leaves it \
      undefined), a command may hold commas, -g and -w/-h are required, event times are \
      libinput's, and a cancelled touch is forgotten. SIGINT or SIGTERM stops it (exit 0). \
      See docs/phones.md.
      """,
    // lisgd's -h is the screen's height: only --help shows this.
    helpNames: [.long])

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp("lisgd's options (see above).", valueName: "lisgd-options"))
  var arguments: [String] = []

  func run() throws {
    // Every argument is lisgd's (its -h is the height), so --help is looked for here.
    if arguments.contains("--help") {
      print(Self.helpMessage())
      return
    }
    let options: LisgdOptions
    do {
      options = try LisgdOptions(arguments: arguments)
    } catch {
      throw InputFailure(message: "lisgd: \(error.description)")
    }
    let logger = StandardErrorLog.logger(level: options.verbose ? .debug : .info, label: "lisgd")
    let runner = CommandRunner(maximumRunning: 16, logger: logger)
    var strokes = LisgdStrokes(options: options)
    guard let stop = SignalPipe.install([SIGINT, SIGTERM])?.readDescriptor else {
      throw InputFailure(message: "cannot create the signal pipe")
    }
    let source: LibinputTouchSource
    do {
      source = try LibinputTouchSource(
        backend: .path(devices: [options.device]),
        screenSize: ScreenSize(width: options.width ?? 1, height: options.height ?? 1),
        logger: StandardErrorLog.logger(level: .warning))
    } catch let error as LibinputError {
      throw InputFailure(message: error.description)
    }
    let screen = "\(options.width ?? 0)x\(options.height ?? 0)"
    logger.info(
      "lisgd: \(options.bindings.count) binding(s) on \(options.device), screen \(screen)")
    let environment = BindingDispatcher.processEnvironment()
    func run(_ binding: LisgdBinding?) {
      guard let binding else { return }
      logger.debug("running \(binding.command)")
      runner.run(binding.command, environment: environment, label: "lisgd binding")
    }
    while true {
      try source.dispatch { event in
        guard case .touch(let touch) = event else { return }
        let time = Int64(touch.timeMicroseconds)
        switch touch.kind {
        case .down:
          strokes.touchDown(slot: touch.slot, x: touch.x, y: touch.y, timeMicroseconds: time)
        case .motion:
          run(strokes.touchMotion(slot: touch.slot, x: touch.x, y: touch.y, timeMicroseconds: time))
        case .up: run(strokes.touchUp(slot: touch.slot, timeMicroseconds: time))
        case .cancel: strokes.touchCancelled(slot: touch.slot)
        case .frame: break
        }
      }
      var descriptors = [
        pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&descriptors, 2, -1) < 0 && errno != EINTR {
        throw InputFailure(message: "poll failed: errno \(errno)")
      }
      if descriptors[1].revents != 0 { break }
    }
    logger.info("lisgd: stopping")
    runner.logLeftRunning()
  }
}
