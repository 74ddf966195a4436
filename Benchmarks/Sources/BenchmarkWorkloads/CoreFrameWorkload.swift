// SPDX-License-Identifier: MIT
import GestureCore

/// One engine on a `BenchmarkScene` fed by `MovingFingers`, the way a replay host drives it:
/// for each frame the virtual clock is advanced to the frame's time (firing due timers), then
/// `engine.handle(frame)`. After `warmUp(frames:)` every recognizer has settled and the
/// fingers only move: the steady state whose cost per frame the benchmarks measure.
public final class CoreFrameWorkload {
  public let scene: BenchmarkScene
  public let engine: GestureEngine
  public let recognizerCount: Int
  private let clock: ManualClock
  private var fingers: MovingFingers
  private let owner: AnyObject

  /// `strokeFrames`: see `MovingFingers` (nil: the fingers stay down).
  public init(fingers count: Int, scene: BenchmarkScene, strokeFrames: Int64? = nil) throws {
    self.scene = scene
    let built = try scene.build()
    owner = built.owner
    recognizerCount = built.recognizerCount
    clock = ManualClock(nowMicroseconds: 0)
    engine = GestureEngine(rootView: built.rootView, clock: clock)
    fingers = MovingFingers(count: count, strokeFrames: strokeFrames)
  }

  /// Fingers in every frame.
  public var fingerCount: Int { fingers.count }

  /// Frame period in microseconds (240 Hz: 4167).
  public var framePeriodMicroseconds: Int64 { fingers.periodMicroseconds }

  /// Touches the fingers down and runs `frames` frames of movement (one second at 240 Hz
  /// settles every recognizer of the default scene: timers of taps and the long press are
  /// past, pinch and rotation are changing).
  public func warmUp(frames: Int = 240) {
    handleNextFrame()
    for _ in 0..<frames { handleNextFrame() }
  }

  /// Each recognizer's name and state, depth first from the root view.
  public var recognizerStates: [(name: String, state: GestureRecognizerState)] {
    var result: [(name: String, state: GestureRecognizerState)] = []
    func walk(_ view: View) {
      for recognizer in view.gestureRecognizers {
        result.append((recognizer.name ?? "\(type(of: recognizer))", recognizer.state))
      }
      for subview in view.subviews { walk(subview) }
    }
    walk(engine.rootView)
    return result
  }

  /// Advances the fingers one frame and hands the frame to the engine.
  @inline(never)
  public func handleNextFrame() {
    fingers.advance()
    clock.advance(toMicroseconds: fingers.frame.timestampMicroseconds)
    engine.handle(fingers.frame)
  }

  /// Runs `count` frames in a loop (used under callgrind, where per-frame timers are no use).
  @inline(never)
  public func measuredFrames(_ count: Int) {
    for _ in 0..<count { handleNextFrame() }
  }
}
