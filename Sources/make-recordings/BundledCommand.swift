// SPDX-License-Identifier: MIT
import ArgumentParser
import Foundation
import LibinputRecording

/// `make-recordings bundled --output DIR`: the bundled example recordings.
struct BundledCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bundled",
    abstract: "Write the bundled example recordings (byte-identical on every run).")

  @Option(name: .shortAndLong, help: "Directory to write into (created if missing).")
  var output: String

  func run() throws {
    try FileManager.default.createDirectory(
      atPath: output, withIntermediateDirectories: true)
    for path in try BundledRecordings.writeAll(toDirectory: output) {
      print(path)
    }
  }
}
