import GestureReplay
import GestureScene

/// The headless replay `gesture-bridge replay` does (`RecordingReplayer` with the default
/// scene): read the recording, decode it, assemble frames, run the engine, in virtual time.
/// Reports and warnings are counted, not printed.
public enum InCoreReplay {
  public struct Result: Sendable, Hashable {
    public var summary: ReplaySummary
    public var reports: Int
    public var warnings: Int
  }

  public static func run(path: String) throws -> Result {
    let scene = try SceneDescription.parse(json: DefaultScene.json, file: DefaultScene.fileName)
    var reports = 0
    var warnings = 0
    let summary = try RecordingReplayer(scene: scene).replay(
      path: path, report: { _ in reports += 1 }, warning: { _ in warnings += 1 })
    return Result(summary: summary, reports: reports, warnings: warnings)
  }
}
