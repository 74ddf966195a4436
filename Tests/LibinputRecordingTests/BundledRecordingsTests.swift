// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import TouchInput
import XCTest

final class BundledRecordingsTests: XCTestCase {
  private var committedDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/recordings")
  }

  func testRegeneratingTheBundledSetGivesExactlyTheCommittedFiles() throws {
    let files = try TestFiles()
    try BundledRecordings.writeAll(toDirectory: files.directory.path)
    let committed = try FileManager.default.contentsOfDirectory(atPath: committedDirectory.path)
      // `recorded-*.yml` were written by real `libinput record`, not generated.
      .filter { $0.hasSuffix(".yml") && !$0.hasPrefix("recorded-") }.sorted()
    XCTAssertEqual(committed, BundledRecordings.all.map(\.fileName).sorted())
    for recording in BundledRecordings.all {
      let fresh = try Data(contentsOf: files.directory.appendingPathComponent(recording.fileName))
      let kept = try Data(
        contentsOf: committedDirectory.appendingPathComponent(recording.fileName))
      XCTAssertEqual(
        fresh, kept,
        "\(recording.fileName) drifted: run `swift run make-recordings bundled --output "
          + "Examples/recordings`")
    }
  }

  func testEveryBundledRecordingStartsWithAnEmptyFrameAndGesturesAtHalfASecond() throws {
    for recording in BundledRecordings.all {
      let path = committedDirectory.appendingPathComponent(recording.fileName).path
      let (header, events) = try RecordingReader.readAll(path: path)
      XCTAssertEqual(header.devices, [recording.device], recording.fileName)
      XCTAssertEqual(
        events.first?.event, EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0))
      XCTAssertEqual(events.dropFirst().first?.event.timeMicroseconds, 500_000, recording.fileName)
      // Every touch that starts also ends: the device is back to no contact at the end.
      let touches = events.filter { $0.event.type == 1 && $0.event.code == 330 }
      XCTAssertEqual(touches.last?.event.value, 0, recording.fileName)
    }
  }

  private func events(_ name: String) throws -> [EvdevEvent] {
    try RecordingReader.readAll(path: committedDirectory.appendingPathComponent(name).path)
      .events.map(\.event)
  }

  private func trackingIDs(_ events: [EvdevEvent]) -> [(UInt64, Int32)] {
    events.filter { $0.type == 3 && $0.code == EvdevCodes.ABS_MT_TRACKING_ID }
      .map { ($0.timeMicroseconds, $0.value) }
  }

  func testTheProtocolARecordingListsUpToThreeContactsPerFrameWithoutSlots() throws {
    let events = try events("protocol-a-three-finger-swipe.yml")
    XCTAssertFalse(events.contains { $0.type == 3 && $0.code == EvdevCodes.ABS_MT_SLOT })
    let contactsPerFrame = events.split(omittingEmptySubsequences: false) {
      $0.type == 0 && $0.code == EvdevCodes.SYN_REPORT
    }.dropLast().map { frame in frame.filter { $0.code == EvdevCodes.ABS_MT_POSITION_X }.count }
    // Lead-in frame, then the fingers land one by one, move together and lift one by one.
    XCTAssertEqual(contactsPerFrame.prefix(4), [0, 1, 2, 3])
    XCTAssertEqual(contactsPerFrame.suffix(3), [2, 1, 0])
    XCTAssertEqual(contactsPerFrame.max(), 3)
  }

  func testDoubleTapHasTwoTouchesStarting150MillisecondsApart() throws {
    let ids = trackingIDs(try events("double-tap.yml"))
    XCTAssertEqual(ids.map(\.0), [500_000, 580_000, 650_000, 730_000])
    XCTAssertEqual(ids.map(\.1), [1, -1, 2, -1])
  }

  func testPalmEndsWithPalmToolTypeThenRelease() throws {
    let all = try events("palm.yml")
    let palm = try XCTUnwrap(all.firstIndex { $0.code == EvdevCodes.ABS_MT_TOOL_TYPE })
    XCTAssertEqual(all[palm].value, EvdevCodes.MT_TOOL_PALM)
    XCTAssertEqual(all[palm].timeMicroseconds, 700_000)
    let release = try XCTUnwrap(trackingIDs(all).last)
    XCTAssertEqual(release.1, -1)
    XCTAssertGreaterThan(release.0, 700_000)
  }

  func testRotationEndsAQuarterTurnClockwise() throws {
    let all = try events("rotation.yml")
    var x: [Int: Int32] = [:]
    var y: [Int: Int32] = [:]
    var slot = 0
    for event in all where event.type == 3 {
      switch event.code {
      case EvdevCodes.ABS_MT_SLOT: slot = Int(event.value)
      case EvdevCodes.ABS_MT_POSITION_X: x[slot] = event.value
      case EvdevCodes.ABS_MT_POSITION_Y: y[slot] = event.value
      default: break
      }
    }
    XCTAssertEqual(x[0], 960)
    XCTAssertEqual(y[0], 690)
    XCTAssertEqual(x[1], 960)
    XCTAssertEqual(y[1], 390)
  }

  func testEdgePanStartsAtTheLeftEdge() throws {
    let first = try XCTUnwrap(
      try events("edge-pan.yml").first { $0.code == EvdevCodes.ABS_MT_POSITION_X })
    XCTAssertEqual(first.value, 5)
  }
}
