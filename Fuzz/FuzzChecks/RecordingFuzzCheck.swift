// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import TouchscreenDecoder

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs a `libinput record` file (or bytes claiming to be one) through `RecordingReader`,
/// then every touchscreen's events through the `TouchPipeline`.
///
/// A clean outcome is either a clean refusal (a `RecordingError` whose one-line description
/// starts with the path; or no touchscreen in the file) or a clean run (every promise of the
/// pipeline kept). Anything else is listed in `problems`.
public enum RecordingFuzzCheck {
  /// Checks the recording at `path`.
  public static func run(path: String) -> FuzzOutcome {
    let reader: RecordingReader
    do {
      reader = try RecordingReader(path: path)
    } catch {
      return refused(error, path: path)
    }
    var seat = TouchscreenSeat()
    for (index, device) in reader.devices.enumerated() {
      try? seat.addDevice(device, screen: .fullHD, deviceIndex: index)
    }
    let pipeline = TouchPipeline(seat: seat)
    var lastTime: UInt64 = 0
    do {
      while let (device, event) = try reader.next() {
        lastTime = event.timeMicroseconds
        pipeline.decode(event, device: device)
      }
    } catch {
      var outcome = refused(error, path: path)
      let finished = pipeline.finish(at: lastTime)
      outcome.problems += finished.problems
      outcome.evdevEvents = finished.evdevEvents
      return outcome
    }
    return pipeline.finish(at: lastTime)
  }

  /// Writes `bytes` to a scratch file in `directory` and checks it as a recording.
  public static func run(bytes: UnsafeRawBufferPointer, directory: String = "/tmp") -> FuzzOutcome {
    let path = "\(directory)/gesturebridge-fuzz-\(getpid()).yml"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else {
      var outcome = FuzzOutcome()
      outcome.problems = ["cannot write the scratch file \(path)"]
      return outcome
    }
    var written = 0
    while written < bytes.count, let base = bytes.baseAddress {
      let count = write(fd, base + written, bytes.count - written)
      if count <= 0 { break }
      written += count
    }
    close(fd)
    defer { unlink(path) }
    return run(path: path)
  }

  private static func refused(_ error: any Error, path: String) -> FuzzOutcome {
    var outcome = FuzzOutcome()
    guard let error = error as? RecordingError else {
      outcome.problems.append("not a RecordingError: \(type(of: error)): \(error)")
      return outcome
    }
    let text = error.description
    outcome.error = text
    if !text.hasPrefix(path) { outcome.problems.append("error does not name the file: \(text)") }
    if text.contains(where: \.isNewline) {
      outcome.problems.append("error is more than one line: \(text.debugDescription)")
    }
    return outcome
  }
}
