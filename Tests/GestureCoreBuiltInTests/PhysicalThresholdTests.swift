// SPDX-License-Identifier: MIT
import Testing

@testable import GestureCore

/// The millimetre thresholds of `GestureSettings` and their conversion into screen pixels
/// through a `PhysicalScale`, with the pixel fallbacks when the scale is unknown.
@Suite struct PhysicalThresholdTests {
  @Test func aScaleIsTheGeometricMeanOfTheAxesPixelsPerMillimetre() throws {
    // Square pixels: both axes agree.
    let monitor = try #require(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: 1080, surfaceWidthMillimetres: 240,
        surfaceHeightMillimetres: 135))
    #expect(monitor.pixelsPerMillimetre == 8)
    // 4 px/mm across, 9 px/mm down: 6 px/mm, the same area as the ellipse it stands for.
    let stretched = try #require(
      PhysicalScale(
        screenWidthPixels: 400, screenHeightPixels: 900, surfaceWidthMillimetres: 100,
        surfaceHeightMillimetres: 100))
    #expect(abs(stretched.pixelsPerMillimetre - 6) < 1e-12)
    #expect(stretched.pixels(2.5) == 2.5 * stretched.pixelsPerMillimetre)
  }

  @Test func aScaleNeedsPositiveFiniteSizes() {
    #expect(PhysicalScale(pixelsPerMillimetre: 0) == nil)
    #expect(PhysicalScale(pixelsPerMillimetre: -3) == nil)
    #expect(PhysicalScale(pixelsPerMillimetre: .nan) == nil)
    #expect(PhysicalScale(pixelsPerMillimetre: .infinity) == nil)
    #expect(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: 1080, surfaceWidthMillimetres: 0,
        surfaceHeightMillimetres: 135) == nil)
    #expect(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: .nan, surfaceWidthMillimetres: 240,
        surfaceHeightMillimetres: 135) == nil)
  }

  @Test func theMillimetreValuesComeFromThePlatformUnits() {
    let settings = GestureSettings.standard
    let dp = 25.4 / 160
    #expect(settings.tapSlopMillimetres == 18 * dp)
    #expect(abs(settings.tapSlopMillimetres - 2.8575) < 1e-9)
    #expect(abs(settings.multiTapSlopMillimetres - 15.875) < 1e-9)
    #expect(settings.panHysteresisMillimetres == settings.tapSlopMillimetres)
    #expect(settings.pinchHysteresisMillimetres == settings.tapSlopMillimetres)
    #expect(abs(settings.swipeMinimumDistanceMillimetres - 7.9375) < 1e-9)
    #expect(abs(settings.swipeMinimumSpeedMillimetresPerSecond - 47.625) < 1e-9)
    #expect(abs(settings.screenEdgeZoneMillimetres - 3.81) < 1e-9)
    #expect(abs(settings.longPressAllowableMovementMillimetres - 10 * 25.4 / 163) < 1e-9)
  }

  @Test func resolvingMultipliesEveryDistanceByTheScale() throws {
    let scale = try #require(PhysicalScale(pixelsPerMillimetre: 10))
    let pixels = GestureSettings.standard.resolved(for: scale)
    #expect(abs(pixels.tapSlopPixels - 28.575) < 1e-9)
    #expect(abs(pixels.multiTapSlopPixels - 158.75) < 1e-9)
    #expect(abs(pixels.panHysteresisPixels - 28.575) < 1e-9)
    #expect(abs(pixels.pinchHysteresisPixels - 28.575) < 1e-9)
    #expect(abs(pixels.swipeMinimumDistancePixels - 79.375) < 1e-9)
    #expect(abs(pixels.swipeMinimumSpeedPixelsPerSecond - 476.25) < 1e-9)
    #expect(abs(pixels.screenEdgeZonePixels - 38.1) < 1e-9)
    #expect(abs(pixels.longPressAllowableMovementPixels - 15.5828) < 1e-4)
    // Times, angles and counts do not depend on the screen.
    #expect(pixels.multiTapIntervalMicroseconds == 300_000)
    #expect(pixels.rotationHysteresisRadians == 0.1)
    #expect(pixels.velocitySampleCount == 20)
    // Resolving again with another scale starts from the millimetres, not from the pixels.
    let twice = pixels.resolved(for: PhysicalScale(pixelsPerMillimetre: 5))
    #expect(abs(twice.tapSlopPixels - 14.2875) < 1e-9)
  }

  @Test func withoutAScaleThePixelFallbacksApply() {
    let fallback = GestureSettings.standard.resolved(for: nil)
    #expect(fallback == .standard)
    #expect(fallback.tapSlopPixels == 18)
    #expect(fallback.multiTapSlopPixels == 100)
    #expect(fallback.panHysteresisPixels == 18)
    #expect(fallback.pinchHysteresisPixels == 18)
    #expect(fallback.swipeMinimumDistancePixels == 50)
    #expect(fallback.swipeMinimumSpeedPixelsPerSecond == 300)
    #expect(fallback.screenEdgeZonePixels == 24)
    #expect(fallback.longPressAllowableMovementPixels == 10)
  }

  @Test func aLongPressTakesItsDefaultAllowableMovementFromTheEngineSettings() throws {
    let scale = try #require(PhysicalScale(pixelsPerMillimetre: 20))
    let rig = BuiltInRecognizerTests.Rig(settings: GestureSettings.standard.resolved(for: scale))
    let press = rig.add(LongPressGestureRecognizer())
    // Before it runs in an engine: the standard settings' fallback, UIKit's 10.
    #expect(press.allowableMovement == 10)
    var states: [GestureRecognizerState] = []
    press.addTarget { states.append($0.state) }
    rig.frame(0, BuiltInRecognizerTests.down(1, 100, 100))
    // Running: 1.56 mm at 20 px/mm.
    #expect(abs(press.allowableMovement - 31.166) < 1e-3)
    // 25 px: beyond the 10 px fallback, within 1.56 mm on this screen.
    rig.frame(100, BuiltInRecognizerTests.move(1, 125, 100))
    rig.advance(to: 500)
    #expect(states == [.began])
  }

  @Test func anAllowableMovementThatWasSetWinsOverTheDefault() throws {
    let scale = try #require(PhysicalScale(pixelsPerMillimetre: 20))
    let rig = BuiltInRecognizerTests.Rig(settings: GestureSettings.standard.resolved(for: scale))
    let press = rig.add(LongPressGestureRecognizer())
    press.allowableMovement = 10
    var states: [GestureRecognizerState] = []
    press.addTarget { states.append($0.state) }
    rig.frame(0, BuiltInRecognizerTests.down(1, 100, 100))
    #expect(press.allowableMovement == 10)
    rig.frame(100, BuiltInRecognizerTests.move(1, 125, 100))
    rig.advance(to: 1000)
    #expect(states.isEmpty)
  }

  @Test func changingTheEngineSettingsChangesTheThresholdsOfTheNextTouches() throws {
    let rig = BuiltInRecognizerTests.Rig()
    let tap = rig.add(TapGestureRecognizer())
    var taps = 0
    tap.addTarget { if $0.state == .recognized { taps += 1 } }
    // 30 px of wobble: more than the 18 px fallback slop.
    rig.frame(0, BuiltInRecognizerTests.down(1, 100, 100))
    rig.frame(40, BuiltInRecognizerTests.move(1, 130, 100))
    rig.frame(80, BuiltInRecognizerTests.up(1, 130, 100))
    rig.advance(to: 1000)
    #expect(taps == 0)
    // On a 16.9 px/mm phone the slop is 2.86 mm = 48 px: the same wobble (1.8 mm) taps.
    let phone = try #require(PhysicalScale(pixelsPerMillimetre: 16.9))
    rig.engine.settings = GestureSettings.standard.resolved(for: phone)
    rig.frame(2000, BuiltInRecognizerTests.down(2, 100, 100))
    rig.frame(2040, BuiltInRecognizerTests.move(2, 130, 100))
    rig.frame(2080, BuiltInRecognizerTests.up(2, 130, 100))
    rig.advance(to: 3000)
    #expect(taps == 1)
  }
}
