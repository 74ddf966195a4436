// SPDX-License-Identifier: MIT
import LibinputRecording
import MockedDevice
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `daemon-test-driver [--env NAME=VALUE]... --stdout FILE --stderr FILE -- PROGRAM ARGS...`
///
/// For the daemon tests and the weston device tests: restarts itself with the umockdev preload, creates a umockdev testbed
/// with one mocked touchscreen (`EvdevDeviceDescription.syntheticTouchscreen`, the device of
/// the bundled recordings), and starts PROGRAM inside the testbed (it inherits `LD_PRELOAD`
/// and `UMOCKDEV_DIR`), with `@NODE@` in ARGS replaced by the touchscreen's node, the
/// `--env` variables added, standard output and error appended to the files, and as standard
/// input a pipe that holds a line and stays open (a grandchild that read the inherited
/// standard input would get that line and then block). Prints `ready NODE PID`, then answers
/// commands read from standard input, one per line:
///
/// - `play RECORDING`: writes the recording's events into the touchscreen in real time, with
///   timestamps moved to now, each frame whole (a slow reader delays the rest: see
///   `MockedTouchscreen.writeWhole`); answers `played`.
/// - `play-until SECONDS RECORDING`: the same, but only the events up to SECONDS after the
///   recording's first event (fingers may stay down); answers `played`.
/// - `remove`: removes the touchscreen from the testbed, as if it was unplugged; answers
///   `removed`.
/// - `signal HUP|INT|TERM`: sends the signal to PROGRAM; answers `sent`.
/// - `wait`: waits for PROGRAM to end; answers `exited STATUS` or `killed SIGNAL`.
///
/// At the end of its standard input it kills PROGRAM (if still running) and exits.
@main
struct DaemonTestDriver {
  static func main() {
    do {
      try run()
    } catch {
      fail("\(error)")
    }
  }

  static func fail(_ message: String) -> Never {
    let text = "daemon-test-driver: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(1)
  }

  static func reply(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
  }

  static func run() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var extraEnvironment: [String] = []
    var stdoutPath = "/dev/null"
    var stderrPath = "/dev/null"
    while let first = arguments.first, first != "--" {
      guard arguments.count >= 2 else { fail("missing value for \(first)") }
      switch first {
      case "--env": extraEnvironment.append(arguments[1])
      case "--stdout": stdoutPath = arguments[1]
      case "--stderr": stderrPath = arguments[1]
      default: fail("unknown option \(first)")
      }
      arguments.removeFirst(2)
    }
    arguments = Array(arguments.dropFirst())
    guard !arguments.isEmpty else { fail("no program given after --") }

    try UmockdevPreload.reexecIfNeeded()
    let testbed = try MockedTestbed()
    let device = try testbed.addDevice(.syntheticTouchscreen)
    let program = arguments.map { $0 == "@NODE@" ? device.node : $0 }
    let child = try spawn(
      program, extraEnvironment: extraEnvironment, stdout: stdoutPath, stderr: stderrPath)
    reply("ready \(device.node) \(child)")

    var exited = false
    while let line = readLine() {
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      switch words.first {
      case "play" where words.count == 2:
        try play(words[1], into: device)
        reply("played")
      case "play-until" where words.count == 2:
        let rest = words[1].split(separator: " ", maxSplits: 1).map(String.init)
        guard rest.count == 2, let seconds = Double(rest[0]) else { fail("bad command: \(line)") }
        try play(rest[1], into: device, untilMicroseconds: UInt64(max(0, seconds) * 1_000_000))
        reply("played")
      case "remove":
        testbed.remove(device)
        reply("removed")
      case "signal" where words.count == 2:
        let numbers = ["HUP": SIGHUP, "INT": SIGINT, "TERM": SIGTERM]
        guard let number = numbers[words[1]] else { fail("unknown signal \(words[1])") }
        kill(child, number)
        reply("sent")
      case "wait":
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        exited = true
        let signal = status & 0x7f
        reply(signal == 0 ? "exited \((status >> 8) & 0xff)" : "killed \(signal)")
      default:
        fail("unknown command: \(line)")
      }
    }
    if !exited {
      kill(child, SIGKILL)
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
    withExtendedLifetime(testbed) {}
  }

  /// Plays the first device's events of the recording at `path` in real time, those up to
  /// `untilMicroseconds` after its first event when given.
  static func play(
    _ path: String, into device: MockedTouchscreen, untilMicroseconds: UInt64? = nil
  ) throws {
    let reader = try RecordingReader(path: path)
    var events: [EvdevEvent] = []
    try reader.forEachEvent { index, event in
      if index == 0 { events.append(event) }
    }
    guard let first = events.first else { return }
    if let untilMicroseconds {
      events.removeAll { $0.timeMicroseconds - first.timeMicroseconds > untilMicroseconds }
    }
    let start = monotonicMicroseconds()
    // Back to slot 0, which the recording's first frame assumes.
    var rebased = [
      EvdevEvent(
        timeMicroseconds: start, type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_MT_SLOT, value: 0),
      EvdevEvent(
        timeMicroseconds: start, type: EvdevCodes.EV_SYN, code: EvdevCodes.SYN_REPORT, value: 0),
    ]
    for event in events {
      var moved = event
      moved.timeMicroseconds = start + (event.timeMicroseconds - first.timeMicroseconds)
      rebased.append(moved)
    }
    for frame in InputEventEncoding.frames(rebased) {
      let due = frame.first?.timeMicroseconds ?? start
      let now = monotonicMicroseconds()
      if due > now { usleep(useconds_t(due - now)) }
      try device.writeWhole(frame: InputEventEncoding.encode(frame))
    }
  }

  static func monotonicMicroseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }

  static func spawn(
    _ program: [String], extraEnvironment: [String], stdout: String, stderr: String
  ) throws -> pid_t {
    var input: [Int32] = [-1, -1]
    guard pipe(&input) == 0 else { fail("pipe failed") }
    var line = Array("the driver's pipe, not /dev/null\n".utf8)
    _ = write(input[1], &line, line.count)
    // The write end stays open (and leaks into nothing: close-on-exec).
    _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)

    var environment: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      environment.append(String(cString: entry))
      pointer += 1
    }
    environment += extraEnvironment
    let argv = program.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for item in argv { free(item) }
      for item in envp { free(item) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, program[0], &actions, nil, argv, envp)
    guard result == 0 else { fail("cannot start \(program[0]): errno \(result)") }
    close(input[0])
    return pid
  }
}
