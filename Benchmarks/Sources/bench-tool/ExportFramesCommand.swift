// SPDX-License-Identifier: MIT
import ArgumentParser
import BenchmarkWorkloads
import Foundation

/// `bench-tool export-frames -o FILE RECORDING...`: the recordings' touch frames in the
/// peer frames format (`PeerFrames`), which `bench-tool peer` and the wf-touch harness read.
struct ExportFramesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-frames",
    abstract: "Write the touch frames of recordings for the wf-touch peer comparison.")

  @Argument(help: "libinput record files, replayed one after the other.")
  var recordings: [String]

  @Option(name: .shortAndLong, help: "The frames file to write.")
  var output: String

  func validate() throws {
    guard !recordings.isEmpty else { throw ValidationError("give at least one recording") }
  }

  func run() throws {
    let peer = try PeerFrames.decode(paths: recordings) { warning in
      FileHandle.standardError.write(Data("bench-tool: \(warning)\n".utf8))
    }
    try peer.text.write(toFile: output, atomically: false, encoding: .utf8)
    print(
      "recordings=\(peer.recordings) frames=\(peer.frames.count) samples=\(peer.sampleCount)")
  }
}
