// SPDX-License-Identifier: MIT
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

  /// Regression: a recognizer tracking a touch holds it in `trackedTouches`; when
  /// `Touch.view` held the view strongly (the view holds its recognizers), recognizer ->
  /// touch -> view -> recognizer was a retain cycle until the touch ended, so a scene dropped
  /// with a finger down was never freed. `Touch.view` is weak now, like `UITouch.view`.
  func testASceneIsFreedEvenWithAFingerStillDown() {
    runAndDropScene(liftFingers: false)
    XCTAssertNil(releasedEngine, "engine")
    XCTAssertNil(releasedView, "root view")
    XCTAssertNil(releasedRecognizer, "recognizer")
  }
}
