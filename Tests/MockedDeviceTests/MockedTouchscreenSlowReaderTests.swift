// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import LibinputRecording
import XCTest

/// A reader in another process that falls behind (a compositor under valgrind on a busy
/// machine) never reads a piece of an event from the mocked touchscreen: daemon-test-driver
/// writes each frame whole (`MockedTouchscreen.writeWhole`), waiting while the pty is more than
/// half full, instead of letting the full pty take part of a frame, which libinput answers by
/// dropping the device.
final class MockedTouchscreenSlowReaderTests: XCTestCase {
  /// Opens the node (named in the file given), sleeps 2 s while the driver plays, then reads
  /// until 3 s pass with nothing new; writes the size of each read, one a line.
  private static let reader = #"""
    import os, select, sys, time
    node = open(sys.argv[1]).read().strip()
    fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
    time.sleep(2.0)
    sizes = []
    quiet_until = time.monotonic() + 3.0
    while time.monotonic() < quiet_until:
        readable, _, _ = select.select([fd], [], [], 0.1)
        if readable:
            data = os.read(fd, 65536)
            if data:
                sizes.append(len(data))
                quiet_until = time.monotonic() + 3.0
    with open(sys.argv[2], "w") as out:
        out.write("".join(f"{size}\n" for size in sizes))
    """#

  func testASlowReaderReadsEveryEventWholeAndAllOfThem() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gb-slow-reader-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("reader.py").path
    let nodeFile = directory.appendingPathComponent("node.txt").path
    let sizesFile = directory.appendingPathComponent("sizes.txt").path
    try Self.reader.write(toFile: script, atomically: true, encoding: .utf8)
    let recording = CompositorSession.sourceRoot
      .appendingPathComponent("Examples/recordings/pinch.yml").path
    let driver = try MockedTouchscreenDriver(
      program: ["python3", script, nodeFile, sizesFile], iniTemplate: "@NODE@\n",
      iniPath: nodeFile, environment: ProcessInfo.processInfo.environment, preloadFirst: nil,
      output: directory.appendingPathComponent("output.txt"))
    defer { driver.close() }
    try driver.play(recording)
    let deadline = Date().addingTimeInterval(60)
    while driver.isProgramRunning && Date() < deadline { usleep(50_000) }
    XCTAssertFalse(driver.isProgramRunning, "the reader ended")

    var events = 0
    try RecordingReader(path: recording).forEachEvent { device, _ in
      if device == 0 { events += 1 }
    }
    let sizes = try String(contentsOfFile: sizesFile, encoding: .utf8)
      .split(separator: "\n").compactMap { Int($0) }
    let eventSize = 24  // struct input_event on x86_64 and aarch64
    XCTAssertEqual(sizes.filter { $0 % eventSize != 0 }, [], "a read took part of an event")
    // The driver's two events back to slot 0, then the recording's device's events.
    XCTAssertEqual(sizes.reduce(0, +), (events + 2) * eventSize, "every event arrived once")
    XCTAssertGreaterThan(events * eventSize, 4095, "more than the pty holds: the driver waited")
  }
}
