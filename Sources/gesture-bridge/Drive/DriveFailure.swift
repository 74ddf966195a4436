// SPDX-License-Identifier: MIT

/// Why `gesture-bridge drive` stopped before the end, with its documented exit status and a
/// one-line reason (printed as `drive: error: REASON`). When everything played, drive exits
/// with APP's own status instead (0 when APP ended on the SIGTERM drive sent).
struct DriveFailure: Error {
  enum Kind {
    /// A recording or touch script cannot be read (the reader's message).
    case unreadableInput
    /// APP mapped no window within the timeout.
    case neverMapped
    /// APP exited or crashed before the playlist was done (its status, its stderr's tail).
    case appEnded
    /// weston or the modules could not start, or weston died.
    case compositor
    /// A recording did not finish within its length plus the timeout.
    case timeout
    /// APP could not be started (not found, not executable).
    case cannotStartApp
    /// The log or the screenshot directory cannot be written.
    case cannotWrite

    /// The exit status.
    var status: Int32 {
      switch self {
      case .unreadableInput: 120
      case .neverMapped: 121
      case .appEnded: 122
      case .compositor: 123
      case .timeout: 124
      case .cannotStartApp: 127
      case .cannotWrite: 1
      }
    }
  }

  var kind: Kind
  var message: String
  /// More lines printed after the reason (the tail of APP's output, weston's log).
  var details: [String] = []
}
