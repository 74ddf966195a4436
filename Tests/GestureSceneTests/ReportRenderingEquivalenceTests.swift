// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import JSONLines
import Testing

/// Report lines are written byte by byte into one string; they must read exactly as when
/// they were assembled from `FixedDecimal` and `JSONText` pieces (the reference below), for
/// every kind of number and name: replay outputs are compared byte for byte.
@Suite struct ReportRenderingEquivalenceTests {
  @Test func linesMatchTheReferenceRenderingForManyRandomReports() {
    var random = SplitMix64(seed: 0x5EED_1234)
    for _ in 0..<20_000 {
      let report = Self.randomReport(&random)
      #expect(report.textLine == Reference.textLine(report))
      #expect(report.jsonLine == Reference.jsonLine(report))
      if report.textLine != Reference.textLine(report) { return }
    }
  }

  /// What the CLI prints: lines rendered straight into its output bytes, each followed by a
  /// newline, after whatever the buffer already holds.
  @Test func appendedLinesEqualTheStringLinesAndANewline() {
    var random = SplitMix64(seed: 0xA99E_4D)
    var text: [UInt8] = Array("before\n".utf8)
    var json: [UInt8] = []
    var expectedText = "before\n"
    var expectedJSON = ""
    for _ in 0..<2_000 {
      let report = Self.randomReport(&random)
      report.appendTextLine(to: &text)
      report.appendJSONLine(to: &json)
      expectedText += Reference.textLine(report) + "\n"
      expectedJSON += Reference.jsonLine(report) + "\n"
    }
    #expect(String(decoding: text, as: UTF8.self) == expectedText)
    #expect(String(decoding: json, as: UTF8.self) == expectedJSON)
  }

  @Test func edgeValuesMatchTheReferenceRendering() {
    let values: [Double] = [
      0, -0.0, 0.5, -0.5, 0.005, -0.005, 0.0049999, 1.0 / 3, -2.0 / 3, 0.125, 0.00005, -0.00005,
      999_999_999_999_999, 1e15, -1e15, 1e15 - 1, 123_456_789.987_654, 9.2e18, .infinity,
      -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 4.35, 1.005, 2.675,
    ]
    let times: [Int64] = [0, 1, -1, 999_999, 1_000_000, -1_000_000, .max, .min, 123]
    for value in values {
      for time in times {
        for details in [
          GestureValues(
            translation: Point(x: value, y: -value), velocity: Point(x: value, y: value)),
          GestureValues(scale: value, scaleVelocity: value),
          GestureValues(rotation: value, rotationVelocity: -value),
          GestureValues(
            translation: Point(x: value, y: -value), velocity: Point(x: -value, y: value),
            scale: value, scaleVelocity: -value, rotation: value, rotationVelocity: value),
        ] {
          let report = GestureReport(
            timeMicroseconds: time, recognizer: "r", type: .pan, view: "v", state: .began,
            location: Point(x: value, y: value), touches: Int(time % 3), values: details)
          #expect(report.textLine == Reference.textLine(report))
          #expect(report.jsonLine == Reference.jsonLine(report))
        }
      }
    }
  }

  private static func randomReport(_ random: inout SplitMix64) -> GestureReport {
    let details: GestureValues
    switch random.next() % 7 {
    case 0: details = GestureValues(taps: Int(truncatingIfNeeded: random.next() % 7) - 1)
    case 1: details = GestureValues()
    case 2:
      details = GestureValues(
        translation: Point(x: randomDouble(&random), y: randomDouble(&random)),
        velocity: Point(x: randomDouble(&random), y: randomDouble(&random)))
    case 3:
      details = GestureValues(scale: randomDouble(&random), scaleVelocity: randomDouble(&random))
    case 4:
      details = GestureValues(
        rotation: randomDouble(&random), rotationVelocity: randomDouble(&random))
    case 5:
      details = GestureValues(
        translation: Point(x: randomDouble(&random), y: randomDouble(&random)),
        velocity: Point(x: randomDouble(&random), y: randomDouble(&random)),
        scale: randomDouble(&random), scaleVelocity: randomDouble(&random),
        rotation: randomDouble(&random), rotationVelocity: randomDouble(&random))
    default:
      let directions: [SwipeDirection?] = [nil, .up, .down, .left, .right]
      details = GestureValues(direction: directions[Int(random.next() % 5)])
    }
    let states: [GestureReport.State] = [.recognized, .began, .changed, .ended, .cancelled]
    let types = RecognizerKind.allCases
    return GestureReport(
      timeMicroseconds: Int64(bitPattern: random.next()) >> Int64(random.next() % 64),
      recognizer: randomName(&random), type: types[Int(random.next() % UInt64(types.count))],
      view: randomName(&random), state: states[Int(random.next() % 5)],
      location: Point(x: randomDouble(&random), y: randomDouble(&random)),
      touches: Int(truncatingIfNeeded: random.next() % 13) - 2, values: details)
  }

  /// Doubles of every scale, both signs, some exactly on rounding halves, some not finite.
  private static func randomDouble(_ random: inout SplitMix64) -> Double {
    switch random.next() % 10 {
    case 0: return [Double.nan, .infinity, -.infinity, 0, -0.0][Int(random.next() % 5)]
    case 1:
      // A multiple of 0.00005: halves at 4 decimals and below.
      return Double(Int64(bitPattern: random.next()) % 100_000_000) * 0.00005
    default:
      let magnitude = Double(random.next() % 1_000_000_000) / 1_000
      let scale = [1e-9, 1e-4, 1e-2, 1, 1e2, 1e6, 1e12, 1e15, 1e17][Int(random.next() % 9)]
      return (random.next() % 2 == 0 ? 1 : -1) * magnitude * scale
    }
  }

  private static func randomName(_ random: inout SplitMix64) -> String {
    let pieces = [
      "pan", "tap", "\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "é", "手", "👍", " ", "x",
    ]
    var name = ""
    for _ in 0..<(random.next() % 6) { name += pieces[Int(random.next() % UInt64(pieces.count))] }
    return name
  }
}

/// A small seeded generator (SplitMix64), so failures reproduce.
private struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The renderings as they were first written, from `FixedDecimal` and `JSONText` pieces.
private enum Reference {
  static func number(_ value: Double, _ decimals: Int) -> String {
    FixedDecimal.format(value, decimals: decimals) ?? "null"
  }

  static func jsonLine(_ report: GestureReport) -> String {
    var line = "{\"time\":" + FixedDecimal.seconds(microseconds: report.timeMicroseconds)
    line += ",\"recognizer\":" + JSONText.quoted(report.recognizer)
    line += ",\"type\":" + JSONText.quoted(report.type.rawValue)
    line += ",\"view\":" + JSONText.quoted(report.view)
    line += ",\"state\":" + JSONText.quoted(report.state.rawValue)
    line +=
      ",\"location\":[" + number(report.location.x, 2) + "," + number(report.location.y, 2) + "]"
    line += ",\"touches\":" + String(report.touches)
    let values = report.values
    let plain = values.velocityCount == 1
    if let taps = values.taps { line += ",\"taps\":" + String(taps) }
    if let translation = values.translation {
      line += ",\"translation\":[" + number(translation.x, 2) + "," + number(translation.y, 2) + "]"
    }
    if let velocity = values.velocity {
      line += ",\"velocity\":[" + number(velocity.x, 1) + "," + number(velocity.y, 1) + "]"
    }
    if let scale = values.scale { line += ",\"scale\":" + number(scale, 4) }
    if let velocity = values.scaleVelocity {
      line += (plain ? ",\"velocity\":" : ",\"scaleVelocity\":") + number(velocity, 4)
    }
    if let rotation = values.rotation { line += ",\"rotation\":" + number(rotation, 4) }
    if let velocity = values.rotationVelocity {
      line += (plain ? ",\"velocity\":" : ",\"rotationVelocity\":") + number(velocity, 4)
    }
    if let direction = values.direction?.name {
      line += ",\"direction\":" + JSONText.quoted(direction)
    }
    return line + "}"
  }

  static func textLine(_ report: GestureReport) -> String {
    var line = FixedDecimal.seconds(microseconds: report.timeMicroseconds)
    line +=
      " \(report.recognizer) (\(report.type.rawValue)) \(report.state.rawValue) in \(report.view) at "
    line += "(" + number(report.location.x, 2) + ", " + number(report.location.y, 2) + ")"
    line += ", \(report.touches) " + (report.touches == 1 ? "touch" : "touches")
    let values = report.values
    let plain = values.velocityCount == 1
    if let taps = values.taps { line += ", taps \(taps)" }
    if let translation = values.translation {
      line += ", translation (" + number(translation.x, 2) + ", " + number(translation.y, 2) + ")"
    }
    if let velocity = values.velocity {
      line += ", velocity (" + number(velocity.x, 1) + ", " + number(velocity.y, 1) + ") px/s"
    }
    if let scale = values.scale { line += ", scale " + number(scale, 4) }
    if let velocity = values.scaleVelocity {
      line += (plain ? ", velocity " : ", scaleVelocity ") + number(velocity, 4) + "/s"
    }
    if let rotation = values.rotation { line += ", rotation " + number(rotation, 4) + " rad" }
    if let velocity = values.rotationVelocity {
      line += (plain ? ", velocity " : ", rotationVelocity ") + number(velocity, 4) + " rad/s"
    }
    if let direction = values.direction?.name {
      line += ", direction " + direction
    }
    return line
  }
}
