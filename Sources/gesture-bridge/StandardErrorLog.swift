// SPDX-License-Identifier: MIT
import Logging

/// Loggers that write to standard error (swift-log's default handler writes to standard
/// output, which holds the gestures).
enum StandardErrorLog {
  static func logger(level: Logger.Level, label: String = "gesture-bridge") -> Logger {
    var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = level
    return logger
  }
}
