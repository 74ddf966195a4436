// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

final class DecodingSpeedTests: XCTestCase {
  /// A minute of ten fingers at 240 Hz: per frame every finger moves on both axes, plus an
  /// MSC_TIMESTAMP and the SYN_REPORT (about 450,000 events).
  private static func tenFingerRecording(frames: Int) -> [EvdevEvent] {
    var events: [EvdevEvent] = []
    events.reserveCapacity(frames * 32 + 40)
    func add(_ time: UInt64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
      events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }
    for finger in 0..<10 {
      add(0, 3, EvdevCodes.ABS_MT_SLOT, Int32(finger))
      add(0, 3, EvdevCodes.ABS_MT_TRACKING_ID, Int32(finger + 1))
    }
    add(0, 0, 0, 0)
    for frame in 1..<frames {
      let time = UInt64(frame) * 4_167
      for finger in 0..<10 {
        add(time, 3, EvdevCodes.ABS_MT_SLOT, Int32(finger))
        add(time, 3, EvdevCodes.ABS_MT_POSITION_X, Int32(100 + finger * 150 + frame % 200))
        add(time, 3, EvdevCodes.ABS_MT_POSITION_Y, Int32(100 + finger * 80 + frame % 150))
      }
      add(time, 4, 5, Int32(truncatingIfNeeded: time))
      add(time, 0, 0, 0)
    }
    return events
  }

  func testATenFinger240HzMinuteDecodesEveryMotionAndFrameCleanly() throws {
    let events = Self.tenFingerRecording(frames: 14_100)
    XCTAssertGreaterThan(events.count, 450_000)
    var decoder = try TouchscreenDecoder(
      description: TestDevices.multitouch(), screen: .fullHD, deviceIndex: 0)
    var motions = 0
    var frames = 0
    var checksum = 0.0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for event in events {
        decoder.decode(event) { touch in
          switch touch.kind {
          case .motion: motions += 1
          case .frame: frames += 1
          default: break
          }
          checksum += touch.x
        }
      }
    }
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    print(
      "decoded \(events.count) events in \(String(format: "%.3f", seconds)) s "
        + "(\(Int(Double(events.count) / seconds)) events/s)")
    XCTAssertEqual(motions, (14_100 - 1) * 10)
    XCTAssertEqual(frames, 14_100)
    XCTAssertGreaterThan(checksum, 0)
    XCTAssertEqual(decoder.diagnostics, [])
    // No wall-clock assertion: the machines are noisy. Speed is measured by the benchmarks;
    // this test checks a minute of ten fingers decodes completely and cleanly.
  }
}
