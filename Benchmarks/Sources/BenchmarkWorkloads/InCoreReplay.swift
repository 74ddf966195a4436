// SPDX-License-Identifier: MIT
import GestureReplay
import GestureScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The headless replay `gesture-bridge replay` does (`RecordingReplayer` with the default
/// scene): read the recording, decode it, assemble frames, run the engine, in virtual time,
/// and render every report as the CLI's default `--format text` line into an output buffer
/// that is emptied (discarded) whenever it passes 64 KiB, as the CLI's buffer is written out.
/// Warnings are counted, not printed.
public enum InCoreReplay {
  public struct Result: Sendable, Hashable {
    public var summary: ReplaySummary
    public var reports: Int
    public var warnings: Int
    /// Bytes of report text rendered (lines and their newlines).
    public var outputBytes: Int
  }

  /// Replays the recording at `path`; with `keepOutput`, the rendered lines are also written
  /// to that file (to compare outputs, not for measuring).
  public static func run(path: String, keepOutput: String? = nil) throws -> Result {
    let scene = try SceneDescription.parse(json: DefaultScene.json, file: DefaultScene.fileName)
    var reports = 0
    var warnings = 0
    var output = DiscardingOutput()
    if let keepOutput {
      guard let file = fopen(keepOutput, "w") else {
        throw InCoreReplayError(message: "cannot write \(keepOutput)")
      }
      output.file = file
    }
    defer { output.close() }
    let summary = try RecordingReplayer(scene: scene).replay(
      path: path,
      report: { report in
        reports += 1
        output.write(report)
      }, warning: { _ in warnings += 1 })
    return Result(
      summary: summary, reports: reports, warnings: warnings,
      outputBytes: output.totalIncludingPending)
  }
}

/// The CLI's output buffer without the write: lines are rendered straight into it as bytes, and the buffer is
/// emptied once it holds 64 KiB.
struct DiscardingOutput {
  private var bytes: [UInt8] = []
  private let limit = 1 << 16
  private(set) var total = 0
  /// Where the emptied bytes go, if anywhere.
  var file: UnsafeMutablePointer<FILE>?

  init() { bytes.reserveCapacity(limit + 1024) }

  /// Appends the report's text line as `OutputBuffer.write(_:json:)` does.
  mutating func write(_ report: GestureReport) {
    report.appendTextLine(to: &bytes)
    if bytes.count >= limit {
      total += bytes.count
      if let file { fwrite(bytes, 1, bytes.count, file) }
      bytes.removeAll(keepingCapacity: true)
    }
  }

  var totalIncludingPending: Int { total + bytes.count }

  mutating func close() {
    guard let file else { return }
    fwrite(bytes, 1, bytes.count, file)
    fclose(file)
    self.file = nil
  }
}

struct InCoreReplayError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
