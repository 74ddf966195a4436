// SPDX-License-Identifier: MIT
import ArgumentParser
import BenchmarkWorkloads

/// `bench-tool replay RECORDING`: the in-core replay once (for profiling it under callgrind).
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Replay a recording in-core with the default scene.")

  @Argument(help: "A libinput record file.")
  var recording: String

  @Option(help: "Also write the rendered report lines to this file (to compare outputs).")
  var output: String?

  func run() throws {
    let result = try InCoreReplay.run(path: recording, keepOutput: output)
    print(
      "frames=\(result.summary.frames) evdevEvents=\(result.summary.evdevEvents) "
        + "reports=\(result.reports) warnings=\(result.warnings) outputBytes=\(result.outputBytes)")
  }
}
