// SPDX-License-Identifier: MIT
import ArgumentParser
import BenchmarkWorkloads
import Foundation

/// `bench-tool dense-frames -o FILE`: the dense peer row's generated short gestures
/// (`DenseGestures`) in the peer frames format, which `bench-tool peer` and the wf-touch
/// harness read; prints the frames, samples and frames of each class.
struct DenseFramesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dense-frames",
    abstract: "Write generated short gestures for the dense wf-touch peer comparison.")

  @Option(help: "The generator's seed (the same seed gives the same frames).")
  var seed: UInt64 = 39

  @Option(help: "Touch sequences (gestures) to generate.")
  var sequences: Int = 1000

  @Option(help: "Frames per second while fingers move.")
  var rate: Int = 60

  @Option(name: .shortAndLong, help: "The frames file to write.")
  var output: String

  func validate() throws {
    guard sequences >= 1 else { throw ValidationError("--sequences must be >= 1") }
    guard (30...1000).contains(rate) else { throw ValidationError("--rate must be 30...1000") }
  }

  func run() throws {
    let peer = DenseGestures.make(seed: seed, sequences: sequences, rateHz: rate)
    try peer.text.write(toFile: output, atomically: false, encoding: .utf8)
    var counts: [PeerFrameClass: Int] = [:]
    for frame in peer.frames { counts[PeerFrameClass(frame), default: 0] += 1 }
    var line = "recordings=1 sequences=\(sequences) frames=\(peer.frames.count) "
    line += "samples=\(peer.sampleCount)"
    for kind in PeerFrameClass.allCases { line += " \(kind.rawValue)=\(counts[kind] ?? 0)" }
    print(line)
  }
}
