// SPDX-License-Identifier: MIT
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs binding commands as `/bin/sh -c COMMAND` without waiting for them: the one command
/// runner of the daemon (`gesture-bridge run`) and of the bridge's system gestures.
///
/// `run` returns as soon as `posix_spawn` has started the shell. Each command gets standard
/// input from `/dev/null`, the process's standard output and error, no other open descriptor,
/// an empty signal mask with SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGQUIT, SIGUSR1 and
/// SIGUSR2 at their defaults, and its own process group (so Ctrl+C on the daemon's terminal
/// does not reach it). Every command is reaped, so none stays a zombie, either by the
/// runner's own reaper thread (`Reaping.reaperThread`, for a process whose children are all
/// its commands: it waits for any child) or by the host process, which tells the runner with
/// `exited(pid:status:)` (`Reaping.host`, for a compositor that reaps its children itself,
/// as weston does). A non-zero exit status or a fatal signal is logged as a warning, a clean
/// exit at debug level, a spawn failure as an error.
///
/// At most `maximumRunning` commands run at once. A command triggered while that many are
/// running is not run (nothing is queued): the first one skipped is logged as a warning, and
/// when a slot frees again the number skipped meanwhile is logged.
///
/// No Foundation: the compositor side links this module.
public final class CommandRunner: Sendable {
  /// What `run` did.
  public enum Outcome: Sendable, Hashable {
    case started(pid: Int32)
    /// Not run: `maximumRunning` commands were running.
    case skippedAtLimit
    /// `posix_spawn` failed with this errno.
    case spawnFailed(errno: Int32)
  }

  /// Who waits for the commands.
  public enum Reaping: Sendable {
    /// A thread of the runner waits for any child of the process while commands run (the
    /// daemon: every child is a command).
    case reaperThread
    /// The host reaps its children and calls `exited(pid:status:)` for the pids it is told
    /// of here, at each start (weston's `wet_watch_process`).
    case host(started: @Sendable (Int32) -> Void)
  }

  public let maximumRunning: Int
  /// The option that sets `maximumRunning`, named in the limit's log line.
  public let limitName: String
  private let logger: Logger
  private let reaping: Reaping

  private struct Book {
    var running: [Int32: String] = [:]
    var skippedAtLimit = 0
    var reaperRunning = false
  }

  private let book = Mutex(Book())

  public init(
    maximumRunning: Int, logger: Logger, reaping: Reaping = .reaperThread,
    limitName: String = "--max-commands"
  ) {
    precondition(maximumRunning >= 1, "maximumRunning must be at least 1")
    self.maximumRunning = maximumRunning
    self.logger = logger
    self.reaping = reaping
    self.limitName = limitName
  }

  /// The number of commands started and not yet reaped.
  public var runningCount: Int { book.withLock { $0.running.count } }

  /// Starts `/bin/sh -c command` with `environment` (`NAME=value` strings); `label` names it
  /// in logs.
  @discardableResult
  public func run(_ command: String, environment: [String], label: String) -> Outcome {
    let outcome: Outcome = book.withLock { book in
      if book.running.count >= maximumRunning {
        if book.skippedAtLimit == 0 {
          let text =
            "command limit reached: \(book.running.count) command(s) still running "
            + "(\(limitName) \(maximumRunning)); not running \(label): \(command)"
          logger.warning("\(text)")
        }
        book.skippedAtLimit += 1
        return .skippedAtLimit
      }
      switch Self.spawn(command, environment: environment) {
      case .success(let pid):
        book.running[pid] = label
        logger.debug("started \(label) (pid \(pid)): \(command)")
        if case .reaperThread = reaping, !book.reaperRunning {
          book.reaperRunning = ReaperThread.start { [self] in reap() }
        }
        return .started(pid: pid)
      case .failure(let error):
        logger.error(
          "cannot run \(label): posix_spawn failed: \(Self.errorText(error.code)): \(command)")
        return .spawnFailed(errno: error.code)
      }
    }
    if case .started(let pid) = outcome, case .host(let started) = reaping { started(pid) }
    return outcome
  }

  /// The host reaped the command `pid` with wait status `status` (`Reaping.host`).
  public func exited(pid: Int32, status: Int32) {
    let (label, skipped) = book.withLock { book in
      let label = book.running.removeValue(forKey: pid)
      let skipped = book.skippedAtLimit
      book.skippedAtLimit = 0
      return (label, skipped)
    }
    if skipped > 0 {
      logger.warning(
        "below the command limit again; \(skipped) command(s) were not run while at the limit")
    }
    log(status: status, pid: pid, label: label ?? "an unknown child")
  }

  /// Logs the commands still running when the daemon stops; they are left to finish.
  public func logLeftRunning() {
    let count = runningCount
    if count > 0 {
      logger.info("\(count) command(s) still running are left to finish")
    }
  }

  // MARK: Reaping

  /// The reaper thread: waits for any child until no command runs, then ends (the next
  /// command starts another).
  private func reap() {
    while true {
      var status: Int32 = 0
      let pid = waitpid(-1, &status, 0)
      if pid < 0 {
        let error = errno
        if error == EINTR { continue }
        let lost = book.withLock { book in
          let lost = book.running.count
          book.running.removeAll()
          book.reaperRunning = false
          return lost
        }
        if lost > 0 {
          logger.error(
            "waitpid failed (\(Self.errorText(error))); no longer tracking \(lost) command(s)")
        }
        return
      }
      exited(pid: pid, status: status)
      let done = book.withLock { book in
        if book.running.isEmpty { book.reaperRunning = false }
        return !book.reaperRunning
      }
      if done { return }
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

  struct Errno: Error, Sendable {
    var code: Int32
    init(_ code: Int32) { self.code = code }
  }

  private static func errorText(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "errno \(code)"
  }
}
