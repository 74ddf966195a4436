// SPDX-License-Identifier: MIT
import GestureCore
import GestureReplay
import GestureScene
import Testing

/// A touchscreen of a given physical size and pixel count: its recordings are written in
/// device units from positions in millimetres, and replayed with a scene of its screen.
private struct Screen {
  var widthPixels: Int
  var heightPixels: Int
  /// Axis maxima (minimum 0) and units per millimetre (0: no resolution reported).
  var maxX: Int
  var maxY: Int
  var xUnitsPerMillimetre: Int
  var yUnitsPerMillimetre: Int

  /// A 6" phone, 1080x2340 px, its digitizer one unit per pixel at 17 units/mm
  /// (63.5 x 137.6 mm, 17.0 px/mm).
  static let phone = Screen(
    widthPixels: 1080, heightPixels: 2340, maxX: 1079, maxY: 2339, xUnitsPerMillimetre: 17,
    yUnitsPerMillimetre: 17)
  /// A 27" 4K monitor, 3840x2160 px, with a HID touch overlay of 0...32767 on both axes at 55
  /// and 97 units/mm (595.8 x 337.8 mm, 6.42 px/mm).
  static let monitor4K = Screen(
    widthPixels: 3840, heightPixels: 2160, maxX: 32767, maxY: 32767, xUnitsPerMillimetre: 55,
    yUnitsPerMillimetre: 97)

  /// Pixels per millimetre of the screen (the digitizer covers it).
  var pixelsPerMillimetre: Double {
    let across = Double(widthPixels) / (Double(maxX) / Double(xUnitsPerMillimetre))
    let down = Double(heightPixels) / (Double(maxY) / Double(yUnitsPerMillimetre))
    return (across * down).squareRoot()
  }

  /// The same panel reporting no resolution.
  var withoutResolution: Screen {
    var screen = self
    screen.xUnitsPerMillimetre = 0
    screen.yUnitsPerMillimetre = 0
    return screen
  }

  /// A recording on this panel; `units` turns millimetres into device units (on a panel
  /// without resolution, the units of the panel with it).
  func fixture() -> RecordingFixture {
    var fixture = RecordingFixture()
    fixture.devices = [
      .panel(
        maxX: maxX, maxY: maxY, xUnitsPerMillimetre: xUnitsPerMillimetre,
        yUnitsPerMillimetre: yUnitsPerMillimetre)
    ]
    fixture.frame(0, [])
    return fixture
  }

  /// The scene: one full-screen view with a tap, a one-finger pan and a long press that may
  /// all recognize together, so each shows what it makes of the movement.
  var scene: SceneDescription {
    get throws {
      try SceneDescription.parse(
        json: """
          {"screen": {"width": \(widthPixels), "height": \(heightPixels)},
           "views": [{"name": "screen", "frame": [0, 0, \(widthPixels), \(heightPixels)],
             "children": [], "recognizers": [
               {"name": "tap", "type": "tap", "recognizesSimultaneouslyWith": ["pan", "hold"]},
               {"name": "pan", "type": "pan", "maximumNumberOfTouches": 1,
                "recognizesSimultaneouslyWith": ["hold"]},
               {"name": "hold", "type": "long-press"}]}]}
          """, file: "scene.json")
    }
  }
}

/// One finger's path on a screen, in millimetres from its top-left corner.
private struct Stroke {
  /// (time in microseconds, x mm, y mm); the finger lands at the first and lifts after the
  /// last.
  var points: [(time: UInt64, x: Double, y: Double)]
  var liftTime: UInt64

  /// A finger landing at (x, y) mm at 0.5 s, wobbling `wobble` mm right and back over 80 ms
  /// (every 10 ms), lifted at 0.6 s: a tap with a shaky finger.
  static func tap(x: Double, y: Double, wobble: Double) -> Stroke {
    var points: [(time: UInt64, x: Double, y: Double)] = []
    for step in 0...8 {
      let offset = wobble * (1 - abs(Double(step - 4)) / 4)
      points.append((500_000 + UInt64(step) * 10_000, x + offset, y))
    }
    return Stroke(points: points, liftTime: 600_000)
  }

  /// A finger landing at (x, y) mm at 0.5 s and dragged `distance` mm right over 300 ms
  /// (every 10 ms), held 200 ms, lifted: a slow drag.
  static func drag(x: Double, y: Double, distance: Double) -> Stroke {
    var points: [(time: UInt64, x: Double, y: Double)] = []
    for step in 0...30 {
      points.append((500_000 + UInt64(step) * 10_000, x + distance * Double(step) / 30, y))
    }
    return Stroke(points: points, liftTime: 1_000_000)
  }

  /// A finger landing at (x, y) mm at 0.5 s and wandering `wander` mm right and back over
  /// 1.2 s while it rests, lifted at 1.75 s: a long press with a resting finger (too long
  /// for a tap).
  static func hold(x: Double, y: Double, wander: Double) -> Stroke {
    var points: [(time: UInt64, x: Double, y: Double)] = []
    for step in 0...16 {
      let offset = wander * (1 - abs(Double(step - 8)) / 8)
      points.append((500_000 + UInt64(step) * 75_000, x + offset, y))
    }
    return Stroke(points: points, liftTime: 1_750_000)
  }
}

/// Replays `stroke` on `screen` (positions in the panel's units: millimetres times the
/// resolution of `units`, the panel with its resolution).
private func replay(_ stroke: Stroke, on screen: Screen, units: Screen? = nil) throws
  -> ReplayOutcome
{
  let units = units ?? screen
  var fixture = screen.fixture()
  func x(_ mm: Double) -> Int { Int((mm * Double(units.xUnitsPerMillimetre)).rounded()) }
  func y(_ mm: Double) -> Int { Int((mm * Double(units.yUnitsPerMillimetre)).rounded()) }
  for (index, point) in stroke.points.enumerated() {
    fixture.frame(
      point.time,
      index == 0
        ? RecordingFixture.down(slot: 0, id: 1, x: x(point.x), y: y(point.y))
        : RecordingFixture.move(slot: 0, x: x(point.x), y: y(point.y)))
  }
  fixture.frame(stroke.liftTime, RecordingFixture.lift(slot: 0))
  let outcome = replay(try fixture.write(named: "physical.yml"), scene: try screen.scene)
  #expect(outcome.error == nil)
  #expect(outcome.warnings.isEmpty)
  return outcome
}

/// What each recognizer did, in order: "tap recognized", "pan began", ...
private func gestures(_ outcome: ReplayOutcome) -> [String] {
  outcome.reports.map { "\($0.recognizer) \($0.state)" }
}

@Suite struct PhysicalThresholdReplayTests {
  @Test func theScreensAreWhatTheirNamesSay() {
    #expect(abs(Screen.phone.pixelsPerMillimetre - 17.0) < 0.05)
    #expect(abs(Screen.monitor4K.pixelsPerMillimetre - 6.42) < 0.01)
  }

  @Test func aTwoMillimetreWobbleIsATapOnThePhoneAndOnThe4KMonitor() throws {
    // 2 mm is 34 px on the phone, more than the 18 px slop of the pixel fallback.
    let phone = try replay(.tap(x: 30, y: 60, wobble: 2), on: .phone)
    let monitor = try replay(.tap(x: 300, y: 160, wobble: 2), on: .monitor4K)
    #expect(gestures(phone) == ["tap recognized"])
    #expect(gestures(monitor) == gestures(phone))
  }

  @Test func aFifteenMillimetreDragIsAPanOnBothWithTheSameTravelInMillimetres() throws {
    let phone = try replay(.drag(x: 20, y: 60, distance: 15), on: .phone)
    let monitor = try replay(.drag(x: 300, y: 160, distance: 15), on: .monitor4K)
    #expect(gestures(phone).first == "pan began")
    #expect(gestures(phone).last == "pan ended")
    #expect(!gestures(phone).contains("tap recognized"))
    #expect(!gestures(phone).contains { $0.hasPrefix("hold") })
    #expect(gestures(monitor) == gestures(phone))
    // The pan begins once the finger has moved 2.86 mm, on both screens.
    for (outcome, screen) in [(phone, Screen.phone), (monitor, Screen.monitor4K)] {
      guard let translation = try #require(outcome.reports.first).values.translation else {
        Issue.record("the first report is not a pan")
        continue
      }
      let began = translation.x / screen.pixelsPerMillimetre
      #expect(began > 2.86 && began < 2.86 + 0.6, "began after \(began) mm")
      guard let total = try #require(outcome.reports.last).values.translation else {
        Issue.record("the last report is not a pan")
        continue
      }
      #expect(abs(total.x / screen.pixelsPerMillimetre - 15) < 0.1)
    }
  }

  @Test func aFingerRestingWithinOneMillimetreIsALongPressOnBoth() throws {
    // 1 mm is 17 px on the phone, more than the 10 px fallback allowable movement.
    let phone = try replay(.hold(x: 30, y: 60, wander: 1), on: .phone)
    let monitor = try replay(.hold(x: 300, y: 160, wander: 1), on: .monitor4K)
    #expect(gestures(phone).first == "hold began")
    #expect(gestures(phone).last == "hold ended")
    #expect(!gestures(phone).contains { $0.hasPrefix("tap") || $0.hasPrefix("pan") })
    #expect(gestures(monitor) == gestures(phone))
  }

  @Test func withoutAResolutionThePixelFallbacksApply() throws {
    // The same 2 mm wobble on the phone panel reporting no resolution: 34 px against the
    // 18 px fallback slop, so no tap; a wobble of 15 px (0.9 mm) still taps.
    let panel = Screen.phone.withoutResolution
    let wide = try replay(.tap(x: 30, y: 60, wobble: 2), on: panel, units: .phone)
    #expect(!gestures(wide).contains("tap recognized"))
    let narrow = try replay(.tap(x: 30, y: 60, wobble: 15.0 / 17), on: panel, units: .phone)
    #expect(gestures(narrow) == ["tap recognized"])
  }
}
