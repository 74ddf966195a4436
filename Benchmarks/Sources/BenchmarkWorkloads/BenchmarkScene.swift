// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene

/// The recognizers a core benchmark runs: the default scene's twelve, one pan, none, or a
/// crowd of 10, 100 or 1,000 recognizers on one view.
public enum BenchmarkScene: String, Sendable, CaseIterable {
  /// `DefaultScene.json` built by `GestureScene`: one full-screen view, twelve recognizers.
  case defaultScene = "default"
  /// One full-screen view with one `PanGestureRecognizer`.
  case singlePan = "pan"
  /// One full-screen view and no recognizer: the engine's own work per frame.
  case empty = "empty"
  /// One full-screen view with 10, 100 or 1,000 recognizers (`crowdJSON(groups:)`): how the
  /// cost of a frame grows with the recognizers sharing its touches.
  case crowd10 = "crowd-10"
  case crowd100 = "crowd-100"
  case crowd1000 = "crowd-1000"
  /// The default scene as the app's recognizers, plus the system recognizers of
  /// `Benchmarks/configs/system-default.json` (bottom, left and right edge pans, three-finger
  /// swipes) on the root view with `GesturePrecedence.system`, as the bridge places them
  /// (without the bridge's per-touch hit test of the system scene's views).
  case defaultWithSystem = "default+system"

  /// The root view (1920x1080) holding the scene's views and recognizers, and the number of
  /// recognizers attached. The returned `owner` keeps the scene's delegate alive.
  public func build() throws -> (rootView: View, recognizerCount: Int, owner: AnyObject) {
    switch self {
    case .defaultScene:
      return try Self.scene(json: DefaultScene.json, file: DefaultScene.fileName)
    case .singlePan:
      let root = View(name: "screen", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
      let pan = PanGestureRecognizer()
      pan.name = "pan"
      root.addGestureRecognizer(pan)
      return (root, 1, pan)
    case .empty:
      let root = View(name: "screen", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
      return (root, 0, root)
    case .crowd10: return try Self.scene(json: Self.crowdJSON(groups: 1), file: rawValue)
    case .crowd100: return try Self.scene(json: Self.crowdJSON(groups: 10), file: rawValue)
    case .crowd1000: return try Self.scene(json: Self.crowdJSON(groups: 100), file: rawValue)
    case .defaultWithSystem:
      let app = Scene(
        try SceneDescription.parse(json: DefaultScene.json, file: DefaultScene.fileName))
      let system = Scene(try SceneDescription.parse(json: Self.systemJSON, file: rawValue))
      for entry in system.recognizers {
        entry.recognizer.precedence = .system
        app.rootView.addGestureRecognizer(entry.recognizer)
      }
      return (
        app.rootView, app.recognizers.count + system.recognizers.count, SceneOwner([app, system])
      )
    }
  }

  /// The scene of `Benchmarks/configs/system-default.json`, the default-like system config
  /// of the latency rows.
  public static let systemJSON = """
    {"screen": {"width": 1920, "height": 1080},
     "views": [{"name": "screen", "frame": [0, 0, 1920, 1080], "recognizers": [
       {"name": "bottom-edge", "type": "screen-edge-pan", "edges": ["bottom"],
        "maximumNumberOfTouches": 1},
       {"name": "left-edge", "type": "screen-edge-pan", "edges": ["left"],
        "maximumNumberOfTouches": 1},
       {"name": "right-edge", "type": "screen-edge-pan", "edges": ["right"],
        "maximumNumberOfTouches": 1},
       {"name": "three-finger-swipe", "type": "swipe", "numberOfTouchesRequired": 3,
        "direction": ["left", "right"]}]}]}
    """

  private static func scene(json: String, file: String) throws -> (
    rootView: View, recognizerCount: Int, owner: AnyObject
  ) {
    let scene = Scene(try SceneDescription.parse(json: json, file: file))
    return (scene.rootView, scene.recognizers.count, scene)
  }

  /// A scene file with `groups` groups of ten recognizers on one full-screen view, each group
  /// the default scene's kinds and relations: a double tap and a tap waiting for it to fail,
  /// a two-finger tap, a long press, a one-finger pan waiting for the swipe and the edge pan,
  /// a swipe, a three-finger swipe, a pinch and a rotation that may recognize together, a
  /// left-edge pan.
  public static func crowdJSON(groups: Int) -> String {
    var recognizers: [String] = []
    for group in 0..<groups {
      let g = "-\(group)"
      recognizers += [
        #"{"name": "double-tap\#(g)", "type": "tap", "numberOfTapsRequired": 2}"#,
        #"{"name": "tap\#(g)", "type": "tap", "requiresFailureOf": ["double-tap\#(g)"]}"#,
        #"{"name": "two-finger-tap\#(g)", "type": "tap", "numberOfTouchesRequired": 2}"#,
        #"{"name": "long-press\#(g)", "type": "long-press"}"#,
        #"{"name": "pan\#(g)", "type": "pan", "maximumNumberOfTouches": 1, "#
          + #""requiresFailureOf": ["swipe\#(g)", "edge-left\#(g)"]}"#,
        #"{"name": "swipe\#(g)", "type": "swipe", "direction": ["left", "right", "up", "down"]}"#,
        #"{"name": "three-finger-swipe\#(g)", "type": "swipe", "numberOfTouchesRequired": 3}"#,
        #"{"name": "pinch\#(g)", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation\#(g)"]}"#,
        #"{"name": "rotation\#(g)", "type": "rotation"}"#,
        #"{"name": "edge-left\#(g)", "type": "screen-edge-pan", "edges": ["left"]}"#,
      ]
    }
    return """
      {"screen": {"width": 1920, "height": 1080}, "views": [{"name": "desktop",
        "frame": [0, 0, 1920, 1080], "children": [], "recognizers": [
      \(recognizers.joined(separator: ",\n"))
      ]}]}
      """
  }
}

/// Keeps the scenes of a benchmark alive (their delegates and views).
final class SceneOwner {
  let scenes: [Scene]
  init(_ scenes: [Scene]) { self.scenes = scenes }
}
