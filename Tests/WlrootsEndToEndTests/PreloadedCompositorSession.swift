// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// One run of an unmodified Debian compositor (`PreloadedWlrootsCompositor`) inside a
/// umockdev testbed with one mocked touchscreen, with or without the GestureBridge loader,
/// and the clients of the test. The files, clients and waits are a `CompositorSession`'s (its
/// directory, `waitFor`, `startDemoClient`): the compositor's log is that session's `log`,
/// and its `socketName` is a link to the socket the compositor made (phoc and sway pick
/// `wayland-N` themselves).
final class PreloadedCompositorSession {
  let compositor: PreloadedWlrootsCompositor
  let session: CompositorSession
  let touchscreen: MockedTouchscreenDriver

  /// Starts `compositor` (skips when it is not installed) with the loader unless `withLoader`
  /// is false, `systemGestures` as `$GESTURE_BRIDGE_SYSTEM_GESTURES`, and waits (at most 20 s)
  /// for its socket and, with the loader, the loader's "advertised" line (unless
  /// `expectsTheBridge` is false: a compositor the loader refuses). `extraConfig` is
  /// appended to the compositor's config (sway: an output transform and an input mapping).
  /// phoc runs under `wrapper`'s words when given (valgrind).
  init(
    _ compositor: PreloadedWlrootsCompositor, withLoader: Bool = true,
    systemGestures: String? = nil, extraConfig: String = "", expectsTheBridge: Bool = true,
    wrapper: [String] = []
  ) throws {
    precondition(wrapper.isEmpty || compositor != .sway, "sway runs under setpriv")
    guard let executable = try compositor.executable() else {
      throw XCTSkip("\(compositor.rawValue) is not installed (scripts/setup.sh)")
    }
    let libraries = try PreloadedWlrootsCompositor.libraries()
    self.compositor = compositor
    let session = try CompositorSession()
    self.session = session
    let directory = session.directory.path
    let config = session.path(compositor.config.name)
    try (compositor.config.text + extraConfig).write(
      toFile: config, atomically: true, encoding: .utf8)
    // Readable by sway's user: the directory, its config, the commands' output.
    chmod(directory, 0o755)
    chmod(config, 0o644)
    if compositor.runsAsUnprivilegedUser {
      let id = PreloadedWlrootsCompositor.unprivilegedID
      chown(session.runtimeDirectory.path, uid_t(id), gid_t(id))
    }
    var environment = ProcessInfo.processInfo.environment
    environment.merge(PreloadedWlrootsCompositor.environment) { $1 }
    environment["XDG_RUNTIME_DIR"] = session.runtimeDirectory.path
    environment["HOME"] = directory
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    environment.removeValue(forKey: "WAYLAND_SOCKET")
    let loaded = withLoader && !compositor.embedsTheBridge
    environment["GB_E2E_EXTRA_PRELOAD"] =
      ([libraries.libseatFix] + (loaded ? [libraries.loader] : [])).joined(separator: ":")
    if compositor.embedsTheBridge {
      environment["LD_LIBRARY_PATH"] = try PatchedPhoc.get().libraryDirectory
    }
    environment["GESTURE_BRIDGE_SYSTEM_GESTURES"] = systemGestures
    environment["GB_E2E_WRAPPER"] = wrapper.map(WlrootsKiosk.quoted).joined(separator: " ")
    if CompositorSession.sanitizerRuntime != nil {
      environment["ASAN_OPTIONS"] = "detect_leaks=0"  // the compositor's own leaks are not ours
    }
    _ = FileManager.default.createFile(atPath: session.logPath.path, contents: nil)
    touchscreen = try MockedTouchscreenDriver(
      program: ["/bin/sh", "-c", compositor.command(config: config), executable],
      iniTemplate: "", iniPath: session.path("unused.ini"), environment: environment,
      preloadFirst: CompositorSession.sanitizerRuntime, output: session.logPath)
    var socket: String?
    try session.waitFor("\(compositor.rawValue)'s socket", timeoutSeconds: 20) {
      socket = self.compositorSocket()
      return socket != nil || !self.touchscreen.isProgramRunning
    }
    guard let socket, touchscreen.isProgramRunning else {
      throw E2EFailure("\(compositor.rawValue) ended at start:\n\(session.report)")
    }
    if (withLoader && expectsTheBridge) || compositor.embedsTheBridge {
      try session.waitFor("the bridge's advertised line", timeoutSeconds: 20) {
        session.log.contains(compositor.bridgeLine("gesture_bridge_manager_v1 advertised"))
      }
    }
    try FileManager.default.createSymbolicLink(
      atPath: session.runtimeDirectory.appendingPathComponent(session.socketName).path,
      withDestinationPath: socket)
  }

  /// The compositor's `wayland-N` socket in the runtime directory, if it made one.
  private func compositorSocket() -> String? {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: session.runtimeDirectory.path)) ?? []
    return names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
  }

  var log: String { session.log }

  /// Starts the demo client (`CompositorSession.startDemoClient`) with a window covering the
  /// 960x540 output.
  func startDemoClient(_ arguments: [String], name: String) throws -> ClientProcess {
    try session.startDemoClient(arguments + ["--width", "960", "--height", "540"], name: name)
  }

  /// Plays a bundled recording (`Examples/recordings/NAME`) into the touchscreen in real time.
  func play(_ name: String) throws {
    try touchscreen.play(
      CompositorSession.sourceRoot.appendingPathComponent("Examples/recordings/\(name)").path)
  }

  /// How the compositor ended (`exited 0`, `killed 15`: phoc has no SIGTERM handler), once
  /// `stop()` ended it.
  private(set) var exit: String?

  /// Ends the clients (checking their wl_touch streams), then the compositor (SIGTERM) and
  /// the driver; removes the files.
  func stop() {
    session.stop()
    if touchscreen.isProgramRunning { exit = try? touchscreen.terminate() }
    touchscreen.close()
  }
}
