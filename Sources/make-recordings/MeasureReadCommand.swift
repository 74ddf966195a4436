// SPDX-License-Identifier: MIT
import ArgumentParser
import Foundation
import LibinputRecording

/// `make-recordings measure-read FILE`: how fast `RecordingReader` reads a recording.
struct MeasureReadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure-read",
    abstract: "Read every event of a recording and print the reading speed.")

  @Argument(help: "Recording to read.")
  var file: String

  @Option(help: "How many times to read it (the fastest run is reported).")
  var repeats: Int = 5

  func run() throws {
    let bytes = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000_000)
    var events = 0
    var checksum: Int64 = 0
    for _ in 0..<max(1, repeats) {
      var count = 0
      var sum: Int64 = 0
      let elapsed = try clock.measure {
        let reader = try RecordingReader(path: file)
        while let (device, event) = try reader.next() {
          count += 1
          sum &+= Int64(event.value) &+ Int64(device)
        }
      }
      best = min(best, elapsed)
      events = count
      checksum = sum
    }
    let seconds =
      Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    let megabytes = Double(bytes) / 1_000_000
    print(
      String(
        format: "%@: %.1f MB, %d events (checksum %lld) in %.3f s: %.0f MB/s, %.2f M events/s",
        file, megabytes, events, checksum, seconds, megabytes / seconds,
        Double(events) / seconds / 1_000_000))
  }
}
