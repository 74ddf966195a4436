// SPDX-License-Identifier: MIT
import GestureBindings
import GestureScene
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
  /// What lifting every finger now would run is what the lift runs (the claim of the system
  /// gesture), and asking changes nothing.
  @Test func bindingIfLiftedIsWhatTheLiftRuns() throws {
    var strokes = LisgdStrokes(
      options: try options(["-g", "1,LR,L,*,R,back", "-g", "2,UD,*,*,R,two-down"]))
    strokes.touchDown(slot: 0, x: 10, y: 500, timeMicroseconds: 0)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 0) == nil, "not moved")
    _ = strokes.touchMotion(slot: 0, x: 100, y: 500, timeMicroseconds: 50_000)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 50_000) == nil, "shorter than -t")
    _ = strokes.touchMotion(slot: 0, x: 300, y: 500, timeMicroseconds: 100_000)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 100_000)?.command == "back")
    #expect(strokes.bindingIfLifted(timeMicroseconds: 900_000) == nil, "past -m")
    #expect(strokes.touchUp(slot: 0, timeMicroseconds: 100_000)?.command == "back")
    strokes.touchDown(slot: 3, x: 300, y: 300, timeMicroseconds: 1_000_000)
    strokes.touchDown(slot: 4, x: 500, y: 300, timeMicroseconds: 1_000_000)
    _ = strokes.touchMotion(slot: 3, x: 300, y: 700, timeMicroseconds: 1_100_000)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 1_100_000) == nil, "slot 4 never moved")
    _ = strokes.touchMotion(slot: 4, x: 500, y: 700, timeMicroseconds: 1_100_000)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 1_100_000)?.command == "two-down")
    #expect(strokes.touchUp(slot: 3, timeMicroseconds: 1_200_000) == nil)
    #expect(strokes.bindingIfLifted(timeMicroseconds: 1_200_000)?.command == "two-down")
    #expect(strokes.touchUp(slot: 4, timeMicroseconds: 1_200_000)?.command == "two-down")
  }

  /// Without -w/-h (a system-gesture config) the strokes measure against the screen the host
  /// sets; with them, against theirs.
  @Test func theScreenComesFromTheHostUnlessGiven() throws {
    func edge(_ arguments: [String]) throws -> String? {
      var strokes = LisgdStrokes(
        options: try LisgdOptions(
          arguments: arguments + ["-g", "1,RL,R,*,R,from-right"], use: .systemGestures))
      strokes.setScreen(width: 2000, height: 1000)
      strokes.touchDown(slot: 0, x: 1990, y: 500, timeMicroseconds: 0)
      _ = strokes.touchMotion(slot: 0, x: 1500, y: 500, timeMicroseconds: 100_000)
      return strokes.touchUp(slot: 0, timeMicroseconds: 100_000)?.command
    }
    #expect(try edge([]) == "from-right")
    #expect(try edge(["-w", "4000", "-h", "1000"]) == nil, "x 1990 is not the right edge of 4000")
  }

  @Test(arguments: [
    (
      ["-d", "/dev/input/event0"],
      "option -d is lisgd's own: in a compositor the touches are "
        + "the compositor's, on its outputs as they are turned (leave it out)"
    ),
    (
      ["-o", "1"],
      "option -o is lisgd's own: in a compositor the touches are "
        + "the compositor's, on its outputs as they are turned (leave it out)"
    ),
    (["-w", "100"], "give both -w and -h, or neither (the compositor's screen)"),
  ])
  func systemGestureOptionsRefuseWhatTheCompositorDecides(arguments: [String], message: String) {
    #expect(throws: LisgdError(message)) {
      try LisgdOptions(arguments: ["-g", "1,LR,L,*,x"] + arguments, use: .systemGestures)
    }
  }

  private func config(_ lisgd: String) throws(SceneError) -> BindingConfig {
    try BindingConfig.parse(
      json: """
        {"screen": {"width": 1000, "height": 800}, "views": [], "bindings": [],
         "lisgd": \(lisgd)}
        """, file: "system.json")
  }

  @Test func aConfigCarriesLisgdsArguments() throws {
    let parsed = try config(#"["-t", "90", "-g", "1,LR,L,*,R,echo a,b"]"#)
    #expect(parsed.lisgd?.threshold == 90)
    #expect(parsed.lisgd?.bindings.map(\.command) == ["echo a,b"])
    #expect(parsed.summary == "0 recognizer(s), 0 binding(s), screen 1000x800, 1 lisgd binding(s)")
    #expect(
      try BindingConfig.parse(
        json: #"{"screen": {"width": 10, "height": 10}, "views": [], "bindings": []}"#,
        file: "system.json"
      ).lisgd == nil)
  }

  @Test(arguments: [
    (#""-g""#, "system.json: lisgd: expected an array of lisgd's arguments (strings), got \"-g\""),
    (#"["-t", 90]"#, "system.json: lisgd[1]: expected a string, got 90"),
    (
      #"["-o", "1", "-g", "1,LR,L,*,R,x"]"#,
      "system.json: lisgd: option -o is lisgd's own: "
        + "in a compositor the touches are the compositor's, on its outputs as they are turned "
        + "(leave it out)"
    ),
    ("[]", "system.json: lisgd: no -g binding given (lisgd's compiled-in bindings are not used)"),
  ])
  func aConfigsLisgdMistakesNameThePath(lisgd: String, message: String) {
    #expect(throws: SceneError.self) { try config(lisgd) }
    do {
      _ = try config(lisgd)
    } catch {
      #expect(error.description == message)
    }
  }
}
