// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

extension BuiltInRecognizerTests {
  @Suite("Long press") struct LongPress {
    @Test("long press begins after minimumPressDuration of virtual time")
    func beginsAfterDuration() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.location(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 499)
      #expect(log.entries.isEmpty)
      rig.advance(to: 500)
      #expect(log.states == [.began])
      #expect(log.last == Point(x: 100, y: 100))
      #expect(press.isContinuous)
    }

    @Test("long press sends changed on movement past allowableMovement once begun, ended on lift")
    func changedThenEnded() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.location(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 600)
      rig.frame(650, move(1, 140, 100))
      rig.frame(700, move(1, 300, 200))
      rig.frame(750, up(1, 300, 200))
      #expect(log.states == [.began, .changed, .changed, .ended])
      #expect(log.values[2] == Point(x: 300, y: 200))
      #expect(press.finishes == [.ended])
    }

    @Test("long press fails when the finger lifts before minimumPressDuration")
    func liftedEarly() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(400, up(1, 100, 100))
      rig.advance(to: 1000)
      #expect(press.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("long press fails when the finger moves past allowableMovement before it begins")
    func movedTooFar() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, move(1, 111, 100))
      #expect(press.finishes == [.failed])
      rig.advance(to: 1000)
      #expect(log.entries.isEmpty)
    }

    @Test("long press tolerates movement within allowableMovement")
    func movedWithinAllowance() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, move(1, 109, 100))
      rig.advance(to: 500)
      #expect(log.states == [.began])
    }

    @Test("long press allowableMovement is configurable")
    func customAllowance() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.allowableMovement = 30
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, move(1, 125, 100))
      rig.advance(to: 500)
      #expect(log.states == [.began])
    }

    @Test("long press minimumPressDuration is configurable")
    func customDuration() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.minimumPressDuration = 1.2
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 1199)
      #expect(log.entries.isEmpty)
      rig.advance(to: 1200)
      #expect(log.states == [.began])
    }

    @Test("two-finger long press times the press from the second finger's landing")
    func twoFingers() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.numberOfTouchesRequired = 2
      rig.add(press)
      let log = journal(press) { $0.location(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, down(2, 200, 100))
      rig.advance(to: 599)
      #expect(log.entries.isEmpty)
      rig.advance(to: 600)
      #expect(log.states == [.began])
      #expect(log.last == Point(x: 150, y: 100))
    }

    @Test("two-finger long press fails when only one finger presses")
    func twoFingersWithOne() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.numberOfTouchesRequired = 2
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 2000)
      #expect(press.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("long press fails when an extra finger lands before it begins")
    func extraFingerBeforeBegin() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, down(2, 300, 100))
      #expect(press.finishes == [.failed])
    }

    @Test("long press ignores an extra finger after it began")
    func extraFingerAfterBegin() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.numberOfTouches }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 500)
      rig.frame(600, down(2, 300, 100))
      rig.frame(650, move(2, 320, 100))
      rig.frame(700, up(2, 320, 100))
      #expect(log.states == [.began], "the extra finger neither changes nor ends it")
      rig.frame(800, up(1, 100, 100))
      #expect(log.states == [.began, .ended])
      #expect(log.values == [1, 1])
    }

    @Test("long press with numberOfTapsRequired 1 begins on a press after a tap")
    func tapThenPress() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.numberOfTapsRequired = 1
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(60, up(1, 100, 100))
      rig.frame(200, down(2, 104, 100))
      rig.advance(to: 699)
      #expect(log.entries.isEmpty)
      rig.advance(to: 700)
      #expect(log.states == [.began])
    }

    @Test("long press with numberOfTapsRequired 1 does not begin on a plain press")
    func pressWithoutTap() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.numberOfTapsRequired = 1
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 2000)
      #expect(log.entries.isEmpty)
      #expect(press.finishes == [.failed])
    }

    @Test("long press after a tap fails when the press comes after the multi-tap interval")
    func pressTooLateAfterTap() {
      let rig = Rig()
      let press = RecordingLongPress()
      press.numberOfTapsRequired = 1
      rig.add(press)
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(60, up(1, 100, 100))
      rig.advance(to: 360)
      #expect(press.finishes == [.failed])
      rig.frame(400, down(2, 100, 100))
      rig.advance(to: 2000)
      #expect(log.entries.isEmpty)
    }

    @Test("long press is cancelled when its touch is cancelled after it began")
    func cancelledAfterBegin() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      let log = journal(press) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 500)
      rig.frame(600, cancel(1, 100, 100))
      #expect(log.states == [.began, .cancelled])
      #expect(press.finishes == [.cancelled])
    }

    @Test("long press fails when its touch is cancelled before it began")
    func cancelledBeforeBegin() {
      let rig = Rig()
      let press = rig.add(RecordingLongPress())
      rig.frame(0, down(1, 100, 100))
      rig.frame(100, cancel(1, 100, 100))
      #expect(press.finishes == [.failed])
    }
  }
}
