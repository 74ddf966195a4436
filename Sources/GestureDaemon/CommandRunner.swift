import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs binding commands as `/bin/sh -c COMMAND` without waiting for them.
///
/// `run` returns as soon as `posix_spawn` has started the shell. Each command gets standard
/// input from `/dev/null`, the daemon's standard output and error, no other open descriptor,
/// an empty signal mask with SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGQUIT, SIGUSR1 and
/// SIGUSR2 at their defaults, and its own process group (so Ctrl+C on the daemon's terminal
/// does not reach it). A reaper thread waits for the commands (`waitpid`), so none stays a
/// zombie; it logs a non-zero exit status or a fatal signal as a warning, a clean exit at
/// debug level. A spawn failure is logged as an error.
///
/// At most `maximumRunning` commands run at once. A command triggered while that many are
/// running is not run (nothing is queued): the first one skipped is logged as a warning, and
/// when a slot frees again the number skipped meanwhile is logged.
///
/// The runner assumes it starts every child process of the daemon (it reaps any child).
public final class CommandRunner: @unchecked Sendable {
  /// What `run` did.
  public enum Outcome: Sendable, Hashable {
    case started(pid: Int32)
    /// Not run: `maximumRunning` commands were running.
    case skippedAtLimit
    /// `posix_spawn` failed with this errno.
    case spawnFailed(errno: Int32)
  }

  public let maximumRunning: Int
  private let logger: Logger
  /// Guards everything below; the reaper sleeps on it while nothing runs.
  private let condition = NSCondition()
  private var running: [Int32: String] = [:]
  private var skippedAtLimit = 0
  private var reaperStarted = false

  public init(maximumRunning: Int, logger: Logger) {
    precondition(maximumRunning >= 1, "maximumRunning must be at least 1")
    self.maximumRunning = maximumRunning
    self.logger = logger
  }

  /// The number of commands started and not yet reaped.
  public var runningCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return running.count
  }

  /// Starts `/bin/sh -c command` with `environment` (`NAME=value` strings); `label` names it
  /// in logs.
  @discardableResult
  public func run(_ command: String, environment: [String], label: String) -> Outcome {
    condition.lock()
    defer { condition.unlock() }
    if !reaperStarted {
      reaperStarted = true
      let thread = Thread { [self] in reap() }
      thread.name = "command reaper"
      thread.start()
    }
    if running.count >= maximumRunning {
      if skippedAtLimit == 0 {
        let text =
          "command limit reached: \(running.count) command(s) still running "
          + "(--max-commands \(maximumRunning)); not running \(label): \(command)"
        logger.warning("\(text)")
      }
      skippedAtLimit += 1
      return .skippedAtLimit
    }
    let result = Self.spawn(command, environment: environment)
    switch result {
    case .success(let pid):
      running[pid] = label
      logger.debug("started \(label) (pid \(pid)): \(command)")
      condition.signal()
      return .started(pid: pid)
    case .failure(let error):
      logger.error(
        "cannot run \(label): posix_spawn failed: \(Self.errorText(error.code)): \(command)")
      return .spawnFailed(errno: error.code)
    }
  }

  /// Logs the commands still running when the daemon stops; they are left to finish.
  public func logLeftRunning() {
    let count = runningCount
    if count > 0 {
      logger.info("\(count) command(s) still running are left to finish")
    }
  }

  // MARK: Reaping

  private func reap() {
    while true {
      condition.lock()
      while running.isEmpty { condition.wait() }
      condition.unlock()
      var status: Int32 = 0
      let pid = waitpid(-1, &status, 0)
      if pid < 0 {
        let error = errno
        if error == EINTR { continue }
        condition.lock()
        let lost = running.count
        running.removeAll()
        condition.unlock()
        logger.error(
          "waitpid failed (\(Self.errorText(error))); no longer tracking \(lost) command(s)")
        continue
      }
      condition.lock()
      let label = running.removeValue(forKey: pid)
      let skipped = skippedAtLimit
      skippedAtLimit = 0
      condition.unlock()
      if skipped > 0 {
        logger.warning(
          "below the command limit again; \(skipped) command(s) were not run while at the limit")
      }
      log(status: status, pid: pid, label: label ?? "an unknown child")
    }
  }

  private func log(status: Int32, pid: Int32, label: String) {
    let signal = status & 0x7f
    if signal == 0 {
      let code = (status >> 8) & 0xff
      if code == 0 {
        logger.debug("\(label) (pid \(pid)) exited with status 0")
      } else {
        logger.warning("\(label) (pid \(pid)) exited with status \(code)")
      }
    } else {
      let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
      logger.warning("\(label) (pid \(pid)) was killed by signal \(signal) (\(name))")
    }
  }

  // MARK: Spawning

  /// Signals a command starts with at their default action.
  private static let defaultSignals = [
    SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGQUIT, SIGUSR1, SIGUSR2,
  ]

  private static func spawn(_ command: String, environment: [String]) -> Result<Int32, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) } + [nil]
    let variables = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in arguments { free(pointer) }
      for pointer in variables { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
    return result == 0 ? .success(pid) : .failure(Errno(result))
  }

  /// The file descriptors open in this process (from `/proc/self/fd`), so a command gets
  /// none of them beyond 0, 1 and 2, close-on-exec or not.
  private static func openDescriptors() -> [Int32] {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var result: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let descriptor = Int32(name), descriptor != own { result.append(descriptor) }
    }
    return result
  }

  struct Errno: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
  }

  private static func errorText(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "errno \(code)"
  }
}
