import LibinputRecording
import XCTest

/// The prefetcher hands out exactly what the reader gives, in order, in batches; a reader
/// error comes after the events read before it; dropping it early stops its thread.
final class EventPrefetcherTests: XCTestCase {
  private func recording(events count: Int, broken: Bool = false) -> String {
    var lines: [String] = []
    for index in 0..<count {
      lines.append("  - evdev:")
      lines.append("    - [  0, \(String(index % 1_000_000)),   3,  53,  \(index)]")
      lines.append("    - [  0, \(String(index % 1_000_000)),   0,   0,       0]")
    }
    if broken { lines.append("    - [  0,      1,   3,  53,  oops]") }
    return touchscreenRecording(events: lines.joined(separator: "\n"))
  }

  func testBatchesHoldTheReadersEventsInOrder() throws {
    let files = try TestFiles()
    let path = try files.write("many.yml", recording(events: 2_500))
    let expected = try RecordingReader.readAll(path: path).events
    let prefetcher = EventPrefetcher(try RecordingReader(path: path), batchSize: 64, batchCount: 2)
    var seen: [(device: Int, event: EvdevEvent)] = []
    var batches = 0
    while var batch = try prefetcher.nextBatch() {
      XCTAssertFalse(batch.isEmpty)
      XCTAssertLessThanOrEqual(batch.count, 64)
      seen += batch
      batches += 1
      prefetcher.recycle(&batch)
      XCTAssertTrue(batch.isEmpty)
    }
    XCTAssertEqual(seen.map(\.event), expected.map(\.event))
    XCTAssertEqual(seen.map(\.device), expected.map(\.device))
    XCTAssertEqual(batches, (expected.count + 63) / 64)
    XCTAssertNil(try prefetcher.nextBatch())
  }

  func testAnErrorComesAfterTheEventsBeforeIt() throws {
    let files = try TestFiles()
    let path = try files.write("broken.yml", recording(events: 100, broken: true))
    let prefetcher = EventPrefetcher(try RecordingReader(path: path), batchSize: 16)
    var count = 0
    do {
      while var batch = try prefetcher.nextBatch() {
        count += batch.count
        prefetcher.recycle(&batch)
      }
      XCTFail("the broken line was not reported")
    } catch let error as RecordingError {
      XCTAssertEqual(count, 200)
      XCTAssertTrue(error.description.contains("non-number"), error.description)
    }
  }

  func testDroppingItEarlyStopsReading() throws {
    let files = try TestFiles()
    let path = try files.write("long.yml", recording(events: 5_000))
    for _ in 0..<20 {
      let prefetcher = EventPrefetcher(try RecordingReader(path: path), batchSize: 8, batchCount: 2)
      XCTAssertNotNil(try prefetcher.nextBatch())
      // Not recycled, not drained: the reading thread is blocked waiting for a free batch
      // and must stop when the prefetcher goes.
    }
  }
}
