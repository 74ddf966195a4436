// SPDX-License-Identifier: MIT
import GestureReplay
import Glibc
import TouchInput

/// The progress line `replay` keeps on a terminal's standard error: stage, percentage, bytes,
/// events, rate and time left, redrawn in place (carriage return, erase line) at most four
/// times a second, and erased at the end. Disabled (drawing nothing) when standard error is
/// not a terminal.
final class ProgressMeter {
  /// Whether the meter draws at all.
  let enabled: Bool
  /// Whether a progress line is on the screen now.
  private(set) var isShowing = false
  private let label: String
  private var stage: ReplayProgress.Stage?
  private var stageStart: Int64 = 0
  private var lastDraw: Int64 = .min
  private static let interval: Int64 = 250_000

  /// A meter for replaying `label`; enabled when `enabled` and standard error is a terminal.
  init(label: String, enabled: Bool = true) {
    self.label = label
    self.enabled = enabled && isatty(2) == 1
  }

  /// Takes a progress report; redraws the line unless it was drawn less than 0.25 s ago (a
  /// new stage always redraws).
  func update(_ progress: ReplayProgress) {
    guard enabled else { return }
    let now = MonotonicTime.nowMicroseconds()
    if progress.stage != stage {
      stage = progress.stage
      stageStart = now
    } else if now - lastDraw < Self.interval {
      return
    }
    lastDraw = now
    draw(Self.line(label: label, progress: progress, elapsedMicroseconds: now - stageStart))
  }

  /// Erases the progress line (before other output on the terminal, and at the end).
  func clear() {
    guard isShowing else { return }
    writeError("\r\u{1B}[K")
    isShowing = false
  }

  private func draw(_ text: String) {
    var columns = 80
    var size = winsize()
    if ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { columns = Int(size.ws_col) }
    // One line only: a line wider than the terminal would wrap and not be erased.
    let shown = text.count < columns ? text : String(text.prefix(max(0, columns - 1)))
    writeError("\r\u{1B}[K" + shown)
    isShowing = true
  }

  /// The text of the progress line, most important first (a narrow terminal cuts the end),
  /// e.g. `replaying big.yml: 42%, 2s left (12.3/29.1 MB, 1.2M events, 9.8 MB/s)`.
  static func line(label: String, progress: ReplayProgress, elapsedMicroseconds: Int64) -> String {
    let fraction = min(1, max(0, progress.fraction))
    let stage = progress.stage == .reading ? "reading" : "replaying"
    let percent = Int((fraction * 100).rounded(.down))
    var head = "\(stage) \(label): \(percent)%"
    var details: [String] = []
    // Bytes say how far the file is read; the mocked replay after reading has read it all.
    let showBytes = progress.stage == .reading || progress.bytesRead < progress.totalBytes
    if showBytes {
      details.append("\(megabytes(progress.bytesRead))/\(megabytes(progress.totalBytes)) MB")
    }
    details.append("\(count(progress.evdevEvents)) events")
    let seconds = Double(elapsedMicroseconds) / 1_000_000
    if seconds > 0.2 && fraction > 0 {
      // The stage's own pace: time so far, scaled by what is left of it.
      head += ", \(duration(seconds * (1 - fraction) / fraction)) left"
      if showBytes {
        details.append("\(megabytes(UInt64(Double(progress.bytesRead) / seconds))) MB/s")
      }
    }
    return head + " (" + details.joined(separator: ", ") + ")"
  }

  static func megabytes(_ bytes: UInt64) -> String {
    let tenths = (bytes * 10 + 524_288) / 1_048_576
    return "\(tenths / 10).\(tenths % 10)"
  }

  static func count(_ value: Int) -> String {
    if value >= 1_000_000 { return "\(value / 1_000_000).\(value / 100_000 % 10)M" }
    if value >= 10_000 { return "\(value / 1000)k" }
    return String(value)
  }

  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "?" }
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return "\(whole / 60)m\(whole % 60 < 10 ? "0" : "")\(whole % 60)s" }
    return "\(whole / 3600)h\(whole / 60 % 60 < 10 ? "0" : "")\(whole / 60 % 60)m"
  }
}
