// SPDX-License-Identifier: MIT
import GestureBindings
import Testing

/// lisgd 0.3.7's command line and recognition, without a touchscreen (the comparison with
/// lisgd itself is CLITests' LisgdComparisonTests).
@Suite struct LisgdTests {
  private func options(_ arguments: [String]) throws -> LisgdOptions {
    try LisgdOptions(arguments: ["-w", "1000", "-h", "2000"] + arguments)
  }

  @Test func bindingsParseInBothFormsAndCommandsKeepTheirCommas() throws {
    let parsed = try options([
      "-g", "2,DRUL,BR,M,P,echo a,b", "-g", "1,LR,L,*,notify-send left", "-t", "90", "-o", "1",
    ])
    #expect(
      parsed.bindings == [
        LisgdBinding(
          fingers: 2, swipe: .downRightUpLeft, edge: .bottomRight, distance: .medium,
          mode: .pressed, command: "echo a,b"),
        LisgdBinding(
          fingers: 1, swipe: .leftRight, edge: .left, distance: .any, mode: .released,
          command: "notify-send left"),
      ])
    #expect(parsed.threshold == 90 && parsed.orientation == 1 && parsed.pressedThreshold == 60)
  }

  @Test(arguments: [
    (["-g", "1,LR,L,*,R"], "-g 1,LR,L,*,R: the command is missing"),
    (["-g", "0,LR,L,*,R,x"], "-g 0,LR,L,*,R,x: fingers must be a whole number >= 1, not '0'"),
    (["-g", "1,LR,L,X,R,x"], "-g 1,LR,L,X,R,x: distance must be *, S, M or L, not 'X'"),
    (["-g", "1,LR"], "-g 1,LR: expected fingers,swipe,edge,distance[,mode],command"),
    (["-g", "1,LR,L,*,x", "-r", "50"], "option -r expects a whole number from 0 to 45, not '50'"),
    (["-g", "1,LR,L,*,x", "-t"], "option -t expects a value"),
    (["-g", "1,LR,L,*,x", "-x"], "unknown option '-x' (lisgd's options: see lisgd(1))"),
    ([], "no -g binding given (lisgd's compiled-in bindings are not used)"),
  ])
  func mistakesAreErrorsNamingWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: LisgdError(message)) { try options(arguments) }
  }

  @Test func theScreenSizeIsRequired() {
    #expect(
      throws: LisgdError(
        "give the screen's size with -w and -h (it is not asked of the compositor)")
    ) { try LisgdOptions(arguments: ["-g", "1,LR,L,*,x"]) }
  }

  @Test func directionsFollowLisgdsAnglesAndLeniency() {
    func swipe(_ dx: Double, _ dy: Double) -> LisgdSwipe? {
      LisgdSwipe.of(
        x0: 500, y0: 500, x1: 500 + dx, y1: 500 + dy, minimumDistance: 125, leniencyDegrees: 15)
    }
    #expect(swipe(200, 0) == .leftRight)
    #expect(swipe(0, -200) == .downUp)
    #expect(swipe(-200, 200) == .upRightDownLeft)
    #expect(swipe(200, 200) == .upLeftDownRight)
    #expect(swipe(100, 0) == nil, "shorter than the threshold")
    #expect(swipe(200, 100) == nil, "27 degrees off: no direction within 15")
  }

  @Test func edgesAndCornersComeFromTheStartOrTheEnd() {
    #expect(LisgdEdge.of(x0: 10, y0: 500, x1: 400, y1: 500, width: 1000, height: 2000) == .left)
    #expect(LisgdEdge.of(x0: 400, y0: 500, x1: 990, y1: 500, width: 1000, height: 2000) == .right)
    #expect(
      LisgdEdge.of(x0: 990, y0: 1990, x1: 600, y1: 1600, width: 1000, height: 2000)
        == .bottomRight)
    #expect(LisgdEdge.of(x0: 400, y0: 500, x1: 600, y1: 500, width: 1000, height: 2000) == .none)
  }

  @Test func aTurnedScreenTurnsTheBindings() {
    #expect(LisgdSwipe.leftRight.turned(quarterTurns: 1) == .upDown)
    #expect(LisgdSwipe.leftRight.turned(quarterTurns: 4) == .leftRight)
    #expect(LisgdEdge.left.turned(quarterTurns: 1) == .top)
    #expect(LisgdEdge.bottomRight.turned(quarterTurns: 2) == .topLeft)
  }

  /// Released gestures: the first binding that takes them, by fingers, distance class and
  /// edge, within the time limit; a finger that never moved ends nothing.
  @Test func releasedStrokesRunTheFirstBindingThatTakesThem() throws {
    var strokes = LisgdStrokes(
      options: try options([
        "-g", "1,LR,L,L,R,long", "-g", "1,LR,L,S,R,short", "-g", "2,UD,*,*,R,two-down",
      ]))
    strokes.touchDown(slot: 0, x: 10, y: 500, timeMicroseconds: 0)
    _ = strokes.touchMotion(slot: 0, x: 900, y: 500, timeMicroseconds: 100_000)
    #expect(strokes.touchUp(slot: 0, timeMicroseconds: 200_000)?.command == "long")
    strokes.touchDown(slot: 0, x: 10, y: 500, timeMicroseconds: 1_000_000)
    _ = strokes.touchMotion(slot: 0, x: 200, y: 500, timeMicroseconds: 1_100_000)
    #expect(strokes.touchUp(slot: 0, timeMicroseconds: 1_200_000)?.command == "short")
    strokes.touchDown(slot: 0, x: 10, y: 500, timeMicroseconds: 2_000_000)
    _ = strokes.touchMotion(slot: 0, x: 900, y: 500, timeMicroseconds: 2_100_000)
    #expect(strokes.touchUp(slot: 0, timeMicroseconds: 2_900_000) == nil, "past 800 ms")
    strokes.touchDown(slot: 0, x: 300, y: 300, timeMicroseconds: 3_000_000)
    strokes.touchDown(slot: 1, x: 500, y: 300, timeMicroseconds: 3_010_000)
    _ = strokes.touchMotion(slot: 0, x: 300, y: 700, timeMicroseconds: 3_100_000)
    _ = strokes.touchMotion(slot: 1, x: 500, y: 700, timeMicroseconds: 3_100_000)
    #expect(strokes.touchUp(slot: 0, timeMicroseconds: 3_200_000) == nil, "one still down")
    #expect(strokes.touchUp(slot: 1, timeMicroseconds: 3_210_000)?.command == "two-down")
  }

  @Test func aPressedBindingRunsWhileTheFingerIsDownAndAgainAfterAnotherStroke() throws {
    var strokes = LisgdStrokes(options: try options(["-g", "1,DU,B,*,P,up"]))
    strokes.touchDown(slot: 0, x: 500, y: 1995, timeMicroseconds: 0)
    #expect(strokes.touchMotion(slot: 0, x: 500, y: 1950, timeMicroseconds: 10_000) == nil)
    #expect(
      strokes.touchMotion(slot: 0, x: 500, y: 1930, timeMicroseconds: 20_000)?.command == "up")
    #expect(
      strokes.touchMotion(slot: 0, x: 500, y: 1900, timeMicroseconds: 30_000) == nil,
      "the stroke starts again where it ran")
  }

  @Test func aCancelledTouchIsForgottenAndTheNextGestureCountsItsOwnFingers() throws {
    var strokes = LisgdStrokes(options: try options(["-g", "1,LR,*,*,R,right"]))
    strokes.touchDown(slot: 0, x: 100, y: 500, timeMicroseconds: 0)
    strokes.touchCancelled(slot: 0)
    strokes.touchDown(slot: 1, x: 100, y: 500, timeMicroseconds: 100_000)
    _ = strokes.touchMotion(slot: 1, x: 400, y: 500, timeMicroseconds: 150_000)
    #expect(strokes.touchUp(slot: 1, timeMicroseconds: 200_000)?.command == "right")
  }
}
