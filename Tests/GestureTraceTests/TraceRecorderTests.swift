// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import GestureTrace
import Testing

private func frame(_ time: Int64, _ samples: [(UInt64, TouchPhase, Double, Double)]) -> TouchFrame {
  TouchFrame(
    timestampMicroseconds: time,
    samples: samples.map {
      TouchSample(id: TouchID($0.0), phase: $0.1, location: Point(x: $0.2, y: $0.3))
    })
}

private func report(
  _ time: Int64, _ name: String, _ state: GestureReport.State, type: RecognizerKind = .pan,
  at location: Point = Point(x: 10, y: 20)
) -> GestureReport {
  GestureReport(
    timeMicroseconds: time, recognizer: name, type: type, view: "v", state: state,
    location: location, touches: 1, values: GestureValues())
}

@Suite struct TraceRecorderTests {
  let scene = SceneDescription(
    screenWidth: 800, screenHeight: 600,
    views: [
      ViewDescription(
        name: "left", frame: Rect(x: 100, y: 50, width: 300, height: 300),
        children: [
          ViewDescription(
            name: "inner", frame: Rect(x: 10, y: 10, width: 100, height: 100),
            recognizers: [RecognizerDescription(name: "pan", type: .pan)])
        ],
        recognizers: [RecognizerDescription(name: "tap", type: .tap)])
    ])

  @Test func oneRowPerRecognizerOfTheSceneDepthFirstWithTheirViewsScreenOrigins() {
    let recorder = TraceRecorder(scene: scene)
    #expect(recorder.recognizers.map(\.name) == ["tap", "pan"])
    #expect(recorder.recognizers.map(\.type) == ["tap", "pan"])
    #expect(recorder.recognizers[1].viewOrigin == Point(x: 110, y: 60))
    #expect(recorder.screen == Size(width: 800, height: 600))
  }

  @Test func fingersAreNumberedByTheLowestNumberFreeAtTouchDown() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(frame(0, [(1, .began, 10, 10)]))
    recorder.record(frame(10, [(2, .began, 50, 50)]))
    recorder.record(frame(20, [(1, .ended, 10, 10)]))
    // Finger 1 lifted: the next finger down takes number 1 again; finger 2 keeps its number.
    recorder.record(frame(30, [(3, .began, 90, 90)]))
    recorder.record(frame(40, [(4, .began, 70, 70)]))
    #expect(recorder.fingers.map(\.number) == [1, 2, 1, 3])
    #expect(recorder.maximumFingerNumber == 3)
    #expect(recorder.fingers.map(\.ending) == [.lifted, .down, .down, .down])
  }

  @Test func fingerColoursAreStablePerNumberAndDistinctForTheFirstTen() {
    #expect(FingerPalette.colour(forFinger: 1) == "#0072B2")
    #expect(FingerPalette.colour(forFinger: 2) == "#D55E00")
    #expect(Set((1...10).map(FingerPalette.colour(forFinger:))).count == 10)
    #expect(FingerPalette.colour(forFinger: 11) == FingerPalette.colour(forFinger: 1))
  }

  @Test func aCancelledTouchEndsCancelledAndKeepsItsLastPosition() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(frame(0, [(7, .began, 10, 10)]))
    recorder.record(frame(8_000, [(7, .moved, 40, 10)]))
    recorder.record(frame(16_000, [(7, .cancelled, 40, 10)]))
    let finger = recorder.fingers[0]
    #expect(finger.ending == .cancelled)
    #expect(finger.startMicroseconds == 0)
    #expect(finger.endMicroseconds == 16_000)
    #expect(finger.points.first == TracePoint(timeMicroseconds: 0, x: 10, y: 10))
    #expect(finger.points.last?.x == 40)
  }

  @Test func aRestingFingerKeepsItsFirstAndLatestPositionOnly() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(frame(0, [(1, .began, 100, 100)]))
    for step in 1...200 {
      recorder.record(frame(Int64(step) * 1000, [(1, .moved, 100 + Double(step % 2) * 0.1, 100)]))
    }
    recorder.record(frame(300_000, [(1, .ended, 100, 100)]))
    let points = recorder.fingers[0].points
    #expect(points.count == 2)
    #expect(points[0].timeMicroseconds == 0)
    #expect(points[1].timeMicroseconds == 300_000)
  }

  @Test func continuousGesturesBecomeSegmentsFromBeganToEndedCountingChanges() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(report(100_000, "pan", .began))
    recorder.record(report(110_000, "pan", .changed))
    recorder.record(report(120_000, "pan", .changed))
    recorder.record(report(130_000, "pan", .ended))
    recorder.record(report(200_000, "pan", .began))
    recorder.record(report(250_000, "pan", .cancelled))
    recorder.record(report(300_000, "pan", .began))
    #expect(
      recorder.segments == [
        TraceSegment(
          recognizer: 1, startMicroseconds: 100_000, endMicroseconds: 130_000, changes: 2,
          outcome: .ended),
        TraceSegment(
          recognizer: 1, startMicroseconds: 200_000, endMicroseconds: 250_000, changes: 0,
          outcome: .cancelled),
        TraceSegment(
          recognizer: 1, startMicroseconds: 300_000, endMicroseconds: 300_000, changes: 0,
          outcome: nil),
      ])
    #expect(
      recorder.marks.map(\.state) == [
        .began, .changed, .changed, .ended, .began, .cancelled, .began,
      ])
  }

  @Test func changesAreMarkedAtMostOncePerIntervalAndAllCounted() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(report(0, "pan", .began))
    // 240 Hz for one second: 240 changes, 4,166 µs apart.
    for frame in 1...240 {
      recorder.record(report(Int64(frame) * 1_000_000 / 240, "pan", .changed))
    }
    recorder.record(report(1_010_000, "pan", .ended))
    #expect(recorder.segments.first?.changes == 240)
    let changeTimes = recorder.marks.filter { $0.state == .changed }.map(\.timeMicroseconds)
    // Every third frame is 12.5 ms after the last marked one; two frames are only 8.3 ms.
    #expect(changeTimes.count == 80)
    #expect(changeTimes.first == 12_500)
    for (earlier, later) in zip(changeTimes, changeTimes.dropFirst()) {
      #expect(later - earlier >= recorder.minimumChangeIntervalMicroseconds)
    }
    // A change without an open gesture (its began was never seen) is neither counted nor
    // marked.
    recorder.record(report(2_000_000, "pan", .changed))
    #expect(recorder.marks.last?.state == .ended)
  }

  @Test func discreteGesturesAreMarksAtTheirScreenLocation() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(report(500_000, "tap", .recognized, type: .tap, at: Point(x: 5, y: 6)))
    #expect(recorder.segments.isEmpty)
    #expect(
      recorder.marks == [
        TraceMark(
          timeMicroseconds: 500_000, recognizer: 0, state: .recognized,
          location: Point(x: 105, y: 56))
      ])
    #expect(recorder.endMicroseconds == 500_000)
  }

  @Test func aReportFromAnUnknownRecognizerGetsARowAtTheEnd() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(report(1, "stranger", .recognized, type: .swipe))
    #expect(recorder.recognizers.map(\.name) == ["tap", "pan", "stranger"])
    #expect(recorder.marks.first?.recognizer == 2)
  }

  @Test func aFailureIsAMarkAtItsScreenLocationOnItsRecognizersRow() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(report(100_000, "pan", .began))
    recorder.recordFailure(
      of: "tap", type: "tap", atMicroseconds: 100_000, location: Point(x: 1, y: 2))
    #expect(
      recorder.marks.last
        == TraceMark(
          timeMicroseconds: 100_000, recognizer: 0, state: .failed, location: Point(x: 101, y: 52)
        ))
    #expect(recorder.segments.count == 1, "a failure neither opens nor closes a band")
    #expect(recorder.segments.first?.outcome == nil)
    recorder.recordFailure(of: "stranger", type: "swipe", atMicroseconds: 150_000, location: .zero)
    #expect(recorder.recognizers.last == TraceRecognizer(name: "stranger", type: "swipe"))
    #expect(recorder.marks.last?.recognizer == 2)
    #expect(recorder.endMicroseconds == 150_000)
  }

  @Test func failuresCanBeRecordedAsMarks() {
    var recorder = TraceRecorder(scene: scene)
    recorder.record(.failed, recognizer: 0, atMicroseconds: 42, location: nil)
    #expect(recorder.marks.map(\.state) == [.failed])
  }
}
