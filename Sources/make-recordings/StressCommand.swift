// SPDX-License-Identifier: MIT
import ArgumentParser
import Foundation
import LibinputRecording
import TouchInput

/// `make-recordings stress`: a long, busy recording for benchmarks, written as it is made.
struct StressCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stress",
    abstract: "Write a long multi-finger recording for benchmarks.",
    discussion: """
      Fingers move on smooth paths, touch down and lift now and then (about one stroke in 20 \
      ends as a palm, except with --protocol-a). Events are encoded and written as they are \
      produced.
      """)

  @Option(help: "Length of the recording in seconds.")
  var seconds: Double = 60

  @Option(help: "Number of fingers (at most the device's 10 slots).")
  var fingers: Int = 10

  @Option(help: "Sampling rate in Hz.")
  var rate: Int = 240

  @Option(help: "Seed of the pseudo-random paths (same seed, same file).")
  var seed: UInt64 = 1

  @Option(
    help: """
      Fuzz of the multitouch position axes, in device units (0: none). With fuzz, libinput \
      applies its touch hysteresis, and slow fingers then make libinput 1.22 drop some \
      TOUCH_FRAMEs (see docs/libinput.md).
      """)
  var fuzz: Int32 = 0

  @Flag(
    help: "Record a multitouch protocol-A touchscreen (no slots, no palms) instead of protocol B."
  )
  var protocolA = false

  @Option(name: .shortAndLong, help: "File to write.")
  var output: String

  func validate() throws {
    guard seconds > 0, seconds <= 24 * 3600 else {
      throw ValidationError("--seconds must be between 0 and 86400")
    }
    guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10") }
    guard (1...10_000).contains(rate) else { throw ValidationError("--rate must be 1...10000") }
    guard (0...255).contains(fuzz) else { throw ValidationError("--fuzz must be 0...255") }
  }

  func run() throws {
    let script = StressScript.make(
      seconds: seconds, fingers: fingers, seed: seed, palms: !protocolA)
    var device: EvdevDeviceDescription =
      protocolA ? .syntheticProtocolATouchscreen : .syntheticTouchscreen
    for code in [EvdevCodes.ABS_MT_POSITION_X, EvdevCodes.ABS_MT_POSITION_Y] {
      device.absinfo[code]?.fuzz = fuzz
    }
    let writer = try RecordingWriter(path: output, device: device)
    let showProgress = isatty(STDERR_FILENO) == 1
    var nextReport: UInt64 = 0
    var events = 0
    try MultitouchEncoder.encode(script, rateHz: rate, device: device) { event in
      try writer.write(event)
      events += 1
      if showProgress && event.timeMicroseconds >= nextReport {
        let done = Double(event.timeMicroseconds) / 1_000_000
        FileHandle.standardError.write(
          Data(String(format: "\r%6.1f s of %.1f s, %d events", done, seconds, events).utf8))
        nextReport = event.timeMicroseconds + 1_000_000
      }
    }
    try writer.close()
    if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
    print("\(output): \(events) events, \(script.strokes.count) strokes")
  }
}
