// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

/// The millimetre thresholds of `GestureSettings` and their conversion into screen pixels
/// through a `PhysicalScale`, with the pixel fallbacks when the scale is unknown.
final class PhysicalThresholdTests: XCTestCase {
  func testAScaleIsTheGeometricMeanOfTheAxesPixelsPerMillimetre() throws {
    // Square pixels: both axes agree.
    let monitor = try XCTUnwrap(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: 1080, surfaceWidthMillimetres: 240,
        surfaceHeightMillimetres: 135))
    XCTAssertEqual(monitor.pixelsPerMillimetre, 8)
    // 4 px/mm across, 9 px/mm down: 6 px/mm, the same area as the ellipse it stands for.
    let stretched = try XCTUnwrap(
      PhysicalScale(
        screenWidthPixels: 400, screenHeightPixels: 900, surfaceWidthMillimetres: 100,
        surfaceHeightMillimetres: 100))
    XCTAssertTrue(abs(stretched.pixelsPerMillimetre - 6) < 1e-12)
    XCTAssertEqual(stretched.pixels(2.5), 2.5 * stretched.pixelsPerMillimetre)
  }

  func testAScaleNeedsPositiveFiniteSizes() {
    XCTAssertNil(PhysicalScale(pixelsPerMillimetre: 0))
    XCTAssertNil(PhysicalScale(pixelsPerMillimetre: -3))
    XCTAssertNil(PhysicalScale(pixelsPerMillimetre: .nan))
    XCTAssertNil(PhysicalScale(pixelsPerMillimetre: .infinity))
    XCTAssertNil(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: 1080, surfaceWidthMillimetres: 0,
        surfaceHeightMillimetres: 135))
    XCTAssertNil(
      PhysicalScale(
        screenWidthPixels: 1920, screenHeightPixels: .nan, surfaceWidthMillimetres: 240,
        surfaceHeightMillimetres: 135))
  }

  func testTheMillimetreValuesComeFromThePlatformUnits() {
    let settings = GestureSettings.standard
    let dp = 25.4 / 160
    XCTAssertEqual(settings.tapSlopMillimetres, 18 * dp)
    XCTAssertTrue(abs(settings.tapSlopMillimetres - 2.8575) < 1e-9)
    XCTAssertTrue(abs(settings.multiTapSlopMillimetres - 15.875) < 1e-9)
    XCTAssertEqual(settings.panHysteresisMillimetres, settings.tapSlopMillimetres)
    XCTAssertEqual(settings.pinchHysteresisMillimetres, settings.tapSlopMillimetres)
    XCTAssertTrue(abs(settings.swipeMinimumDistanceMillimetres - 7.9375) < 1e-9)
    XCTAssertTrue(abs(settings.swipeMinimumSpeedMillimetresPerSecond - 47.625) < 1e-9)
    XCTAssertTrue(abs(settings.screenEdgeZoneMillimetres - 3.81) < 1e-9)
    XCTAssertTrue(abs(settings.longPressAllowableMovementMillimetres - 10 * 25.4 / 163) < 1e-9)
  }

  func testResolvingMultipliesEveryDistanceByTheScale() throws {
    let scale = try XCTUnwrap(PhysicalScale(pixelsPerMillimetre: 10))
    let pixels = GestureSettings.standard.resolved(for: scale)
    XCTAssertTrue(abs(pixels.tapSlopPixels - 28.575) < 1e-9)
    XCTAssertTrue(abs(pixels.multiTapSlopPixels - 158.75) < 1e-9)
    XCTAssertTrue(abs(pixels.panHysteresisPixels - 28.575) < 1e-9)
    XCTAssertTrue(abs(pixels.pinchHysteresisPixels - 28.575) < 1e-9)
    XCTAssertTrue(abs(pixels.swipeMinimumDistancePixels - 79.375) < 1e-9)
    XCTAssertTrue(abs(pixels.swipeMinimumSpeedPixelsPerSecond - 476.25) < 1e-9)
    XCTAssertTrue(abs(pixels.screenEdgeZonePixels - 38.1) < 1e-9)
    XCTAssertTrue(abs(pixels.longPressAllowableMovementPixels - 15.5828) < 1e-4)
    // Times, angles and counts do not depend on the screen.
    XCTAssertEqual(pixels.multiTapIntervalMicroseconds, 300_000)
    XCTAssertEqual(pixels.rotationHysteresisRadians, 0.1)
    XCTAssertEqual(pixels.velocitySampleCount, 20)
    // Resolving again with another scale starts from the millimetres, not from the pixels.
    let twice = pixels.resolved(for: PhysicalScale(pixelsPerMillimetre: 5))
    XCTAssertTrue(abs(twice.tapSlopPixels - 14.2875) < 1e-9)
  }

  func testWithoutAScaleThePixelFallbacksApply() {
    let fallback = GestureSettings.standard.resolved(for: nil)
    XCTAssertEqual(fallback, .standard)
    XCTAssertEqual(fallback.tapSlopPixels, 18)
    XCTAssertEqual(fallback.multiTapSlopPixels, 100)
    XCTAssertEqual(fallback.panHysteresisPixels, 18)
    XCTAssertEqual(fallback.pinchHysteresisPixels, 18)
    XCTAssertEqual(fallback.swipeMinimumDistancePixels, 50)
    XCTAssertEqual(fallback.swipeMinimumSpeedPixelsPerSecond, 300)
    XCTAssertEqual(fallback.screenEdgeZonePixels, 24)
    XCTAssertEqual(fallback.longPressAllowableMovementPixels, 10)
  }

  func testALongPressTakesItsDefaultAllowableMovementFromTheEngineSettings() throws {
    let scale = try XCTUnwrap(PhysicalScale(pixelsPerMillimetre: 20))
    let rig = Rig(settings: GestureSettings.standard.resolved(for: scale))
    let press = rig.add(LongPressGestureRecognizer())
    // Before it runs in an engine: the standard settings' fallback, UIKit's 10.
    XCTAssertEqual(press.allowableMovement, 10)
    var states: [GestureRecognizerState] = []
    press.addTarget { states.append($0.state) }
    rig.frame(0, down(1, 100, 100))
    // Running: 1.56 mm at 20 px/mm.
    XCTAssertTrue(abs(press.allowableMovement - 31.166) < 1e-3)
    // 25 px: beyond the 10 px fallback, within 1.56 mm on this screen.
    rig.frame(100, move(1, 125, 100))
    rig.advance(to: 500)
    XCTAssertEqual(states, [.began])
  }

  func testAnAllowableMovementThatWasSetWinsOverTheDefault() throws {
    let scale = try XCTUnwrap(PhysicalScale(pixelsPerMillimetre: 20))
    let rig = Rig(settings: GestureSettings.standard.resolved(for: scale))
    let press = rig.add(LongPressGestureRecognizer())
    press.allowableMovement = 10
    var states: [GestureRecognizerState] = []
    press.addTarget { states.append($0.state) }
    rig.frame(0, down(1, 100, 100))
    XCTAssertEqual(press.allowableMovement, 10)
    rig.frame(100, move(1, 125, 100))
    rig.advance(to: 1000)
    XCTAssertTrue(states.isEmpty)
  }

  func testChangingTheEngineSettingsChangesTheThresholdsOfTheNextTouches() throws {
    let rig = Rig()
    let tap = rig.add(TapGestureRecognizer())
    var taps = 0
    tap.addTarget { if $0.state == .recognized { taps += 1 } }
    // 30 px of wobble: more than the 18 px fallback slop.
    rig.frame(0, down(1, 100, 100))
    rig.frame(40, move(1, 130, 100))
    rig.frame(80, up(1, 130, 100))
    rig.advance(to: 1000)
    XCTAssertEqual(taps, 0)
    // On a 16.9 px/mm phone the slop is 2.86 mm = 48 px: the same wobble (1.8 mm) taps.
    let phone = try XCTUnwrap(PhysicalScale(pixelsPerMillimetre: 16.9))
    rig.engine.settings = GestureSettings.standard.resolved(for: phone)
    rig.frame(2000, down(2, 100, 100))
    rig.frame(2040, move(2, 130, 100))
    rig.frame(2080, up(2, 130, 100))
    rig.advance(to: 3000)
    XCTAssertEqual(taps, 1)
  }
}
