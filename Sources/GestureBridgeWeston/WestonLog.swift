import Glibc

/// The module's messages, on weston's stderr, prefixed with the module's name.
enum WestonLog {
  static func write(_ message: String) {
    var line = Array("gesture-bridge-weston: \(message)\n".utf8)
    _ = line.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  }
}
