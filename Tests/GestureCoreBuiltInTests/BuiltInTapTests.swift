// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

extension BuiltInRecognizerTests {
  @Suite("Tap") struct Tap {
    @Test("a single tap is recognized when the finger lifts, at the tap's location")
    func singleTap() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      let log = journal(tap) { ($0.taps, $0.location(in: nil)) }
      rig.frame(0, down(1, 100, 100))
      #expect(log.entries.isEmpty, "nothing before the lift")
      rig.frame(80, up(1, 104, 100))
      #expect(log.states == [.ended])
      #expect(log.last?.0 == 1)
      #expect(log.last?.1 == Point(x: 104, y: 100))
      #expect(tap.finishes == [.ended])
      #expect(tap.isContinuous == false)
    }

    @Test("tap fails when the touch moves past the tap slop")
    func slopExceeded() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(20, move(1, 119, 100))  // 19 px > 18 px
      #expect(tap.finishes == [.failed])
      rig.frame(40, up(1, 119, 100))
      #expect(log.entries.isEmpty)
    }

    @Test("tap still counts when the touch wanders within the tap slop")
    func withinSlop() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(20, move(1, 112, 112))  // 16.97 px
      rig.frame(40, up(1, 112, 112))
      #expect(log.states == [.ended])
    }

    @Test("tap slop comes from the engine's settings")
    func slopFromSettings() {
      var settings = GestureSettings()
      settings.tapSlopPixels = 5
      let rig = Rig(settings: settings)
      let tap = rig.add(RecordingTap())
      rig.frame(0, down(1, 100, 100))
      rig.frame(20, move(1, 106, 100))
      #expect(tap.finishes == [.failed])
    }

    @Test("tap fails when the finger stays down longer than the tap maximum duration")
    func heldTooLong() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      rig.frame(0, down(1, 100, 100))
      rig.advance(to: 999)
      #expect(tap.finishes.isEmpty)
      rig.advance(to: 1000)
      #expect(tap.finishes == [.failed], "the timer fails it while the finger is still down")
    }

    @Test("double tap is recognized on the second lift, not the first")
    func doubleTap() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTapsRequired = 2
      rig.add(tap)
      let log = journal(tap) { ($0.taps, $0.location(in: nil)) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(60, up(1, 100, 100))
      #expect(log.entries.isEmpty)
      #expect(tap.taps == 1)
      rig.frame(200, down(2, 110, 105))
      rig.frame(260, up(2, 110, 105))
      #expect(log.states == [.ended])
      #expect(log.last?.0 == 2)
      #expect(log.last?.1 == Point(x: 110, y: 105), "location is the last tap's")
      #expect(tap.taps == 0, "reset after recognition")
    }

    @Test("double tap fails when the second tap does not come within the multi-tap interval")
    func doubleTapTooSlow() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTapsRequired = 2
      rig.add(tap)
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(60, up(1, 100, 100))
      rig.advance(to: 359)
      #expect(tap.finishes.isEmpty)
      rig.advance(to: 360)
      #expect(tap.finishes == [.failed])
      rig.frame(400, down(2, 100, 100))
      rig.frame(450, up(2, 100, 100))
      #expect(log.entries.isEmpty, "the late tap starts a new sequence, one tap short")
    }

    @Test("double tap fails when the second tap lands beyond the multi-tap slop")
    func doubleTapTooFar() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTapsRequired = 2
      rig.add(tap)
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(60, up(1, 100, 100))
      rig.frame(150, down(2, 201, 100))  // 101 px away
      #expect(tap.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("triple tap needs three taps")
    func tripleTap() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTapsRequired = 3
      rig.add(tap)
      let log = journal(tap) { $0.taps }
      for (index, start) in [0.0, 150, 300].enumerated() {
        #expect(log.entries.isEmpty)
        rig.frame(start, down(UInt64(index + 1), 100, 100))
        rig.frame(start + 50, up(UInt64(index + 1), 100, 100))
      }
      #expect(log.values == [3])
    }

    @Test("two-finger tap is recognized at the centroid of the fingers")
    func twoFingerTap() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTouchesRequired = 2
      rig.add(tap)
      let log = journal(tap) { $0.location(in: nil) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(30, down(2, 200, 100))
      rig.frame(80, up(1, 100, 100))
      #expect(log.entries.isEmpty, "one finger is still down")
      rig.frame(90, up(2, 200, 100))
      #expect(log.states == [.ended])
      #expect(log.last == Point(x: 150, y: 100))
    }

    @Test("two-finger tap fails when only one finger taps")
    func twoFingerTapWithOneFinger() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTouchesRequired = 2
      rig.add(tap)
      rig.frame(0, down(1, 100, 100))
      rig.frame(50, up(1, 100, 100))
      #expect(tap.finishes == [.failed])
    }

    @Test("two-finger tap fails when the second finger lands after the landing window")
    func twoFingerTapLateFinger() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTouchesRequired = 2
      rig.add(tap)
      rig.frame(0, down(1, 100, 100))
      rig.frame(151, down(2, 200, 100))
      #expect(tap.finishes == [.failed])
    }

    @Test("tap fails when more fingers than required land")
    func tooManyFingers() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(20, down(2, 150, 100))
      #expect(tap.finishes == [.failed])
      rig.frame(60, up(1, 100, 100), up(2, 150, 100))
      #expect(log.entries.isEmpty)
    }

    @Test("two-finger double tap needs both fingers on both taps")
    func twoFingerDoubleTap() {
      let rig = Rig()
      let tap = RecordingTap()
      tap.numberOfTouchesRequired = 2
      tap.numberOfTapsRequired = 2
      rig.add(tap)
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100), down(2, 200, 100))
      rig.frame(50, up(1, 100, 100), up(2, 200, 100))
      rig.frame(150, down(3, 105, 100), down(4, 205, 100))
      rig.frame(200, up(3, 105, 100), up(4, 205, 100))
      #expect(log.values == [2])
    }

    @Test("tap fails when its touch is cancelled")
    func cancelled() {
      let rig = Rig()
      let tap = rig.add(RecordingTap())
      let log = journal(tap) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(30, cancel(1, 100, 100))
      #expect(tap.finishes == [.failed])
      #expect(log.entries.isEmpty)
    }

    @Test("tap location converts into a subview's coordinates")
    func locationInSubview() {
      let rig = Rig()
      let panel = View(name: "panel", frame: Rect(x: 50, y: 60, width: 300, height: 300))
      rig.root.addSubview(panel)
      let tap = rig.add(RecordingTap(), to: panel)
      let log = journal(tap) { $0.location(in: panel) }
      rig.frame(0, down(1, 100, 100))
      rig.frame(50, up(1, 100, 100))
      #expect(log.last == Point(x: 50, y: 40))
    }

    @Test("single tap that requires a double tap to fail is recognized after the interval")
    func singleWaitsForDouble() {
      let rig = Rig()
      let single = rig.add(RecordingTap())
      let double = RecordingTap()
      double.numberOfTapsRequired = 2
      rig.add(double)
      single.require(toFail: double)
      let singles = journal(single) { $0.taps }
      let doubles = journal(double) { $0.taps }
      rig.frame(0, down(1, 100, 100))
      rig.frame(50, up(1, 100, 100))
      #expect(singles.entries.isEmpty, "waits for the double tap to fail")
      rig.advance(to: 350)
      #expect(double.finishes == [.failed])
      #expect(singles.values == [1])
      // A double tap: the single tap never fires.
      rig.frame(1000, down(2, 100, 100))
      rig.frame(1050, up(2, 100, 100))
      rig.frame(1150, down(3, 100, 100))
      rig.frame(1200, up(3, 100, 100))
      rig.advance(to: 2000)
      #expect(doubles.values == [2])
      #expect(singles.values == [1])
    }
  }
}
