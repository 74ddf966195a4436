// SPDX-License-Identifier: MIT
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A compositor run by an end-to-end test, in a private 0700 XDG_RUNTIME_DIR with a unique
/// socket, and the clients the test starts: real headless weston 10 (`startWeston`) or, in
/// WlrootsEndToEndTests, a wlroots compositor on a mocked touchscreen
/// (`startOnMockedTouchscreen`). weston runs (pixman, kiosk-shell) with
/// libgesture-bridge-weston.so and, after it, the test seat module
/// libgesture-bridge-weston-test-seat.so (recordings and touch scripts), configured through a
/// weston.ini whose `[gesture-bridge]` section points the test seat's touch-script path into
/// the session's directory (plus whatever the test adds), and the clients the test starts. Every wait is
/// bounded; `stop()` ends what it started (by pid) and removes the directory.
public final class CompositorSession {
  public let directory: URL
  public let runtimeDirectory: URL
  public let socketName = "gb-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  private var weston: Process?
  /// With `onMockedTouchscreen`: the umockdev driver weston runs under.
  public private(set) var mockedTouchscreen: MockedTouchscreenDriver?
  /// How weston ended under the driver (`exited 0`, `killed 11`), once `stop()` ended it.
  public private(set) var compositorExit: String?
  private var clients: [ClientProcess] = []
  public private(set) var compositorOutput: URL
  private var scriptsPlayed = 0

  /// The repository root, found from this file's path (Sources/GestureBridgeTesting/EndToEnd/).
  public static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The weston binary, or nil when weston is not installed.
  public static var westonPath: String? {
    ["/usr/bin/weston", "/usr/local/bin/weston"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// A file `swift build` puts next to this test binary (or one directory up).
  public static func builtProduct(_ name: String) -> String? {
    let directory = Bundle.main.executableURL?.deletingLastPathComponent()
    let candidates = [
      directory?.appendingPathComponent(name).path,
      directory?.deletingLastPathComponent().appendingPathComponent(name).path,
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }

  /// The address or thread sanitizer's shared runtime library when these tests run under
  /// it (`scripts/sanitize.sh address|thread`): the test binary links the runtime
  /// statically, so the shared one is taken from the Swift toolchain on the PATH (for
  /// thread, followed by the toolchain's libdispatch, in LD_PRELOAD's colon-separated form).
  /// nil otherwise.
  public static let sanitizerRuntime: String? = {
    let name: String
    if dlsym(nil, "__asan_init") != nil {
      name = "asan"
    } else if dlsym(nil, "__tsan_init") != nil {
      name = "tsan"
    } else {
      return nil
    }
    let files = FileManager.default
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
      guard files.isExecutableFile(atPath: swift.path) else { continue }
      let clang = swift.resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("lib/clang")
      for version in (try? files.contentsOfDirectory(atPath: clang.path)) ?? [] {
        let runtime = clang.appendingPathComponent(
          "\(version)/lib/linux/libclang_rt.\(name)-x86_64.so")
        guard files.fileExists(atPath: runtime.path) else { continue }
        // The TSan runtime refers to libdispatch's symbols (it intercepts libdispatch), which
        // a process without Swift, such as weston, does not load: "undefined symbol:
        // _dispatch_data_destructor_munmap". The toolchain's libdispatch comes with it.
        let dispatch = clang.deletingLastPathComponent().appendingPathComponent(
          "swift/linux/libdispatch.so")
        if name == "tsan" && files.fileExists(atPath: dispatch.path) {
          return runtime.path + ":" + dispatch.path
        }
        return runtime.path
      }
    }
    return nil
  }()

  /// Skips without weston; fails without the built modules.
  public static func requirements() throws -> (weston: String, module: String, testSeat: String) {
    guard let weston = westonPath else {
      throw XCTSkip("weston is not installed (apt-get install weston libweston-10-dev)")
    }
    var modules: [String] = []
    for name in ["libgesture-bridge-weston.so", "libgesture-bridge-weston-test-seat.so"] {
      guard let module = builtProduct(name) else {
        throw E2EFailure("\(name) not found next to the test binary: run swift build first")
      }
      modules.append(module)
    }
    return (weston, modules[0], modules[1])
  }

  public init() throws {
    directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-weston-e2e-\(UUID().uuidString.prefix(8))")
    runtimeDirectory = directory.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(
      at: runtimeDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    compositorOutput = directory.appendingPathComponent("weston.out")
  }

  public var scriptPath: URL { directory.appendingPathComponent("touch-script") }
  public var logPath: URL { directory.appendingPathComponent("weston.log") }

  /// weston's log (the module's lines are prefixed `gesture-bridge-weston:`).
  public var log: String { contents(of: logPath) }

  /// Starts weston with the module and a weston.ini of `[gesture-bridge] touch-script=...`
  /// (or, with `scriptPathInEnvironment`, the variable GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT
  /// instead of the key), `gestureBridgeKeys` (more lines of that section) and
  /// `moreSections`; waits (at most 20 s) for the socket, the module's "advertised" line and
  /// the test seat's "ready" line. Without `withTestSeat`, only the main module is loaded.
  /// With `onMockedTouchscreen`, weston runs inside a umockdev testbed with one mocked
  /// touchscreen (`mockedTouchscreen`), whose node replaces `@NODE@` in the keys. `transform`
  /// is the headless output's (`--transform`, weston.ini's names: `rotate-90` is a panel
  /// turned 90 degrees clockwise, its picture 90 degrees anticlockwise, wl_output's sense;
  /// weston 10 refuses `90`), `width` x `height` its size before it.
  public func startWeston(
    gestureBridgeKeys: [String] = [], moreSections: String = "", width: Int = 1024,
    height: Int = 640, transform: String? = nil, scriptPathInEnvironment: Bool = false,
    onMockedTouchscreen: Bool = false, withTestSeat: Bool = true
  ) throws {
    let (westonPath, modulePath, testSeatPath) = try Self.requirements()
    let modules = withTestSeat ? "\(modulePath),\(testSeatPath)" : modulePath
    let scriptKey = scriptPathInEnvironment ? [] : ["touch-script=\(scriptPath.path)"]
    let ini =
      (["[gesture-bridge]"] + scriptKey + gestureBridgeKeys)
      .joined(separator: "\n") + "\n\n" + moreSections
    let iniPath = directory.appendingPathComponent("weston.ini")
    let arguments =
      [
        "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
        "--socket=\(socketName)", "--modules=\(modules)", "--config=\(iniPath.path)",
        "--log=\(logPath.path)", "--width=\(width)", "--height=\(height)",
      ] + (transform.map { ["--transform=\($0)"] } ?? [])
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"] =
      scriptPathInEnvironment ? scriptPath.path : nil
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    if Self.sanitizerRuntime != nil {
      environment["ASAN_OPTIONS"] = "detect_leaks=0"  // weston's own leaks are not ours
    }
    _ = FileManager.default.createFile(atPath: compositorOutput.path, contents: nil)
    if onMockedTouchscreen {
      try startOnMockedTouchscreen(
        [westonPath] + arguments, iniTemplate: ini, iniPath: iniPath.path,
        environment: environment, output: compositorOutput)
    } else {
      try ini.write(to: iniPath, atomically: true, encoding: .utf8)
      // A module built with a sanitizer needs its runtime loaded first (weston is not).
      if let runtime = Self.sanitizerRuntime { environment["LD_PRELOAD"] = runtime }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: westonPath)
      process.arguments = arguments
      process.environment = environment
      let output = try FileHandle(forWritingTo: compositorOutput)
      process.standardOutput = output
      process.standardError = output
      try process.run()
      weston = process
    }
    let socket = runtimeDirectory.appendingPathComponent(socketName).path
    try waitFor("weston's socket \(socket) and the module", timeoutSeconds: 20) {
      FileManager.default.fileExists(atPath: socket)
        && self.log.contains("gesture_bridge_manager_v1 advertised")
        && (!withTestSeat || self.log.contains("gesture-bridge-weston-test-seat: test seat ready"))
    }
  }

  /// Runs `program` (a compositor and its arguments) inside a umockdev testbed with one mocked
  /// touchscreen (`mockedTouchscreen`), whose node replaces `@NODE@` in `iniTemplate` written
  /// to `iniPath`; the program's output goes to `output`.
  public func startOnMockedTouchscreen(
    _ program: [String], iniTemplate: String = "", iniPath: String? = nil,
    environment: [String: String], output: URL
  ) throws {
    mockedTouchscreen = try MockedTouchscreenDriver(
      program: program, iniTemplate: iniTemplate,
      iniPath: iniPath ?? directory.appendingPathComponent("unused.ini").path,
      environment: environment, preloadFirst: Self.sanitizerRuntime, output: output)
  }

  public var isCompositorRunning: Bool {
    mockedTouchscreen?.isProgramRunning ?? weston?.isRunning ?? false
  }

  /// Starts `executable` as a Wayland client of this weston; its stdout and stderr go to
  /// `<name>.out` in the session directory.
  public func startClient(_ executable: String, _ arguments: [String], name: String) throws
    -> ClientProcess
  {
    let client = try ClientProcess(
      executable, arguments, name: name,
      output: directory.appendingPathComponent("\(name).out"),
      environment: [
        "XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socketName,
      ])
    clients.append(client)
    return client
  }

  /// Starts the demo client with `--print-ready`, `--print-touches` (its wl_touch stream is
  /// checked when it stops) and `arguments`, and waits (at most 20 s) for its ready line.
  public func startDemoClient(_ arguments: [String], name: String) throws -> ClientProcess {
    guard let demo = Self.builtProduct("gesture-bridge-demo-client") else {
      throw E2EFailure("gesture-bridge-demo-client not found next to the test binary")
    }
    let touches = arguments.contains("--print-touches") ? [] : ["--print-touches"]
    let client = try startClient(demo, ["--print-ready"] + touches + arguments, name: name)
    try waitFor("\(name)'s ready line", timeoutSeconds: 20) {
      client.lines.contains("{\"event\":\"ready\"}")
    }
    return client
  }

  /// Hands a touch script to the module's seat (written aside, then renamed into place) and
  /// waits (at most 20 s) until the module has played all of it.
  public func play(_ script: String) throws {
    let temporary = directory.appendingPathComponent("touch-script.tmp")
    try script.write(to: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary.path, scriptPath.path) == 0 else {
      throw E2EFailure("rename to \(scriptPath.path) failed: errno \(errno)")
    }
    scriptsPlayed += 1
    let marker = "touch script \(scriptPath.path): played"
    let expected = scriptsPlayed
    try waitFor("the module to play touch script \(expected)", timeoutSeconds: 20) {
      self.log.components(separatedBy: marker).count - 1 >= expected
    }
  }

  /// Waits until `condition` holds, at most `timeoutSeconds` but never less than 60 s (the
  /// bound ends a hung test; a busy shared machine can be many times slower than an idle one:
  /// issue 29); fails with weston's log and every client's output when it does not, or when
  /// weston exits meanwhile.
  public func waitFor(_ what: String, timeoutSeconds requested: Double, _ condition: () -> Bool)
    throws
  {
    let timeoutSeconds = max(requested, 60)
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while !condition() {
      if Date() > deadline {
        throw E2EFailure("timed out after \(timeoutSeconds) s waiting for \(what)\n" + report)
      }
      if weston != nil || mockedTouchscreen != nil, !isCompositorRunning {
        throw E2EFailure("weston exited while waiting for \(what)\n" + report)
      }
      usleep(20_000)
    }
  }

  /// weston's log and output and every client's output, for failure messages.
  public var report: String {
    var text = "weston log:\n\(log)\nweston output:\n\(contents(of: compositorOutput))"
    for client in clients { text += "\n\(client.name) output:\n\(client.text)" }
    return text
  }

  /// Ends the clients and weston (SIGTERM, then SIGKILL after 3 s; under the driver 10 s,
  /// recording how it ended in `compositorExit`) and removes the files.
  public func stop() {
    for client in clients { client.stop() }
    clients.removeAll()
    if let mockedTouchscreen {
      if mockedTouchscreen.isProgramRunning { compositorExit = try? mockedTouchscreen.terminate() }
      mockedTouchscreen.close()
    }
    if let weston, weston.isRunning {
      weston.terminate()
      let deadline = Date().addingTimeInterval(3)
      while weston.isRunning && Date() < deadline { usleep(20_000) }
      if weston.isRunning { kill(weston.processIdentifier, SIGKILL) }
      weston.waitUntilExit()
    }
    weston = nil
    try? FileManager.default.removeItem(at: directory)
  }

  public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  public func contents(of url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// Runs a build tool to completion; throws its stderr when it fails.
  public func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw E2EFailure("\(executable) \(arguments.joined(separator: " ")) failed: \(message)")
    }
  }
}
