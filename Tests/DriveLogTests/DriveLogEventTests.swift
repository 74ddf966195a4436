// SPDX-License-Identifier: MIT
import DriveLog
import Foundation
import Testing

/// The log's one schema: what the test seat writes (`jsonLine`) is what drive reads
/// (`Decodable`), field for field, with the field names docs/app-testing.md documents.
@Suite struct DriveLogEventTests {
  private func decoded(_ line: String) throws -> DriveLogEvent {
    try JSONDecoder().decode(DriveLogEvent.self, from: Data(line.utf8))
  }

  @Test func aTouchDownIsWrittenWithItsArgumentsAndReadBackTheSame() throws {
    var down = DriveLogEvent(.wlTouch)
    down.timeMicroseconds = 12_345_678
    (down.client, down.event, down.serial, down.touchTime) = (4711, "down", 9, 12345)
    (down.surface, down.id, down.x, down.y) = (3, 0, 100.5, 20)
    #expect(
      down.jsonLine
        == #"{"t":12.345678,"type":"wl_touch","client":4711,"event":"down","serial":9,"#
        + #""time":12345,"surface":3,"id":0,"x":100.5000,"y":20.0000}"#)
    #expect(try decoded(down.jsonLine) == down)
  }

  @Test func aGestureBridgeEventKeepsItsArgumentsInOrder() throws {
    var frame = DriveLogEvent(.gestureBridge)
    (frame.client, frame.interface, frame.object, frame.event) =
      (7, "gesture_bridge_recognizer_v1", 12, "frame")
    frame.arguments = [.integer(6), .integer(0), .number(1.25), .string("a \"b\"")]
    #expect(frame.jsonLine.hasSuffix(#""a0":6,"a1":0,"a2":1.2500,"a3":"a \"b\""}"#))
    #expect(try decoded(frame.jsonLine) == frame)
  }

  @Test func everyKindOfLineReadsBackTheSame() throws {
    var recording = DriveLogEvent(.recording)
    (recording.event, recording.path, recording.fit) = ("playing", "/r/pinch.yml", "output")
    (recording.frames, recording.seconds, recording.originMicroseconds) = (74, 1.25, 99_000_001)
    (recording.x, recording.y, recording.width, recording.height) = (0, 0, 1024, 640)
    var waiting = DriveLogEvent(.waiting)
    waiting.waitingFor = "a client window"
    var screenshot = DriveLogEvent(.screenshot)
    (screenshot.path, screenshot.after, screenshot.width, screenshot.height) =
      ("/s/00-before.png", "", 1024, 640)
    var done = DriveLogEvent(.done)
    (done.items, done.screenshots, done.windowsClosed) = (2, 3, 1)
    var error = DriveLogEvent(.error)
    error.message = "playlist /p cannot be read"
    for event in [recording, waiting, screenshot, done, error] {
      #expect(try decoded(event.jsonLine) == event, "\(event.jsonLine)")
    }
    #expect(waiting.jsonLine == #"{"type":"waiting","for":"a client window"}"#)
    #expect(done.jsonLine == #"{"type":"done","items":2,"screenshots":3,"windows_closed":1}"#)
  }

  @Test func aLineOfAnotherTypeIsNotAnEvent() {
    #expect(throws: (any Error).self) { try decoded(#"{"type":"summary","status":0}"#) }
  }
}
