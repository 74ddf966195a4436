// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

extension BuiltInRecognizerTests {
  @Suite("Swipe") struct Swipe {
    /// A one-finger stroke from (500, 500) by (`dx`, `dy`) in `steps` frames 10 ms apart.
    static func stroke(_ rig: Rig, dx: Double, dy: Double, steps: Int = 5) {
      rig.frame(0, down(1, 500, 500))
      rig.drag(1, from: (500, 500), to: (500 + dx, 500 + dy), startMs: 0, steps: steps, stepMs: 10)
    }

    @Test("swipe right is recognized during the movement, located where it started")
    func swipeRight() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { ($0.swipedDirection, $0.location(in: nil)) }
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, move(1, 530, 502))
      #expect(log.entries.isEmpty, "30 px is short of 50")
      rig.frame(20, move(1, 560, 505))
      #expect(log.states == [.ended], "recognized before the finger lifts")
      #expect(log.last?.0 == .right)
      #expect(log.last?.1 == Point(x: 500, y: 500))
      #expect(swipe.isContinuous == false)
    }

    @Test("swipe reports left when swiped left")
    func swipeLeft() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.direction = .left
      rig.add(swipe)
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: -80, dy: 5)
      #expect(log.values == [.left])
    }

    @Test("swipe reports up when swiped up, towards the top of the screen")
    func swipeUp() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.direction = .up
      rig.add(swipe)
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: 3, dy: -80)
      #expect(log.values == [.up])
    }

    @Test("swipe reports down when swiped down")
    func swipeDown() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.direction = .down
      rig.add(swipe)
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: -3, dy: 80)
      #expect(log.values == [.down])
    }

    @Test("swipe with several directions reports the single one swiped")
    func severalDirections() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.direction = [.left, .right, .up, .down]
      rig.add(swipe)
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: -10, dy: 90)
      #expect(log.values == [.down])
      #expect(swipe.swipedDirection == nil, "cleared by reset")
    }

    @Test("swipe fails when swiped in a direction that is not allowed")
    func wrongDirection() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())  // .right
      let log = journal(swipe) { $0.swipedDirection }
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, move(1, 470, 500))
      #expect(swipe.finishes.isEmpty)
      rig.frame(20, move(1, 440, 500))
      #expect(swipe.finishes == [.failed], "a clear swipe left fails at once")
      #expect(log.entries.isEmpty)
    }

    @Test("swipe fails when too slow")
    func tooSlow() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { $0.swipedDirection }
      rig.frame(0, down(1, 500, 500))
      // 80 px over 400 ms: 200 px/s < 300 px/s.
      rig.drag(1, from: (500, 500), to: (580, 500), startMs: 0, steps: 10, stepMs: 40)
      #expect(log.entries.isEmpty)
      #expect(swipe.finishes.isEmpty, "still possible: it could speed up before the deadline")
      rig.advance(to: 500)
      #expect(swipe.finishes == [.failed])
    }

    @Test("swipe minimum speed comes from the engine's settings")
    func speedFromSettings() {
      var settings = GestureSettings()
      settings.swipeMinimumSpeedPixelsPerSecond = 100
      let rig = Rig(settings: settings)
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { $0.swipedDirection }
      rig.frame(0, down(1, 500, 500))
      rig.drag(1, from: (500, 500), to: (580, 500), startMs: 0, steps: 10, stepMs: 40)
      #expect(log.values == [.right])
    }

    @Test("swipe fails when the swipe deadline passes")
    func deadline() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      rig.frame(0, down(1, 500, 500))
      rig.advance(to: 499)
      #expect(swipe.finishes.isEmpty)
      rig.advance(to: 500)
      #expect(swipe.finishes == [.failed])
    }

    @Test("swipe fails when the finger lifts before it travelled far enough")
    func liftedEarly() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { $0.swipedDirection }
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, move(1, 540, 500))
      rig.frame(20, up(1, 549, 500))
      #expect(swipe.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("swipe is not recognized when it deviates too far from the axis")
    func tooDiagonal() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: 80, dy: 41)  // 41/80 > 0.5
      #expect(log.entries.isEmpty)
      rig.advance(to: 500)
      #expect(swipe.finishes == [.failed])
    }

    @Test("swipe minimum distance comes from the engine's settings")
    func distanceFromSettings() {
      var settings = GestureSettings()
      settings.swipeMinimumDistancePixels = 100
      let rig = Rig(settings: settings)
      let swipe = rig.add(RecordingSwipe())
      let log = journal(swipe) { $0.swipedDirection }
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, move(1, 590, 500))
      #expect(log.entries.isEmpty)
      rig.frame(20, move(1, 600, 500))
      #expect(log.values == [.right])
    }

    @Test("two-finger swipe is recognized from the mean travel of both fingers")
    func twoFingers() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.numberOfTouchesRequired = 2
      rig.add(swipe)
      let log = journal(swipe) { ($0.swipedDirection, $0.location(in: nil)) }
      rig.frame(0, down(1, 500, 500), down(2, 500, 600))
      rig.frame(10, move(1, 560, 500))
      #expect(log.entries.isEmpty, "mean travel 30 px")
      rig.frame(20, move(2, 560, 600))
      #expect(log.last?.0 == .right)
      #expect(log.last?.1 == Point(x: 500, y: 550))
    }

    @Test("two-finger swipe is not recognized with one finger")
    func twoFingersWithOne() {
      let rig = Rig()
      let swipe = RecordingSwipe()
      swipe.numberOfTouchesRequired = 2
      rig.add(swipe)
      let log = journal(swipe) { $0.swipedDirection }
      Self.stroke(rig, dx: 100, dy: 0)
      #expect(log.entries.isEmpty)
      rig.advance(to: 500)
      #expect(swipe.finishes == [.failed])
    }

    @Test("swipe fails when more fingers than required land")
    func tooManyFingers() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, down(2, 500, 600))
      #expect(swipe.finishes == [.failed])
    }

    @Test("swipe fails when its touch is cancelled")
    func cancelled() {
      let rig = Rig()
      let swipe = rig.add(RecordingSwipe())
      rig.frame(0, down(1, 500, 500))
      rig.frame(10, cancel(1, 500, 500))
      #expect(swipe.finishes == [.failed])
    }
  }
}
