/// A one-line failure of the Wayland test harness (socket, connection, timeout).
struct WaylandTestError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
