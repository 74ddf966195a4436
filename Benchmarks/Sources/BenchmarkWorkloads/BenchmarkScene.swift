import GestureCore
import GestureScene

/// The recognizers a core benchmark runs: the default scene's twelve, or one pan.
public enum BenchmarkScene: String, Sendable, CaseIterable {
  /// `DefaultScene.json` built by `GestureScene`: one full-screen view, twelve recognizers.
  case defaultScene = "default"
  /// One full-screen view with one `PanGestureRecognizer`.
  case singlePan = "pan"

  /// The root view (1920x1080) holding the scene's views and recognizers, and the number of
  /// recognizers attached. The returned `owner` keeps the scene's delegate alive.
  public func build() throws -> (rootView: View, recognizerCount: Int, owner: AnyObject) {
    switch self {
    case .defaultScene:
      let description = try SceneDescription.parse(
        json: DefaultScene.json, file: DefaultScene.fileName)
      let scene = Scene(description)
      return (scene.rootView, scene.recognizers.count, scene)
    case .singlePan:
      let root = View(name: "screen", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
      let pan = PanGestureRecognizer()
      pan.name = "pan"
      root.addGestureRecognizer(pan)
      return (root, 1, pan)
    }
  }
}
