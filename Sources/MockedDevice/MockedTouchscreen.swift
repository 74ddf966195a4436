import LibinputRecording

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
  }

  /// Writes already-encoded `struct input_event` bytes completely (retrying short writes).
  public func write(bytes: [UInt8]) throws {
    var offset = 0
    try bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = Glibc.write(
          writeDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          let error = errno
          if error == EINTR { continue }
          if error == EAGAIN {
            var descriptor = pollfd(fd: writeDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 100)
            continue
          }
          throw MockedDeviceError.writeFailed(node: files.node, errno: error)
        }
        offset += written
      }
    }
  }
}
