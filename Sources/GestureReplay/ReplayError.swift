// SPDX-License-Identifier: MIT
/// Why a recording could not be replayed, in one line naming the file, e.g.
/// `keyboard.yml: no touchscreen in the recording: device 0 "AT keyboard" is not a
/// touchscreen: keyboard`.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
