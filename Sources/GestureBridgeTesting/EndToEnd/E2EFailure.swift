// SPDX-License-Identifier: MIT

/// A failure of an end-to-end test's machinery (a timeout, a missing binary, a compositor that
/// exited), with what the session knew (logs, client output) in its description.
public struct E2EFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
