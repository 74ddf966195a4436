// SPDX-License-Identifier: MIT
/// Errors of `LibinputTouchSource`; `description` is one line saying what failed and how to
/// fix it.
public enum LibinputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `udev_new()` failed.
  case udevUnavailable
  /// libinput could not create its context.
  case contextCreationFailed
  /// `libinput_udev_assign_seat` failed for this seat.
  case seatAssignmentFailed(seat: String)
  /// A device node could not be opened or is not usable; `explanation` says why and what to do.
  case cannotOpenDevice(path: String, explanation: String)
  /// libinput refused the node (it opened, but is not an input device libinput handles).
  case deviceRejected(path: String)
  /// The operation needs the other backend (e.g. adding a path to a udev-seat source).
  case wrongBackend(String)
  /// A system call of the event loop failed.
  case systemCallFailed(call: String, errno: Int32)

  public var description: String {
    switch self {
    case .udevUnavailable:
      return "cannot create a udev context (udev_new failed); is /sys mounted?"
    case .contextCreationFailed:
      return "libinput could not create its context"
    case .seatAssignmentFailed(let seat):
      return "libinput could not assign seat '\(seat)' (libinput_udev_assign_seat failed)"
    case .cannotOpenDevice(let path, let explanation):
      return "cannot open \(path): \(explanation)"
    case .deviceRejected(let path):
      return "libinput rejected \(path): it is not an input device libinput can use"
    case .wrongBackend(let message):
      return message
    case .systemCallFailed(let call, let errno):
      return "\(call) failed: \(DeviceAccess.errorName(errno))"
    }
  }
}
