// SPDX-License-Identifier: MIT
import GestureBindings
import GestureScene
import LibinputInput
import Logging
import SignalPipe
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `gesture-bridge run`: live recognition with a config's scene (the `watch` loop,
/// `LibinputWatcher`), every report matched against the config's bindings and the matching
/// commands started through a `CommandRunner`.
///
/// Signals (`SignalPipe`): SIGHUP reloads the config file. A valid new config replaces the
/// old one: gestures in progress are cancelled (their `cancelled` bindings run, from the old
/// config), then the new scene and bindings apply. An invalid one is logged as an error naming
/// the file and the problem, and the old config keeps running unchanged. SIGINT and SIGTERM
/// cancel the gestures in progress the same way and make `run` return; commands still running
/// are left to finish.
final class GestureDaemon {
  let configPath: String
  private(set) var config: BindingConfig
  let backend: LibinputBackend
  /// Maps touches onto this size instead of the scene's screen.
  let screenOverride: ScreenSize?
  /// How the picture is turned on the touchscreens.
  let rotation: ScreenRotation
  let runner: CommandRunner
  private let logger: Logger
  private let libinputLogger: Logger
  private let dispatcher: BindingDispatcher

  init(
    configPath: String, config: BindingConfig, backend: LibinputBackend,
    screenOverride: ScreenSize?, rotation: ScreenRotation = .none, runner: CommandRunner,
    logger: Logger, libinputLogger: Logger
  ) {
    self.rotation = rotation
    self.configPath = configPath
    self.config = config
    self.backend = backend
    self.screenOverride = screenOverride
    self.runner = runner
    self.logger = logger
    self.libinputLogger = libinputLogger
    dispatcher = BindingDispatcher(runner: runner)
  }

  /// Opens the touchscreens and runs until SIGINT or SIGTERM. Throws `LibinputError` when the
  /// devices cannot be opened or libinput fails.
  /// The signals `run(signals:)` handles: SIGHUP (reload), SIGINT and SIGTERM (stop).
  static let handledSignals = [SIGHUP, SIGINT, SIGTERM]

  func run(signals: SignalPipe) throws {
    let source = try LibinputTouchSource(
      backend: backend, screenSize: screenSize(for: config), logger: libinputLogger)
    source.rotation = rotation
    switch backend {
    case .udev(let seat): logger.info("running on seat \(seat)")
    case .path(let devices): logger.info("running on \(devices.joined(separator: ", "))")
    }
    logger.info("config \(configPath): \(config.summary)")
    let origin = MonotonicTime.nowMicroseconds()
    while true {
      let watcher = LibinputWatcher(
        source: source, scene: config.scene, originMicroseconds: origin)
      try watcher.run(
        stopDescriptor: signals.readDescriptor, report: { dispatch($0) },
        device: { logDevice($0) })
      let received = signals.drain()
      if let stop = received.first(where: { $0 == SIGINT || $0 == SIGTERM }) {
        logger.info("stopping on \(stop == SIGINT ? "SIGINT" : "SIGTERM")")
        runner.logLeftRunning()
        return
      }
      if received.contains(SIGHUP) {
        reload(source: source)
      }
    }
  }

  /// Starts the commands of the bindings `report` triggers.
  func dispatch(_ report: GestureReport) {
    dispatcher.dispatch(report, bindings: config)
  }

  private func reload(source: LibinputTouchSource) {
    logger.info("SIGHUP: reloading \(configPath)")
    do {
      let loaded = try BindingConfig.load(path: configPath)
      guard loaded.lisgd == nil else {
        logger.error(
          "cannot reload: \(Self.lisgdRefusal(configPath)); the previous config stays in use")
        return
      }
      config = loaded
      source.screenSize = screenSize(for: loaded)
      logger.info("reloaded \(configPath): \(loaded.summary)")
    } catch {
      logger.error("cannot reload: \(error); the previous config stays in use")
    }
  }

  /// Why the daemon does not run a config with `"lisgd"`: beside the compositor it cannot
  /// take touches from apps, which is what running lisgd's bindings as system gestures is for.
  static func lisgdRefusal(_ path: String) -> String {
    "\(path): \"lisgd\": lisgd's bindings run as system gestures inside a compositor "
      + "(docs/system-gestures.md); beside one, run them with gesture-bridge lisgd"
  }

  private func screenSize(for config: BindingConfig) -> ScreenSize {
    screenOverride
      ?? ScreenSize(width: config.scene.screenWidth, height: config.scene.screenHeight)
  }

  private func logDevice(_ event: LibinputSourceEvent) {
    switch event {
    case .deviceAdded(let info):
      logger.info("device added: \(info.node) \"\(info.name)\" (seat \(info.seat))")
    case .deviceRemoved(let info):
      logger.info("device removed: \(info.node) \"\(info.name)\"")
    case .touch:
      break
    }
  }

}
