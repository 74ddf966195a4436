/// A one-line failure of the test harness (socket, connection, globals).
struct TestSetupError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
