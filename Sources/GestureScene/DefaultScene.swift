// SPDX-License-Identifier: MIT
/// The scene used when no scene file is given (`gesture-bridge scene --default` prints it):
/// one full-screen view "desktop" on a 1920x1080 screen with twelve recognizers.
///
/// - `double-tap` and `tap` (which waits for `double-tap` to fail), `two-finger-tap`;
/// - `long-press` with the recognizer's defaults (UIKit's: `minimumPressDuration` and
///   `allowableMovement`, the latter as 1.56 mm in the screen's pixels, 10 px when the
///   touchscreen's size is unknown);
/// - `pan` with one finger, waiting for the swipe and the edge pans to fail, so a quick flick
///   is reported as a swipe and a drag from an edge as an edge pan;
/// - `swipe` (one finger, any direction) and `three-finger-swipe`;
/// - `pinch` and `rotation`, which may recognize together;
/// - `edge-left`, `edge-right`, `edge-bottom` screen-edge pans.
public enum DefaultScene {
  /// The name errors and reports use for the default scene.
  public static let fileName = "<default scene>"

  /// The scene as JSON, exactly as `gesture-bridge scene --default` prints it.
  public static let json = """
    {
      "screen": {"width": 1920, "height": 1080},
      "views": [
        {
          "name": "desktop",
          "frame": [0, 0, 1920, 1080],
          "children": [],
          "recognizers": [
            {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
            {"name": "tap", "type": "tap", "requiresFailureOf": ["double-tap"]},
            {"name": "two-finger-tap", "type": "tap", "numberOfTouchesRequired": 2},
            {"name": "long-press", "type": "long-press"},
            {"name": "pan", "type": "pan", "maximumNumberOfTouches": 1,
             "requiresFailureOf": ["swipe", "edge-left", "edge-right", "edge-bottom"]},
            {"name": "swipe", "type": "swipe", "direction": ["left", "right", "up", "down"]},
            {"name": "three-finger-swipe", "type": "swipe", "numberOfTouchesRequired": 3,
             "direction": ["left", "right", "up", "down"]},
            {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
            {"name": "rotation", "type": "rotation"},
            {"name": "edge-left", "type": "screen-edge-pan", "edges": ["left"]},
            {"name": "edge-right", "type": "screen-edge-pan", "edges": ["right"]},
            {"name": "edge-bottom", "type": "screen-edge-pan", "edges": ["bottom"]}
          ]
        }
      ]
    }

    """
}
