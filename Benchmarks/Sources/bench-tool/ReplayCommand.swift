import ArgumentParser
import BenchmarkWorkloads

/// `bench-tool replay RECORDING`: the in-core replay once (for profiling it under callgrind).
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Replay a recording in-core with the default scene.")

  @Argument(help: "A libinput record file.")
  var recording: String

  func run() throws {
    let result = try InCoreReplay.run(path: recording)
    print(
      "frames=\(result.summary.frames) evdevEvents=\(result.summary.evdevEvents) "
        + "reports=\(result.reports) warnings=\(result.warnings)")
  }
}
