// SPDX-License-Identifier: MIT
/// Bookkeeping that keeps a mocked device's pty from overflowing: at most
/// `maximumFrames` evdev frames and `maximumBytes` bytes written but not yet read by libinput.
///
/// libinput's `TOUCH_FRAME` for the device acknowledges the oldest frame that expects one
/// (and every frame written before it). Frames that produce no `TOUCH_FRAME` are covered by
/// the next acknowledged frame or by `drained()` (the reader went quiet with nothing left to
/// read). The pty buffer is 4 KiB: a reader more than ~170 events behind gets a short read and
/// libinput drops the device, so `maximumBytes` stays below that.
public struct FrameFlowControl: Sendable, Hashable {
  public let maximumFrames: Int
  public let maximumBytes: Int
  /// Bytes per unacknowledged frame that expects a `TOUCH_FRAME`, oldest first (each entry
  /// includes the bytes of non-acknowledged frames written before it).
  private var pending: [Int] = []
  private var pendingStart = 0
  /// Bytes of frames written after the last frame that expects an acknowledgement.
  private var trailingBytes = 0
  private var trailingFrames = 0
  public private(set) var unacknowledgedBytes = 0

  public init(maximumFrames: Int = 50, maximumBytes: Int = 3840) {
    self.maximumFrames = maximumFrames
    self.maximumBytes = maximumBytes
  }

  public var unacknowledgedFrames: Int { pending.count - pendingStart + trailingFrames }

  public var isDrained: Bool { unacknowledgedBytes == 0 }

  /// Whether a frame of `bytes` bytes may be written now. A frame larger than the byte limit
  /// may be written when nothing is pending.
  public func canSend(bytes: Int) -> Bool {
    if unacknowledgedBytes == 0 { return true }
    return unacknowledgedFrames < maximumFrames && unacknowledgedBytes + bytes <= maximumBytes
  }

  public mutating func sent(bytes: Int, expectsAcknowledgement: Bool) {
    unacknowledgedBytes += bytes
    if expectsAcknowledgement {
      pending.append(trailingBytes + bytes)
      trailingBytes = 0
      trailingFrames = 0
    } else {
      trailingBytes += bytes
      trailingFrames += 1
    }
  }

  /// One `TOUCH_FRAME` arrived: the oldest expecting frame and all before it were read.
  /// Extra acknowledgements (more frames than expected) are ignored.
  public mutating func acknowledged() {
    guard pendingStart < pending.count else { return }
    unacknowledgedBytes -= pending[pendingStart]
    pendingStart += 1
    if pendingStart > 1024 {
      pending.removeFirst(pendingStart)
      pendingStart = 0
    }
  }

  /// The reader has read everything written so far.
  public mutating func drained() {
    pending.removeAll(keepingCapacity: true)
    pendingStart = 0
    trailingBytes = 0
    trailingFrames = 0
    unacknowledgedBytes = 0
  }
}
