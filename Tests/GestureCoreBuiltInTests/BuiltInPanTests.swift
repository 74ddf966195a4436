// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

extension BuiltInRecognizerTests {
  @Suite("Pan") struct Pan {
    @Test("pan begins once the centroid moves past the hysteresis, translation included")
    func beginsPastHysteresis() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 110, 100))
      rig.frame(20, move(1, 118, 100))  // exactly 18 px: not past it
      #expect(log.entries.isEmpty)
      rig.frame(30, move(1, 125, 100))
      #expect(log.states == [.began])
      #expect(log.last == Point(x: 25, y: 0))
    }

    @Test("pan translation counts from the start and sends changed per movement, ended on lift")
    func changedAndEnded() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 130, 100))
      rig.frame(20, move(1, 160, 90))
      rig.frame(30, move(1, 170, 140))
      rig.frame(40, up(1, 170, 140))
      #expect(log.states == [.began, .changed, .changed, .ended])
      #expect(
        log.values == [
          Point(x: 30, y: 0), Point(x: 60, y: -10), Point(x: 70, y: 40), Point(x: 70, y: 40),
        ])
      #expect(pan.finishes == [.ended])
    }

    @Test("pan fails when the finger lifts without moving past the hysteresis")
    func liftedWithoutPanning() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 110, 100))
      rig.frame(20, up(1, 110, 100))
      #expect(pan.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("pan hysteresis comes from the engine's settings")
    func hysteresisFromSettings() {
      var settings = GestureSettings()
      settings.panHysteresisPixels = 50
      let rig = Rig(settings: settings)
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 140, 100))
      #expect(log.entries.isEmpty)
      rig.frame(20, move(1, 151, 100))
      #expect(log.states == [.began])
    }

    @Test("pan translation ignores the centroid jump when a second finger lands")
    func secondFingerLands() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 130, 100))
      rig.frame(20, down(2, 500, 300), move(1, 140, 100))
      #expect(log.last == Point(x: 40, y: 0), "the new finger does not count in its frame")
      rig.frame(30, move(1, 150, 100), move(2, 510, 300))
      #expect(log.last == Point(x: 50, y: 0), "both moved 10 px right")
      rig.frame(40, move(2, 530, 300))
      #expect(log.last == Point(x: 60, y: 0), "one of two moving 20 px moves the centroid 10")
    }

    @Test("pan translation ignores the centroid jump when a finger lifts")
    func fingerLifts() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 100, 100), down(2, 300, 100))
      rig.frame(10, move(1, 130, 100), move(2, 330, 100))
      #expect(log.last == Point(x: 30, y: 0))
      rig.frame(20, up(2, 330, 100))
      rig.frame(30, move(1, 140, 100))
      #expect(log.states == [.began, .changed])
      #expect(log.last == Point(x: 40, y: 0))
    }

    @Test("pan with minimumNumberOfTouches 2 waits for two fingers and ends when one lifts")
    func minimumTwo() {
      let rig = Rig()
      let pan = RecordingPan()
      pan.minimumNumberOfTouches = 2
      rig.add(pan)
      let log = journal(pan) { $0.translation(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 200, 100))
      #expect(log.entries.isEmpty, "one finger does not pan")
      rig.frame(20, down(2, 300, 100))
      rig.frame(30, move(1, 210, 100), move(2, 310, 100))
      #expect(log.entries.isEmpty, "10 px since two fingers were down")
      rig.frame(40, move(1, 230, 100), move(2, 330, 100))
      #expect(log.states == [.began])
      #expect(log.last == Point(x: 30, y: 0), "counted from when the second finger landed")
      rig.frame(50, up(2, 330, 100))
      #expect(log.states == [.began, .ended])
    }

    @Test("pan fails when more than maximumNumberOfTouches fingers land before it began")
    func tooManyBeforeBegin() {
      let rig = Rig()
      let pan = RecordingPan()
      pan.maximumNumberOfTouches = 1
      rig.add(pan)
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, down(2, 300, 100))
      #expect(pan.finishes == [.failed])
    }

    @Test("pan ignores fingers beyond maximumNumberOfTouches after it began")
    func extraIgnoredAfterBegin() {
      let rig = Rig()
      let pan = RecordingPan()
      pan.maximumNumberOfTouches = 1
      rig.add(pan)
      let log = journal(pan) { ($0.translation(in: nil), $0.numberOfTouches) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 130, 100))
      rig.frame(20, down(2, 500, 500))
      rig.frame(30, move(2, 600, 600))
      rig.frame(40, up(2, 600, 600))
      #expect(log.states == [.began], "the ignored finger neither changes nor ends it")
      rig.frame(50, move(1, 140, 100))
      #expect(log.states == [.began, .changed])
      #expect(log.last?.0 == Point(x: 40, y: 0))
      #expect(log.last?.1 == 1)
    }

    @Test("pan setTranslation rebases the translation, later movement adds to it")
    func setTranslation() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      var seen: [Point] = []
      pan.addTarget { sender in
        let pan = sender as! PanGestureRecognizer
        seen.append(pan.translation(in: nil))
        pan.setTranslation(.zero, in: nil)
      }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 130, 100))
      rig.frame(20, move(1, 135, 110))
      rig.frame(30, move(1, 135, 120))
      #expect(seen == [Point(x: 30, y: 0), Point(x: 5, y: 10), Point(x: 0, y: 10)])
    }

    @Test("pan translation and velocity are the same vectors in any view")
    func translationInSubview() {
      let rig = Rig()
      let panel = View(name: "panel", frame: Rect(x: 50, y: 60, width: 800, height: 800))
      rig.root.addSubview(panel)
      let pan = rig.add(RecordingPan(), to: panel)
      let log = journal(pan) { ($0.translation(in: panel), $0.translation(in: nil)) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 130, 110))
      #expect(log.last?.0 == Point(x: 30, y: 10))
      #expect(log.last?.1 == Point(x: 30, y: 10))
    }

    @Test("pan velocity of a finger moving at a constant 1000 px/s is about 1000 px/s")
    func constantVelocity() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.velocity(in: nil) }
      rig.frame(0, down(1, 100, 100))
      // 8 ms frames, 8 px each: 1000 px/s to the right, 500 px/s down.
      for step in 1...30 {
        let s = Double(step)
        rig.frame(8 * s, move(1, 100 + 8 * s, 100 + 4 * s))
      }
      rig.frame(248, up(1, 340, 220))
      let velocity = log.last!
      #expect(abs(velocity.x - 1000) < 30, "x velocity \(velocity.x)")
      #expect(abs(velocity.y - 500) < 15, "y velocity \(velocity.y)")
      #expect(log.states.last == .ended)
    }

    @Test("pan velocity follows a change of speed within the velocity horizon")
    func velocityChanges() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.velocity(in: nil).x }
      rig.frame(0, down(1, 100, 100))
      var x = 100.0
      for step in 1...20 {  // 1000 px/s
        x += 8
        rig.frame(8 * Double(step), move(1, x, 100))
      }
      for step in 21...40 {  // then 2000 px/s
        x += 16
        rig.frame(8 * Double(step), move(1, x, 100))
      }
      #expect(abs(log.last! - 2000) < 60, "velocity \(log.last!)")
    }

    @Test("pan velocity is zero when the finger rested before lifting")
    func velocityAfterRest() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.velocity(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.drag(1, from: (100, 100), to: (300, 100), startMs: 0, steps: 25, stepMs: 8)
      rig.frame(400, up(1, 300, 100))
      #expect(log.states.last == .ended)
      #expect(log.last == .zero)
    }

    @Test("pan is cancelled when its touch is cancelled after it began")
    func cancelledAfterBegin() {
      let rig = Rig()
      let pan = rig.add(RecordingPan())
      let log = journal(pan) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 150, 100))
      rig.frame(20, cancel(1, 150, 100))
      #expect(log.states == [.began, .cancelled])
    }

    @Test("pan beginning makes a tap sharing its finger fail")
    func panDefeatsTap() {
      var settings = GestureSettings()
      settings.tapSlopPixels = 40  // the tap would survive the movement on its own
      let rig = Rig(settings: settings)
      let tap = rig.add(RecordingTap())
      let pan = rig.add(RecordingPan())
      let taps = journal(tap) { $0.state }
      rig.frame(0, down(1, 100, 100))
      rig.frame(10, move(1, 117, 100))
      rig.frame(20, move(1, 119, 100))
      #expect(pan.state == .began)
      #expect(tap.finishes == [.failed])
      rig.frame(30, up(1, 119, 100))
      #expect(taps.entries.isEmpty)
    }
  }
}
