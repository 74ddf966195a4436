// SPDX-License-Identifier: MIT
import GestureCore

extension PhysicalScale {
  /// The scale of touches from a touch surface of `surface` mapped onto `screen` (the mapping
  /// of `TouchInputEvent.x`/`y`); nil when the surface's size is unknown.
  public init?(screen: ScreenSize, surface: TouchSurfaceSize?) {
    guard let surface else { return nil }
    self.init(
      screenWidthPixels: Double(screen.width), screenHeightPixels: Double(screen.height),
      surfaceWidthMillimetres: surface.widthMillimetres,
      surfaceHeightMillimetres: surface.heightMillimetres)
  }

  /// The one scale of an engine fed by several touchscreens (`surfaces`, in the order they
  /// were added: a recording's device order, libinput's device ids): that of the first one
  /// whose size is known; nil when none is (the pixel fallbacks apply).
  public init?(screen: ScreenSize, firstKnownOf surfaces: [TouchSurfaceSize?]) {
    guard let surface = surfaces.first(where: { $0 != nil }) ?? nil else { return nil }
    self.init(screen: screen, surface: surface)
  }
}
