// SPDX-License-Identifier: MIT
import GestureBindings
import GestureCore
import GestureScene
import Testing

/// The GESTURE_* variables a bound command gets.
struct GestureEnvironmentTests {
  func report(
    _ type: RecognizerKind, _ state: GestureReport.State, _ values: GestureValues
  )
    -> GestureReport
  {
    GestureReport(
      timeMicroseconds: 1_234_567, recognizer: "r", type: type, view: "desktop", state: state,
      location: Point(x: 960, y: 540.125), touches: 2, values: values)
  }

  func variables(_ report: GestureReport) -> [String] {
    GestureEnvironment.variables(for: report).map { "\($0.name)=\($0.value)" }
  }

  let common = [
    "GESTURE_RECOGNIZER=r", "GESTURE_VIEW=desktop", "GESTURE_TIME_US=1234567",
    "GESTURE_X=960.00", "GESTURE_Y=540.13", "GESTURE_TOUCHES=2",
  ]

  func withCommon(_ type: String, _ state: String, _ extra: [String]) -> [String] {
    [common[0], "GESTURE_TYPE=\(type)", "GESTURE_STATE=\(state)"] + common[1...] + extra
  }

  @Test func aTapHasItsTapCount() {
    #expect(
      variables(report(.tap, .recognized, GestureValues(taps: 2)))
        == withCommon("tap", "recognized", ["GESTURE_TAPS=2"]))
  }

  @Test func aLongPressHasOnlyTheCommonVariables() {
    #expect(
      variables(report(.longPress, .began, GestureValues()))
        == withCommon("long-press", "began", []))
  }

  @Test func pansHaveTranslationAndVelocity() {
    let details = GestureValues(
      translation: Point(x: -12.345, y: 3), velocity: Point(x: 250.04, y: -0.06))
    #expect(
      variables(report(.screenEdgePan, .changed, details))
        == withCommon(
          "screen-edge-pan", "changed",
          [
            "GESTURE_TRANSLATION_X=-12.35", "GESTURE_TRANSLATION_Y=3.00",
            "GESTURE_VELOCITY_X=250.0", "GESTURE_VELOCITY_Y=-0.1",
          ]))
  }

  @Test func pinchAndRotationHaveTheirValuesAndRates() {
    #expect(
      variables(report(.pinch, .ended, GestureValues(scale: 0.5, scaleVelocity: -1.23456)))
        == withCommon("pinch", "ended", ["GESTURE_SCALE=0.5000", "GESTURE_SCALE_VELOCITY=-1.2346"]))
    #expect(
      variables(report(.rotation, .cancelled, GestureValues(rotation: 1.5708, rotationVelocity: 0)))
        == withCommon(
          "rotation", "cancelled",
          ["GESTURE_ROTATION=1.5708", "GESTURE_ROTATION_VELOCITY=0.0000"]))
  }

  @Test func aSwipeHasItsDirectionAndNoVariableWithoutOne() {
    #expect(
      variables(report(.swipe, .recognized, GestureValues(direction: .up)))
        == withCommon("swipe", "recognized", ["GESTURE_DIRECTION=up"]))
    #expect(
      variables(report(.swipe, .recognized, GestureValues(direction: nil)))
        == withCommon("swipe", "recognized", []))
  }

  @Test func aTransformHasEveryValueWithItsRate() {
    let values = GestureValues(
      translation: Point(x: 1, y: 2), velocity: Point(x: 3, y: 4), scale: 1.5, scaleVelocity: 0.25,
      rotation: -0.5, rotationVelocity: 1)
    #expect(
      variables(report(.pan, .changed, values))
        == withCommon(
          "pan", "changed",
          [
            "GESTURE_TRANSLATION_X=1.00", "GESTURE_TRANSLATION_Y=2.00", "GESTURE_VELOCITY_X=3.0",
            "GESTURE_VELOCITY_Y=4.0", "GESTURE_SCALE=1.5000", "GESTURE_SCALE_VELOCITY=0.2500",
            "GESTURE_ROTATION=-0.5000", "GESTURE_ROTATION_VELOCITY=1.0000",
          ]))
  }

  @Test func nonFiniteNumbersAreEmpty() {
    let values = variables(
      report(.pinch, .changed, GestureValues(scale: .infinity, scaleVelocity: .nan)))
    #expect(values.suffix(2) == ["GESTURE_SCALE=", "GESTURE_SCALE_VELOCITY="])
  }

  @Test func theEnvironmentKeepsInheritedVariablesButNoInheritedGestureOnes() {
    let environment = GestureEnvironment.environment(
      for: report(.tap, .recognized, GestureValues(taps: 1)),
      inherited: ["PATH=/usr/bin", "GESTURE_SCALE=stale", "HOME=/home/u", "GESTURE_TAPS=9"])
    #expect(
      environment
        == ["PATH=/usr/bin", "HOME=/home/u"] + withCommon("tap", "recognized", ["GESTURE_TAPS=1"]))
  }
}
