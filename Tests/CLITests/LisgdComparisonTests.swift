// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import Testing

/// lisgd 0.3.7 (Debian's) and `gesture-bridge lisgd` with the same command line, a Sxmo-like
/// set of bindings (corners, edges, short/medium/long, the pressed mode, one to three fingers),
/// on the same recordings played into a mocked touchscreen: the same bindings run, in the
/// same order. Each recording is followed by a probe gesture whose binding writes `probe`, so
/// the lines of one recording are told from the next.
@Suite(.serialized, .enabled(if: DaemonSession.umockdevInstalled, "needs the umockdev package"))
struct LisgdComparisonTests {
  /// Debian's lisgd 0.3.7 (package lisgd, installed by scripts/setup.sh).
  static let lisgd = "/usr/bin/lisgd"

  /// name -> -g fields before the command.
  static let bindings: [(name: String, gesture: String)] = [
    ("corner-br", "1,DRUL,BR,*,R"), ("corner-bl", "1,DLUR,BL,*,R"),
    ("corner-tl", "1,ULDR,TL,*,R"), ("corner-tr", "1,URDL,TR,*,R"),
    ("bottom-up-pressed", "1,DU,B,*,P"), ("top-down-pressed", "1,UD,T,*,P"),
    ("left-right-long", "1,LR,L,L,R"), ("left-right-medium", "1,LR,L,M,R"),
    ("left-right-short", "1,LR,L,S,R"), ("right-left-edge", "1,RL,R,*,R"),
    ("top-right", "1,LR,T,*"), ("middle-right", "1,LR,N,*,R"), ("middle-left", "1,RL,N,*,R"),
    ("middle-up", "1,DU,N,*,R"), ("middle-down", "1,UD,N,*,R"),
    ("two-down-top", "2,UD,T,*,R"), ("two-up", "2,DU,*,*,R"), ("two-right-long", "2,LR,*,L,R"),
    ("two-left", "2,RL,*,*,R"), ("three-up", "3,DU,*,*,R"), ("three-left", "3,RL,*,*,R"),
    ("three-down-pressed", "3,UD,*,*,P"), ("probe", "3,LR,*,*,R"),
  ]

  /// lisgd's command line for the synthetic touchscreen (1920 x 1080, one unit a pixel).
  static var arguments: [String] {
    ["-d", "@NODE@", "-w", "1920", "-h", "1080", "-t", "125", "-T", "60"]
      + bindings.flatMap { ["-g", "\($0.gesture),echo \($0.name) >> \"$OUT/gestures\""] }
  }

  typealias Point = TouchScript.Point

  /// `fingers` fingers 120 px apart across the stroke, from `from` to `to` in `milliseconds`.
  static func stroke(_ from: Point, _ to: Point, fingers: Int = 1, milliseconds: UInt64 = 250)
    -> TouchScript
  {
    let (dx, dy) = (to.x - from.x, to.y - from.y)
    let length = max((dx * dx + dy * dy).squareRoot(), 1)
    let (ox, oy) = (-dy / length * 120, dx / length * 120)
    return (0..<fingers).reduce(TouchScript()) { script, finger in
      let shift = Double(finger)
      return script
        + .drag(
          from: (from.x + ox * shift, from.y + oy * shift),
          to: (to.x + ox * shift, to.y + oy * shift), start: 50_000,
          duration: milliseconds * 1000)
    }
  }

  /// The recordings and the bindings they are made for ([] when none should run).
  static let recordings: [(name: String, script: TouchScript, expected: [String])] = [
    ("corner-br", stroke((1905, 1070), (1505, 670)), ["corner-br"]),
    ("corner-bl", stroke((15, 1070), (415, 670)), ["corner-bl"]),
    ("corner-tl", stroke((15, 10), (415, 410)), ["corner-tl"]),
    ("corner-tr", stroke((1905, 10), (1505, 410)), ["corner-tr"]),
    ("bottom-up", stroke((960, 1075), (960, 600)), ["bottom-up-pressed", "middle-up"]),
    ("top-down", stroke((960, 5), (960, 500)), ["top-down-pressed", "middle-down"]),
    ("left-edge-long", stroke((10, 540), (1400, 540), milliseconds: 350), ["left-right-long"]),
    ("left-edge-medium", stroke((10, 540), (800, 540)), ["left-right-medium"]),
    ("left-edge-short", stroke((10, 540), (300, 540)), ["left-right-short"]),
    ("right-edge", stroke((1910, 540), (1300, 540)), ["right-left-edge"]),
    ("top-edge-right", stroke((700, 10), (1100, 10)), ["top-right"]),
    ("right", stroke((800, 540), (1100, 540)), ["middle-right"]),
    ("left", stroke((1100, 540), (800, 540)), ["middle-left"]),
    ("up", stroke((960, 700), (960, 400)), ["middle-up"]),
    ("down", stroke((960, 400), (960, 700)), ["middle-down"]),
    ("two-down-from-top", stroke((900, 10), (900, 410), fingers: 2), ["two-down-top"]),
    ("two-up", stroke((900, 700), (900, 300), fingers: 2), ["two-up"]),
    (
      "two-right-long", stroke((200, 450), (1600, 450), fingers: 2, milliseconds: 350),
      ["two-right-long"]
    ),
    ("two-left", stroke((1400, 500), (1000, 500), fingers: 2), ["two-left"]),
    ("three-up", stroke((800, 800), (800, 400), fingers: 3), ["three-up"]),
    ("three-left", stroke((1400, 400), (1000, 400), fingers: 3), ["three-left"]),
    // A pressed binding runs again each time a finger has gone another 60 px: each of the
    // three fingers' 400 px (13.3 px a frame at 120 Hz) makes five.
    (
      "three-down", stroke((1100, 300), (1100, 700), fingers: 3),
      Array(repeating: "three-down-pressed", count: 15)
    ),
    ("too-short", stroke((800, 540), (900, 540)), []),
    ("too-slow", stroke((800, 540), (1200, 540), milliseconds: 1_200), []),
    ("off-angle", stroke((800, 540), (1100, 680)), []),
    ("tap", .tap(at: (960, 540), start: 50_000), []),
    // lisgd counts the fingers that agree with the first one lifting and matches the last
    // one's stroke: right, then down, is one finger down.
    (
      "disagreeing-fingers",
      .drag(from: (600, 540), to: (900, 540), start: 50_000, duration: 250_000)
        + .drag(from: (1300, 300), to: (1300, 700), start: 60_000, duration: 300_000),
      ["middle-down"]
    ),
  ]

  /// The recordings and the probe written into `folder`.
  static func writeRecordings(into folder: URL) throws -> (recordings: [String], probe: String) {
    func write(_ name: String, _ script: TouchScript) throws -> String {
      let path = folder.appendingPathComponent(name + ".yml").path
      try BundledRecordings.write(
        BundledRecordings.Recording(fileName: name + ".yml", summary: name, script: script),
        to: path)
      return path
    }
    let probe = try write("probe", stroke((700, 540), (1000, 540), fingers: 3, milliseconds: 150))
    return (try recordings.map { try write($0.name, $0.script) }, probe)
  }

  /// The lines each recording gave under `program` (lisgd, or gesture-bridge with `lisgd`).
  static func run(_ program: String, _ subcommand: [String]) throws -> [[String]] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-lisgd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (paths, probe) = try writeRecordings(into: folder)
    let session = try DaemonSession(
      config: "{}", command: subcommand + arguments, program: program, waitsForDevice: false)
    defer { session.close() }
    // Ready once a probe's command ran (lisgd logs nothing when it has opened the device).
    var ready = false
    for _ in 0..<40 where !ready {
      try session.play(path: probe)
      ready = session.waitUntil(seconds: 1) { session.lines("gestures").contains("probe") }
    }
    try #require(ready, "\(program) never ran the probe's binding: \(session.log)")
    var probes = session.lines("gestures").count
    for path in paths {
      try session.play(path: path)
      try session.play(path: probe)
      probes += 1
      let count = probes
      try #require(
        session.waitUntil { session.lines("gestures").filter { $0 == "probe" }.count >= count },
        "\(program): no probe after \(path): \(session.lines("gestures"))\n\(session.log)")
    }
    let lines = session.lines("gestures")
    // Split at the probes: what each recording gave.
    var groups: [[String]] = [[]]
    for line in lines.drop(while: { $0 == "probe" }) {
      if line == "probe" { groups.append([]) } else { groups[groups.count - 1].append(line) }
    }
    return Array(groups.dropLast())
  }

  @Test func theSameBindingsRunAsWithLisgdItself() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.lisgd),
      "\(Self.lisgd) is missing: run scripts/setup.sh (Debian package lisgd)")
    #expect(Self.bindings.count >= 20)
    let fromLisgd = try Self.run(Self.lisgd, [])
    let fromGestureBridge = try Self.run(DaemonSession.gestureBridge, ["lisgd"])
    try #require(fromLisgd.count == Self.recordings.count, "\(fromLisgd)")
    try #require(fromGestureBridge.count == Self.recordings.count, "\(fromGestureBridge)")
    for (index, recording) in Self.recordings.enumerated() {
      #expect(
        fromGestureBridge[index] == fromLisgd[index],
        "\(recording.name): gesture-bridge ran \(fromGestureBridge[index]), lisgd \(fromLisgd[index])"
      )
      #expect(
        fromGestureBridge[index] == recording.expected,
        "\(recording.name): made for \(recording.expected)")
    }
  }

  @Test func aMisspeltBindingIsAnErrorNamingTheField() {
    let result = GestureBridgeProcess.run([
      "lisgd", "-w", "720", "-h", "1440", "-g", "1,LR,X,*,R,true",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: lisgd: -g 1,LR,X,*,R,true: edge must be one of *, N, L, R, T, B, TL, TR, BL, "
        + "BR, not 'X'\n")
  }
}
