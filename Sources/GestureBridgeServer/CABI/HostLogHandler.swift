// SPDX-License-Identifier: MIT
import CGestureBridge
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's `user_data` pointer as a plain number, so it can travel with the command
/// runner's callbacks (which may run on its reaper thread).
struct HostData: Sendable {
  private let bits: UInt
  init(_ pointer: UnsafeMutableRawPointer?) { bits = UInt(bitPattern: pointer) }
  var pointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: bits) }
}

/// Where the system gestures' messages go: the host's `gb_system_callbacks.log`, or
/// standard error (info and worse) without one.
struct HostLogSink: Sendable {
  let log: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?
  let data: HostData

  func write(_ level: Logger.Level, _ message: String) {
    let code: Int32
    switch level {
    case .trace, .debug: code = 0
    case .info, .notice: code = 1
    case .warning: code = 2
    case .error, .critical: code = 3
    }
    if let log {
      message.withCString { log(data.pointer, code, $0) }
    } else if code >= 1 {
      let prefix = code == 3 ? "error: " : code == 2 ? "warning: " : ""
      let line = Array("gesture-bridge: \(prefix)\(message)\n".utf8)
      _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
  }
}

/// A swift-log handler over a `HostLogSink` (the command runner logs through swift-log).
struct HostLogHandler: LogHandler {
  let sink: HostLogSink
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .debug
  var metadataProvider: Logger.MetadataProvider?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    sink.write(event.level, event.message.description)
  }
}
