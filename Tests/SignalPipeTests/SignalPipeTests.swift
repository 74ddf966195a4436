// SPDX-License-Identifier: MIT
import SignalPipe
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Signals become bytes an event loop can poll: what `gesture-bridge run` reloads and stops on.
struct SignalPipeTests {
  @Test func aSignalMakesThePipeReadableAndIsDrainedOnce() throws {
    let pipe = try #require(SignalPipe.install([SIGUSR2]))
    defer {
      signal(SIGUSR2, SIG_DFL)
      close(pipe.readDescriptor)
    }
    #expect(pipe.drain().isEmpty)
    var poller = pollfd(fd: pipe.readDescriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&poller, 1, 0) == 0, "nothing to read before a signal")

    raise(SIGUSR2)
    raise(SIGUSR2)
    #expect(poll(&poller, 1, 1000) == 1, "readable once a signal came")
    #expect(pipe.drain() == [SIGUSR2, SIGUSR2])
    #expect(pipe.drain().isEmpty)
  }
}
