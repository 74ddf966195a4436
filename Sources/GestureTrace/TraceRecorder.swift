// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene

/// Collects what happened during a replay or a live session, for `SVGRenderer`: every
/// finger's path (from the touch frames the engine handled) and every recognizer state change
/// (from the gesture reports, and the failures, which are not reports), all timed in
/// microseconds since the start of the input.
///
/// A value: copy it to draw a snapshot while recording goes on. Memory grows with the
/// distance the fingers travel, not with the frame rate: a position less than `minimumStep`
/// pixels from the one kept before it replaces the latest position instead of adding one, so
/// a resting finger costs nothing, and every path keeps its first and latest position.
///
/// ```swift
/// var recorder = TraceRecorder(scene: scene)
/// replayer.touchFrames = { recorder.record($0) }
/// replayer.failures = { failure in
///   recorder.recordFailure(
///     of: failure.recognizer, type: failure.type.rawValue,
///     atMicroseconds: failure.timeMicroseconds, location: failure.location)
/// }
/// try replayer.replay(path: path, report: { recorder.record($0) }, warning: { _ in })
/// let svg = SVGRenderer().render(recorder)
/// ```
public struct TraceRecorder: Sendable {
  /// The screen the touches are mapped onto, in pixels.
  public let screen: Size
  /// The scene's recognizers, depth first in file order, then any unknown names reported.
  public private(set) var recognizers: [TraceRecognizer]
  /// Every finger seen, in touch-down order.
  public private(set) var fingers: [TraceFinger] = []
  /// Gestures began, changed, ended, recognized, cancelled or failed, in time order. A
  /// continuous gesture's `changed` reports are marked at most once per
  /// `minimumChangeIntervalMicroseconds` (its segment counts them all).
  public private(set) var marks: [TraceMark] = []
  /// Continuous gestures, in the order they began.
  public private(set) var segments: [TraceSegment] = []
  /// The latest time seen in a frame or a report.
  public private(set) var endMicroseconds: Int64 = 0
  /// Positions closer than this (pixels) to the last kept one are merged.
  public var minimumStep: Double
  /// A `changed` report less than this long after the gesture's `began` or its last marked
  /// change is counted but not marked, so marks grow with a gesture's duration, not with the
  /// frame rate (10 ms: every 2nd or 3rd frame at 240 Hz, every frame at 60 Hz).
  public var minimumChangeIntervalMicroseconds: Int64 = 10_000

  private var openFingers: [TouchID: Int] = [:]
  private var rowByName: [String: Int] = [:]
  /// The open segment of each recognizer row.
  private var openSegments: [Int: Int] = [:]
  /// The time of the last `began` or marked `changed` of each recognizer row's open segment.
  private var lastMarkedChange: [Int: Int64] = [:]

  /// A recorder for a scene: one timeline row per recognizer, depth first in file order.
  public init(scene: SceneDescription, minimumStep: Double = 0.5) {
    var rows: [TraceRecognizer] = []
    func visit(_ view: ViewDescription, origin: Point) {
      let viewOrigin = origin + view.frame.origin
      for recognizer in view.recognizers {
        rows.append(
          TraceRecognizer(
            name: recognizer.name, type: recognizer.type.rawValue, viewOrigin: viewOrigin))
      }
      for child in view.children { visit(child, origin: viewOrigin) }
    }
    for view in scene.views { visit(view, origin: .zero) }
    self.init(
      screen: Size(width: Double(scene.screenWidth), height: Double(scene.screenHeight)),
      recognizers: rows, minimumStep: minimumStep)
  }

  public init(screen: Size, recognizers: [TraceRecognizer], minimumStep: Double = 0.5) {
    self.screen = screen
    self.recognizers = recognizers
    self.minimumStep = minimumStep
    for (index, row) in recognizers.enumerated() where rowByName[row.name] == nil {
      rowByName[row.name] = index
    }
  }

  /// The number of fingers that were down together at most: the finger numbers in use.
  public var maximumFingerNumber: Int { fingers.reduce(0) { max($0, $1.number) } }

  // MARK: Recording

  /// Records a touch frame (its time in microseconds since the start of the input).
  public mutating func record(_ frame: TouchFrame) {
    let time = frame.timestampMicroseconds
    endMicroseconds = max(endMicroseconds, time)
    for sample in frame.samples {
      let point = TracePoint(timeMicroseconds: time, x: sample.location.x, y: sample.location.y)
      switch sample.phase {
      case .began:
        if let index = openFingers[sample.id] {
          append(point, to: index)
          continue
        }
        var used = Set<Int>()
        for index in openFingers.values { used.insert(fingers[index].number) }
        var number = 1
        while used.contains(number) { number += 1 }
        openFingers[sample.id] = fingers.count
        fingers.append(
          TraceFinger(touch: sample.id, number: number, points: [point], ending: .down))
      case .moved, .stationary:
        if let index = openFingers[sample.id] { append(point, to: index) }
      case .ended, .cancelled:
        guard let index = openFingers.removeValue(forKey: sample.id) else { continue }
        append(point, to: index)
        fingers[index].ending = sample.phase == .ended ? .lifted : .cancelled
      }
    }
  }

  /// Records a recognizer's report.
  public mutating func record(_ report: GestureReport) {
    let row = self.row(named: report.recognizer, type: report.type.rawValue)
    let origin = recognizers[row].viewOrigin
    record(
      TraceState(report.state), recognizer: row, atMicroseconds: report.timeMicroseconds,
      location: report.location + origin)
  }

  /// Records a recognizer's failure: failures send no action, so they never come as reports
  /// (the replayers and `LibinputWatcher` hand them out through their `failures` hook).
  /// `location` is in the recognizer's view coordinates, like a report's; `type` is the
  /// scene's type name, for a recognizer the scene does not have.
  public mutating func recordFailure(
    of name: String, type: String, atMicroseconds time: Int64, location: Point
  ) {
    let row = self.row(named: name, type: type)
    record(
      .failed, recognizer: row, atMicroseconds: time,
      location: location + recognizers[row].viewOrigin)
  }

  /// Records a state change of the recognizer in row `recognizer` at `time`, located at
  /// `location` (screen pixels) if known.
  public mutating func record(
    _ state: TraceState, recognizer: Int, atMicroseconds time: Int64, location: Point?
  ) {
    precondition(recognizers.indices.contains(recognizer), "no recognizer row \(recognizer)")
    endMicroseconds = max(endMicroseconds, time)
    switch state {
    case .began:
      closeSegment(of: recognizer, at: time, outcome: .cancelled)
      openSegments[recognizer] = segments.count
      lastMarkedChange[recognizer] = time
      segments.append(
        TraceSegment(
          recognizer: recognizer, startMicroseconds: time, endMicroseconds: time, changes: 0,
          outcome: nil))
    case .changed:
      guard let index = openSegments[recognizer] else { return }
      segments[index].changes += 1
      segments[index].endMicroseconds = time
      if let last = lastMarkedChange[recognizer], time - last < minimumChangeIntervalMicroseconds {
        return
      }
      lastMarkedChange[recognizer] = time
    case .ended, .cancelled:
      closeSegment(of: recognizer, at: time, outcome: state)
    case .recognized, .failed:
      break
    }
    marks.append(
      TraceMark(timeMicroseconds: time, recognizer: recognizer, state: state, location: location))
  }

  /// The row of the recognizer named `name`, added at the end if the scene has none.
  public mutating func row(named name: String, type: String) -> Int {
    if let row = rowByName[name] { return row }
    rowByName[name] = recognizers.count
    recognizers.append(TraceRecognizer(name: name, type: type))
    return recognizers.count - 1
  }

  private mutating func closeSegment(of recognizer: Int, at time: Int64, outcome: TraceState) {
    lastMarkedChange[recognizer] = nil
    guard let index = openSegments.removeValue(forKey: recognizer) else { return }
    segments[index].endMicroseconds = max(segments[index].startMicroseconds, time)
    segments[index].outcome = outcome
  }

  private mutating func append(_ point: TracePoint, to index: Int) {
    let count = fingers[index].points.count
    if count >= 2 {
      let kept = fingers[index].points[count - 2]
      let latest = fingers[index].points[count - 1]
      if Self.distance(kept, latest) < minimumStep {
        fingers[index].points[count - 1] = point
        return
      }
    }
    fingers[index].points.append(point)
  }

  private static func distance(_ a: TracePoint, _ b: TracePoint) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
  }
}
