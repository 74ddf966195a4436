// SPDX-License-Identifier: MIT
/// A one-line failure of the test harness (socket, connection, globals, timeout).
public struct TestFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
