// SPDX-License-Identifier: MIT
import ArgumentParser
import BenchmarkWorkloads

/// `bench-tool peer FILE`: GestureBridge's engine on the frames of `export-frames`, the same
/// frames the wf-touch harness runs; prints the per-frame median, p99 and mean (reading the
/// file is not timed). Under callgrind, run with `--passes 1` and `--passes 3` and without
/// `--times`: the difference over the extra frames is the instructions per frame.
struct PeerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "peer",
    abstract: "Run the engine on exported frames (the wf-touch peer comparison).")

  @Argument(help: "A frames file written by export-frames.")
  var frames: String

  @Option(help: "Recognizers: default, pan, empty (see `frames --help`).")
  var scene: String = "default"

  @Option(help: "Passes over the frames (each later in time than the previous one).")
  var passes: Int = 1

  @Flag(inversion: .prefixedNo, help: "Time every frame (off under callgrind).")
  var times = true

  @Flag(help: "Build a report on every state change, as gesture-bridge's replay does.")
  var reports = false

  @Flag(
    help:
      "Untimed; run each frame through the function of its class (landingFrame, liftingFrame, movingFrame, idleFrame) for callgrind."
  )
  var byClass = false

  @Flag(
    help:
      "Untimed, one pass; run the frames where a gesture begins or is recognized through recognitionFrame, the others through otherFrame, for callgrind."
  )
  var byRecognition = false

  func validate() throws {
    guard BenchmarkScene(rawValue: scene) != nil else {
      throw ValidationError(
        "--scene must be one of \(BenchmarkScene.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard passes >= 1 else { throw ValidationError("--passes must be >= 1") }
  }

  func run() throws {
    let peer = try PeerFrames.read(path: frames)
    let run = try PeerEngineRun(scene: BenchmarkScene(rawValue: scene)!, reports: reports)
    var durations: [Int64] = []
    if byRecognition {
      let marks = try PeerEngineRun(scene: BenchmarkScene(rawValue: scene)!, reports: reports)
        .markRecognitionFrames(peer)
      run.runSplittingRecognition(peer, marks: marks)
    } else if byClass {
      run.runByClass(peer, passes: passes)
    } else {
      if times { durations.reserveCapacity(passes * peer.frames.count) }
      run.run(peer, passes: passes, times: &durations)
    }
    var line = "engine scene=\(scene) recognizers=\(run.recognizerCount) passes=\(passes) "
    line += "recognized=\(run.recognized) reports=\(run.reports)"
    if byRecognition {
      line += " recognition=\(run.recognitionFrames) other=\(run.otherFrames)"
    } else if byClass {
      line += " landing=\(run.landingFrames) lifting=\(run.liftingFrames)"
      line += " moving=\(run.movingFrames) idle=\(run.idleFrames)"
    } else if times {
      line += " " + FrameTimeSummary(durations).line
    }
    print(line)
  }
}
