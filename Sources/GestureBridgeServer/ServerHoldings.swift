// SPDX-License-Identifier: MIT
/// What a `GestureBridgeServer` holds at one moment, for diagnostics and the tests that check
/// that nothing grows: hostile clients that create and destroy objects, or disconnect with
/// fingers down, must leave these counts where they were.
public struct ServerHoldings: Hashable, Sendable {
  /// wl_surfaces the bridge keeps a record (and a view) for: surfaces that got a recognizer
  /// or a touch and are not destroyed.
  public var surfaces: Int
  /// Recognizers attached to those surfaces (not destroyed, not inert).
  public var recognizers: Int
  /// Views under the engine's root view (one per surface record).
  public var views: Int
  /// Touches down now, as the host fed them.
  public var touchesDown: Int
  /// Touches the bridge still remembers: down, or lifted with an event still to deliver.
  public var touchesRemembered: Int
  /// Touches alive in the gesture engine.
  public var engineTouches: Int
}
