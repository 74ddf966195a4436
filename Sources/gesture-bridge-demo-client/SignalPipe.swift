import Glibc

/// SIGINT and SIGTERM as a readable file descriptor (the self-pipe trick), so the event loop can
/// `poll` the display and the signals together without a race.
enum SignalPipe {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// Installs the handlers and returns the read end; nil if the pipe cannot be created.
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
        var byte: UInt8 = 1
        _ = write(SignalPipe.writeEnd, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, nil)
    }
    return ends[0]
  }
}
