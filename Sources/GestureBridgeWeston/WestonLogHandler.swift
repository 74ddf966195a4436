// SPDX-License-Identifier: MIT
import Logging

/// A swift-log handler writing into weston's log through `WestonLog` (one line per message,
/// `gesture-bridge-weston: ` prefix), so `LibinputTouchSource`'s messages (devices added
/// and removed, libinput's own warnings) appear there. Warnings and worse are prefixed with
/// their level (`warning: `, `error: `).
struct WestonLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info
  var metadataProvider: Logger.MetadataProvider?

  /// A logger with this handler; `label` is swift-log's label (not printed).
  static func logger(label: String) -> Logger {
    Logger(label: label) { _ in WestonLogHandler() }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    switch event.level {
    case .trace, .debug, .info, .notice: WestonLog.write(event.message.description)
    case .warning: WestonLog.write("warning: \(event.message)")
    case .error, .critical: WestonLog.write("error: \(event.message)")
    }
  }
}
