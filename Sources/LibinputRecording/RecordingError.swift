// SPDX-License-Identifier: MIT
import Foundation

/// A problem with a recording file, described in one line as `FILE:LINE: what is wrong`
/// (or `FILE: what is wrong` when no single line is to blame).
///
/// Example: `tap.yml:57: evdev event needs 5 numbers, found 3`.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The file path as given by the caller.
  public var file: String
  /// The 1-based line the problem is on, if one line is to blame.
  public var line: Int?
  /// What is wrong, without file and line.
  public var message: String

  public init(file: String, line: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    if let line { return "\(file):\(line): \(message)" }
    return "\(file): \(message)"
  }

  public var errorDescription: String? { description }
}
