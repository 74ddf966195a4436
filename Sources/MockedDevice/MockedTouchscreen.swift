// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One evdev device mocked in a `MockedTestbed`. Events written with `write(frame:)` are what
/// the reader of `node` (libinput) reads, with the events' own timestamps.
public final class MockedTouchscreen {
  public let description: EvdevDeviceDescription
  public let files: MockedDeviceFiles
  /// The testbed's end of the node's pty (`umockdev_testbed_get_dev_fd`).
  let writeDescriptor: Int32
  public internal(set) var isRemoved = false
  /// Flow control for this device's pty.
  public var flowControl = FrameFlowControl()

  public var node: String { files.node }

  init(description: EvdevDeviceDescription, files: MockedDeviceFiles, writeDescriptor: Int32) {
    self.description = description
    self.files = files
    self.writeDescriptor = writeDescriptor
    // Non-blocking, so a writer whose reader is on the same thread (`MockedReplay`: libinput
    // reads only when the replay dispatches it) never blocks on a full pty.
    let flags = fcntl(writeDescriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(writeDescriptor, F_SETFL, flags | O_NONBLOCK) }
  }

  /// Writes already-encoded `struct input_event` bytes completely (retrying short writes),
  /// waiting for the reader while the pty is full. For a reader in another process (e.g. the
  /// daemon tests); a reader on this thread must use `writeAvailable` and read in between.
  public func write(bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = try writeAvailable(bytes[offset...])
      if written == 0 {
        var descriptor = pollfd(fd: writeDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 100)
      }
      offset += written
    }
  }

  /// Writes as much of `bytes` as the pty takes now without waiting; returns how many bytes
  /// that was (0 while the pty is full).
  public func writeAvailable(_ bytes: ArraySlice<UInt8>) throws -> Int {
    guard !bytes.isEmpty else { return 0 }
    while true {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(writeDescriptor, buffer.baseAddress!, buffer.count)
      }
      if written >= 0 { return written }
      let error = errno
      if error == EINTR { continue }
      if error == EAGAIN || error == EWOULDBLOCK { return 0 }
      throw MockedDeviceError.writeFailed(node: files.node, errno: error)
    }
  }
}
