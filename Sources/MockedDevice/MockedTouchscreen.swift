// SPDX-License-Identifier: MIT
import CUmockdev
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

  /// The pty's other end (`gb_pty_open_peer`), opened by `writeWhole` to see how much its
  /// reader has left unread; -1 until then or when it cannot be opened.
  private var peerDescriptor: Int32 = -1

  deinit {
    if peerDescriptor >= 0 { close(peerDescriptor) }
  }

  /// Bytes written that the reader has not read yet, or nil when the pty cannot tell.
  public func unreadBytes() -> Int? {
    if peerDescriptor < 0 { peerDescriptor = gb_pty_open_peer(writeDescriptor) }
    guard peerDescriptor >= 0 else { return nil }
    let unread = gb_pty_unread_bytes(peerDescriptor)
    return unread >= 0 ? Int(unread) : nil
  }

  /// Writes one frame's encoded events for a reader in another process without ever leaving
  /// a piece of an event for it to read: first waits (at most `stallLimit`) until the bytes
  /// the reader has not read yet leave room for the whole frame below `readerRoom`. The pty's
  /// line discipline holds 4095 bytes: filled by a slow reader (a compositor under valgrind
  /// on a busy machine) it would take only part of a frame, the reader would read a piece of
  /// an event, and libinput answers that by dropping the device. What is written reaches the
  /// line discipline, where FIONREAD counts it, a moment later (the kernel's pty buffer moves
  /// it there): after the write this waits up to 2 ms for the frame to show, so a burst of
  /// late frames cannot pass the check uncounted. Where the pty cannot tell, it writes as
  /// `write(bytes:)` does.
  public func writeWhole(
    frame bytes: [UInt8], readerRoom: Int = 2048, stallLimit: Duration = .seconds(60)
  ) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + stallLimit
    var unread = unreadBytes()
    while let pending = unread, pending > 0, pending + bytes.count > readerRoom {
      guard clock.now < deadline else {
        throw MockedDeviceError.readerStalled(node: files.node, unreadBytes: pending)
      }
      usleep(1_000)
      unread = unreadBytes()
    }
    try write(bytes: bytes)
    guard let before = unread else { return }
    let shown = clock.now + .milliseconds(2)
    while let now = unreadBytes(), now < before + bytes.count, clock.now < shown {
      usleep(100)
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
