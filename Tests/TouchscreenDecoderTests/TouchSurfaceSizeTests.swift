// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import TouchscreenDecoder
import XCTest

/// The touch surface size computed from a device description, as libinput 1.22's
/// `evdev_device_get_size` reports it.
final class TouchSurfaceSizeTests: XCTestCase {
  private func description(x: AbsInfo, y: AbsInfo, mtResolution: Int32?) -> EvdevDeviceDescription {
    var description = EvdevDeviceDescription.syntheticTouchscreen
    description.absinfo[EvdevCodes.ABS_X] = x
    description.absinfo[EvdevCodes.ABS_Y] = y
    if let mtResolution {
      description.absinfo[EvdevCodes.ABS_MT_POSITION_X]?.resolution = mtResolution
      description.absinfo[EvdevCodes.ABS_MT_POSITION_Y]?.resolution = mtResolution
    }
    return description
  }

  func testTheSizeIsTheRangeOfAbsXAndAbsYOverTheirResolution() throws {
    let synthetic = try XCTUnwrap(
      TouchSurfaceSize(description: .syntheticTouchscreen))
    // 0...1919 and 0...1079 at 8 units/mm: (maximum - minimum) / resolution.
    XCTAssertEqual(synthetic.widthMillimetres, 1919.0 / 8)
    XCTAssertEqual(synthetic.heightMillimetres, 1079.0 / 8)
    let offset = try XCTUnwrap(
      TouchSurfaceSize(
        description: description(
          x: AbsInfo(minimum: 100, maximum: 32767, resolution: 55),
          y: AbsInfo(minimum: -50, maximum: 32767, resolution: 97), mtResolution: nil)))
    XCTAssertEqual(offset.widthMillimetres, 32667.0 / 55)
    XCTAssertEqual(offset.heightMillimetres, 32817.0 / 97)
  }

  func testADeviceWithoutResolutionHasNoSize() {
    let none = description(
      x: AbsInfo(minimum: 0, maximum: 1919), y: AbsInfo(minimum: 0, maximum: 1079),
      mtResolution: 0)
    XCTAssertNil(TouchSurfaceSize(description: none))
    // libinput's fake resolution on the multitouch axes makes the whole device's fake.
    let fakeMultitouch = description(
      x: AbsInfo(minimum: 0, maximum: 1919, resolution: 8),
      y: AbsInfo(minimum: 0, maximum: 1079, resolution: 8), mtResolution: 0)
    XCTAssertNil(TouchSurfaceSize(description: fakeMultitouch))
  }

  func testADeviceWithoutAbsXHasNoSize() {
    var description = EvdevDeviceDescription.syntheticTouchscreen
    description.codes[EvdevCodes.EV_ABS]?.removeAll { $0 == EvdevCodes.ABS_X }
    XCTAssertNil(TouchSurfaceSize(description: description))
  }
}
