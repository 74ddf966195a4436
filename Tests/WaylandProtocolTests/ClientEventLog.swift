/// What the test client received, written by the C listeners on the client's thread.
final class ClientEventLog {
  /// Globals by interface name: registry name and advertised version.
  var globals: [String: (name: UInt32, version: UInt32)] = [:]
  var recognizerEvents: [RecognizerEvent] = []
}
