import Glibc

/// SIGINT, SIGTERM and SIGUSR1 as a readable file descriptor (the self-pipe trick), so the
/// event loop can `poll` the display and the signals together without a race. Each signal
/// writes its number as one byte.
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
    for signalNumber in [SIGINT, SIGTERM, SIGUSR1] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.writeEnd, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, nil)
    }
    return ends[0]
  }

  /// Reads every pending signal byte from `readEnd`: whether SIGINT/SIGTERM came (stop) and
  /// whether SIGUSR1 came (sync).
  static func drain(_ readEnd: Int32) -> (stop: Bool, sync: Bool) {
    var stop = false
    var sync = false
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &bytes, bytes.count)
      if count <= 0 { break }
      for byte in bytes.prefix(count) {
        if Int32(byte) == SIGUSR1 { sync = true } else { stop = true }
      }
    }
    return (stop, sync)
  }
}
