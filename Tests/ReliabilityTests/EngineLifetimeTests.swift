import GestureCore
import GestureScene
import XCTest

/// A scene and its engine are freed once nobody holds them, even with fingers down: a process
/// that replays many files, or rebuilds its scene, must not keep every old scene alive.
final class EngineLifetimeTests: XCTestCase {
  private weak var releasedView: View?
  private weak var releasedEngine: GestureEngine?
  private weak var releasedRecognizer: GestureRecognizer?

  private func runAndDropScene(liftFingers: Bool) {
    let scene = Scene(SceneDescription.standard)
    let clock = ManualClock()
    let engine = GestureEngine(rootView: scene.rootView, clock: clock)
    releasedView = scene.rootView
    releasedEngine = engine
    releasedRecognizer = scene.recognizers.first?.recognizer
    let id = TouchID(1)
    engine.handle(
      TouchFrame(
        timestampMicroseconds: 1_000,
        samples: [TouchSample(id: id, phase: .began, location: Point(x: 960, y: 540))]))
    if liftFingers {
      clock.advance(toMicroseconds: 50_000)
      engine.handle(
        TouchFrame(
          timestampMicroseconds: 50_000,
          samples: [TouchSample(id: id, phase: .ended, location: Point(x: 960, y: 540))]))
      clock.runUntilIdle()
    }
  }

  func testASceneIsFreedAfterItsFingersLifted() {
    runAndDropScene(liftFingers: true)
    XCTAssertNil(releasedEngine, "engine")
    XCTAssertNil(releasedView, "root view")
    XCTAssertNil(releasedRecognizer, "recognizer")
  }

  /// Known bug (reported, not fixed here): a recognizer tracking a touch holds it in
  /// `trackedTouches`; `Touch.view` holds the view strongly and the view holds its
  /// recognizers, so recognizer -> touch -> view -> recognizer is a retain cycle until the
  /// touch ends. Dropped with a finger down, the engine and root view are freed but the hit
  /// view and its recognizers never are (LeakSanitizer reports these cycles for the core's
  /// tests that end with fingers down). Fix: make `Touch.view`
  /// weak (UIKit's `UITouch.view` is weak too) or clear `trackedTouches` when the engine is
  /// deinitialized.
  func testASceneIsFreedEvenWithAFingerStillDown() {
    runAndDropScene(liftFingers: false)
    XCTAssertNil(releasedEngine, "engine")
    XCTAssertNil(releasedView, "root view")
    XCTAssertNil(releasedRecognizer, "recognizer")
  }
}
