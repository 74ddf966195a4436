// SPDX-License-Identifier: MIT
import Foundation
import FuzzChecks
import XCTest

/// Every input in `Corpus/` replayed the way its fuzz target runs it: crashers that
/// `scripts/fuzz.sh` found (minimized, named `crash-*`) and hand-made hostile files
/// (`hand-*`). Each must end in a clean refusal (a one-line error naming the file) or a clean
/// run (no touch left down, every recognizer back in `.possible`).
///
/// - `Corpus/fuzz-recording-reader/`: files read as `libinput record` recordings
///   (`RecordingFuzzCheck`): deep nesting, a YAML alias bomb, NUL bytes, an empty file, a
///   truncated header, an out-of-range event number, an Int32.max slot...
/// - `Corpus/fuzz-touch-decoder/`: `DecoderFuzzInput` bytes (`DecoderFuzzCheck`); the
///   `hand-*.bin` files are the `HostileScenario` streams (and 100 fingers in one frame).
final class CorpusRegressionTests: XCTestCase {
  private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  private func inputs(_ target: String) throws -> [URL] {
    let folder = Self.corpus.appendingPathComponent(target)
    return try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    ).filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
  }

  func testEveryRecordingReaderCorpusFileIsRefusedOrRunsCleanly() throws {
    let files = try inputs("fuzz-recording-reader")
    XCTAssertGreaterThanOrEqual(files.count, 7, "the hand-made hostile files are there")
    for file in files {
      let outcome = RecordingFuzzCheck.run(path: file.path)
      XCTAssertEqual(outcome.problems, [], file.lastPathComponent)
    }
  }

  func testHandMadeHostileRecordingsGiveTheExpectedOutcome() throws {
    func outcome(_ name: String) -> FuzzOutcome {
      RecordingFuzzCheck.run(
        path: Self.corpus.appendingPathComponent("fuzz-recording-reader/hand-\(name).yml").path)
    }
    XCTAssertEqual(outcome("deep").error?.contains("hand-deep.yml:6: not valid YAML"), true)
    XCTAssertEqual(outcome("empty").error?.hasSuffix("empty file (not a libinput recording)"), true)
    XCTAssertEqual(outcome("huge").error?.hasSuffix("out of range"), true)
    XCTAssertEqual(outcome("nul").error?.contains("not valid YAML"), true)
    XCTAssertEqual(outcome("truncated").error?.contains("no 'evdev' section"), true)
    let laughs = outcome("laughs")
    XCTAssertNil(laughs.error, "an alias bomb in an ignored section is not expanded")
    XCTAssertEqual(laughs.touchDowns, 1)
    let slot = outcome("slot-intmax")
    XCTAssertNil(slot.error)
    XCTAssertEqual(slot.touchDowns, 1, "slot Int32.max is the last slot, and works")
  }

  func testEveryTouchDecoderCorpusInputRunsCleanly() throws {
    let files = try inputs("fuzz-touch-decoder")
    XCTAssertGreaterThanOrEqual(files.count, 10, "the hand-made hostile streams are there")
    for file in files {
      let outcome = DecoderFuzzCheck.run(bytes: try Data(contentsOf: file))
      XCTAssertEqual(outcome.problems, [], file.lastPathComponent)
    }
  }

  /// The fuzzers' seeds must run cleanly too, or every fuzz run would stop at once.
  func testTheFuzzSeedsRunCleanlyAndProduceTouches() throws {
    let root = Self.corpus.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let recordings = try FileManager.default.contentsOfDirectory(
      at: root.appendingPathComponent("Examples/recordings"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "yml" }
    XCTAssertGreaterThan(recordings.count, 5)
    for file in recordings {
      let outcome = RecordingFuzzCheck.run(path: file.path)
      XCTAssertEqual(outcome.problems, [], file.lastPathComponent)
      XCTAssertNil(outcome.error, file.lastPathComponent)
      XCTAssertGreaterThan(outcome.touchDowns, 0, file.lastPathComponent)
      let seed = root.appendingPathComponent(
        "Fuzz/seeds/touch-decoder/\(file.deletingPathExtension().lastPathComponent).bin")
      let decoded = DecoderFuzzCheck.run(bytes: try Data(contentsOf: seed))
      XCTAssertEqual(decoded.problems, [], seed.lastPathComponent)
      XCTAssertEqual(decoded.touchDowns, outcome.touchDowns, seed.lastPathComponent)
    }
  }

  func testDecoderInputsSurviveTheirByteFormat() {
    let input = HostileScenario.synDroppedMidGesture.input
    let again = DecoderFuzzInput(bytes: input.bytes)
    XCTAssertEqual(again, input)
    XCTAssertEqual(DecoderFuzzCheck.run(again), DecoderFuzzCheck.run(input))
  }
}
