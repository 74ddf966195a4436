// SPDX-License-Identifier: MIT
import GestureReplay
import GestureScene

/// The outcome of replaying one file in-process.
struct ReplayOutcome {
  var reports: [GestureReport] = []
  var warnings: [String] = []
  var error: String?

  var names: [String] { reports.map(\.recognizer) }
  var jsonLines: String { reports.map { $0.jsonLine + "\n" }.joined() }
}

/// Replays `path` with `scene` (the default scene when nil).
func replay(_ path: String, scene: SceneDescription = .standard) -> ReplayOutcome {
  var outcome = ReplayOutcome()
  do {
    try RecordingReplayer(scene: scene).replay(
      path: path, report: { outcome.reports.append($0) }, warning: { outcome.warnings.append($0) })
  } catch {
    outcome.error = error.description
  }
  return outcome
}
