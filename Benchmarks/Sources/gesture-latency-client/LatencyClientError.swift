// SPDX-License-Identifier: MIT
/// A one-line failure of the latency client.
struct LatencyClientError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
