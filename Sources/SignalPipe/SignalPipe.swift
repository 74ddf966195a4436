// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Signals as bytes on a pipe (the self-pipe trick): the handler writes the signal's number,
/// so an event loop can `poll` libinput and the signals together and learn afterwards which
/// signals came. `gesture-bridge run` handles SIGHUP, SIGINT and SIGTERM (the daemon's
/// `handledSignals`), `watch` only the last two, the demo client SIGINT, SIGTERM and SIGUSR1.
public final class SignalPipe {
  /// The pipe's read end (non-blocking, close-on-exec): readable once a signal came.
  public let readDescriptor: Int32
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// Installs handlers for `handled` and unblocks them in the calling thread (call it once,
  /// on the main thread, before starting other threads); nil if the pipe cannot be created.
  public static func install(_ handled: [Int32]) -> SignalPipe? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    writeEnd = ends[1]
    for signalNumber in handled {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signalNumber in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(SignalPipe.writeEnd, &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signalNumber, &action, nil)
    }
    // A parent may have started us with these signals blocked (the mask is inherited
    // through exec); the handlers would then never run.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signalNumber in handled { sigaddset(&unblock, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    return SignalPipe(readDescriptor: ends[0])
  }

  private init(readDescriptor: Int32) { self.readDescriptor = readDescriptor }

  /// The signals received since the last call, in order (empty if none).
  public func drain() -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readDescriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return received }
      received += buffer[0..<count].map { Int32($0) }
    }
  }
}
