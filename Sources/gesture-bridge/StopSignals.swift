import Glibc

/// SIGINT and SIGTERM as a readable file descriptor (the self-pipe trick), so `watch` can
/// `poll` libinput and the signals together without a race.
enum StopSignals {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// Installs the handlers and returns the pipe's read end; nil if it cannot be created.
  static func install() -> Int32? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    writeEnd = ends[1]
    for signalNumber in [SIGINT, SIGTERM] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        let saved = errno
        var byte: UInt8 = 1
        _ = write(StopSignals.writeEnd, &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signalNumber, &action, nil)
    }
    return ends[0]
  }
}
