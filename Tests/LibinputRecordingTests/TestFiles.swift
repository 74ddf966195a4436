// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// Writes test recordings into a fresh temporary directory that is removed afterwards.
final class TestFiles {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LibinputRecordingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The path of `name` in the directory.
  func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Writes raw `bytes` to `name` and returns its path.
  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let path = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The path of a bundled fixture.
  static func fixture(_ name: String) throws -> String {
    try XCTUnwrap(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
  }
}

/// A small valid one-device touchscreen recording header followed by `events`.
func touchscreenRecording(events: String, extraHeader: String = "") -> String {
  """
  version: 1
  ndevices: 1
  \(extraHeader)devices:
  - node: /dev/input/event5
    evdev:
      name: "Test Touchscreen"
      id: [3, 4660, 22136, 273]
      codes:
        0: [0]
        1: [330]
        3: [0, 1, 47, 53, 54, 57]
      absinfo:
        0: [0, 1919, 0, 0, 8]
        1: [0, 1079, 0, 0, 8]
        47: [0, 9, 0, 0, 0]
        53: [0, 1919, 0, 0, 8]
        54: [0, 1079, 0, 0, 8]
        57: [0, 65535, 0, 0, 0]
      properties: [1]
    udev:
      properties:
      - ID_INPUT=1
      - ID_INPUT_TOUCHSCREEN=1
    quirks:
    events:
  \(events)
  """
}
