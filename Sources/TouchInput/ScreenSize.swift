// SPDX-License-Identifier: MIT
/// The size of the screen that touch coordinates are mapped onto, in screen pixels
/// (the `width`/`height` given to `libinput_event_touch_get_x_transformed`).
public struct ScreenSize: Sendable, Hashable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0, "screen size must be positive")
    self.width = width
    self.height = height
  }

  /// 1920x1080, the default screen of scenes and replays.
  public static let fullHD = ScreenSize(width: 1920, height: 1080)
}
