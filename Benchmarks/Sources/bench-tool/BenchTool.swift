// SPDX-License-Identifier: MIT
import ArgumentParser
import BenchmarkWorkloads
import Foundation

/// Helpers `scripts/bench.sh` runs around the benchmark suite.
@main
struct BenchTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-tool",
    abstract: "Helpers for scripts/bench.sh.",
    subcommands: [
      FramesCommand.self, CountCommand.self, MockedScriptCommand.self, ReplayCommand.self,
      TouchScriptCommand.self, ExportFramesCommand.self, PeerCommand.self,
      DenseFramesCommand.self,
    ])
}

/// `bench-tool frames`: warm up, then run COUNT steady-state frames; run under callgrind twice
/// with different counts, the difference of the instruction totals divided by the difference
/// of the counts is the instructions per frame.
struct FramesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Run steady-state core frames (for instruction counts under callgrind).")

  @Option(help: "Fingers moving in every frame (1...10).")
  var fingers: Int = 10

  @Option(
    help:
      "Recognizers: default (the default scene's 12), pan (one pan), empty (none), crowd-10, crowd-100, crowd-1000 (that many on one view), or default+system (the default scene and Benchmarks/configs/system-default.json's 4 system recognizers)."
  )
  var scene: String = "default"

  @Option(help: "Frames to run after the warm-up.")
  var count: Int = 1000

  @Option(help: "Lift and touch down again every N frames (default: the fingers stay down).")
  var strokeFrames: Int64?

  @Flag(help: "Print each recognizer's state after the run.")
  var states = false

  func validate() throws {
    guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10") }
    guard BenchmarkScene(rawValue: scene) != nil else {
      throw ValidationError(
        "--scene must be one of \(BenchmarkScene.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard count >= 0 else { throw ValidationError("--count must be >= 0") }
    guard (strokeFrames ?? 2) >= 2 else { throw ValidationError("--stroke-frames must be >= 2") }
  }

  func run() throws {
    let workload = try CoreFrameWorkload(
      fingers: fingers, scene: BenchmarkScene(rawValue: scene)!, strokeFrames: strokeFrames)
    workload.warmUp()
    workload.measuredFrames(count)
    print("frames=\(count) fingers=\(fingers) recognizers=\(workload.recognizerCount)")
    if states {
      for (name, state) in workload.recognizerStates { print("\(name): \(state)") }
    }
  }
}

/// `bench-tool count RECORDING`: evdev events, libinput touch events and frames, duration.
struct CountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "count", abstract: "Count the touch events a recording decodes to.")

  @Argument(help: "A libinput record file.")
  var recording: String

  func run() throws {
    let count = try RecordingTouchCount.count(path: recording)
    print(
      "evdevEvents=\(count.evdevEvents) touchEvents=\(count.touchEvents) "
        + "touchFrames=\(count.touchFrames) durationMicroseconds=\(count.durationMicroseconds)")
  }
}

/// `bench-tool mocked-script RECORDING --seconds S --output FILE`: the first S seconds of a
/// recording as a `*.replay.json` for `libinput-touch-dump --replay-mocked`.
struct MockedScriptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mocked-script",
    abstract: "Write the start of a recording as a mocked-device replay script.")

  @Argument(help: "A libinput record file.")
  var recording: String

  @Option(help: "Seconds of the recording to take from its start.")
  var seconds: Double = 60

  @Option(name: .shortAndLong, help: "The *.replay.json to write.")
  var output: String

  func run() throws {
    let script = try MockedScriptMaker.make(recordingPath: recording, seconds: seconds)
    try MockedScriptMaker.write(script, to: output)
    print("\(output): \(script.eventCount) evdev events")
  }
}

/// `bench-tool touch-script --fingers N --strokes S --output FILE`: a touch script of pan
/// strokes at 240 Hz for the weston module's scripted seat (end-to-end latency).
struct TouchScriptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "touch-script",
    abstract: "Write pan strokes as a touch script for the weston module's scripted seat.")

  @Option(help: "Fingers moving together (1...10).")
  var fingers: Int = 1

  @Option(help: "Strokes of one second each (100 ms apart).")
  var strokes: Int = 10

  @Option(help: "Touch events per finger per second.")
  var rate: Int = 240

  @Option(name: .shortAndLong, help: "The script file to write.")
  var output: String

  func validate() throws {
    guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10") }
    guard strokes >= 1, rate >= 1 else { throw ValidationError("--strokes/--rate must be >= 1") }
  }

  func run() throws {
    let script = WestonTouchScript(fingers: fingers, rateHz: rate, strokes: strokes)
    try script.text.write(toFile: output, atomically: false, encoding: .utf8)
    print(
      "\(output): \(strokes) strokes of \(fingers) finger(s), "
        + "\(script.framesPerStroke) frames each, \(script.durationMilliseconds) ms")
  }
}
