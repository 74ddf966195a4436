// SPDX-License-Identifier: MIT
/// The frames of a `TouchScript` sampled at a fixed rate, produced lazily.
///
/// Samples are taken every `1 / rateHz` seconds from the earliest stroke start (times rounded
/// down to whole microseconds) up to the latest stroke end, plus exactly at every stroke's
/// start and end. At each sample a frame lists, ordered by finger:
/// - `.down` for a stroke starting then (at its first keyframe),
/// - `.up` / `.cancel` for a `.lift` / `.cancel` stroke ending then (at its last keyframe),
/// - `.move` for a finger that is down and whose position differs from the one last reported.
///
/// Samples with no change produce no frame, so frame times increase strictly and no frame is
/// empty.
public struct ScriptFrameSequence: Sequence, Sendable {
  public let script: TouchScript
  public let rateHz: Int

  /// `rateHz` must be positive (a programming error otherwise).
  public init(script: TouchScript, rateHz: Int) {
    precondition(rateHz > 0, "sampling rate must be positive")
    self.script = script
    self.rateHz = rateHz
  }

  public func makeIterator() -> Iterator {
    Iterator(script: script, rateHz: UInt64(rateHz))
  }

  /// Walks the script in time order, keeping per-stroke state for the active strokes only.
  public struct Iterator: IteratorProtocol, Sendable {
    private struct StrokeState: Sendable {
      var lastX = 0.0
      var lastY = 0.0
      var cursor = 0
    }

    private let strokes: [FingerStroke]
    private let rateHz: UInt64
    /// Stroke indices ordered by start time.
    private let startOrder: [Int]
    private var nextToStart = 0
    /// Sorted, unique stroke start and end times.
    private let boundaries: [UInt64]
    private var nextBoundary = 0
    private let firstMicroseconds: UInt64
    private let lastMicroseconds: UInt64
    private var gridIndex: UInt64 = 0
    /// Indices of strokes that are down or still to be reported, ascending.
    private var active: [Int] = []
    private var states: [Int: StrokeState] = [:]

    init(script: TouchScript, rateHz: UInt64) {
      let strokes = script.strokes
      self.strokes = strokes
      self.rateHz = rateHz
      startOrder = strokes.indices.sorted {
        (strokes[$0].startMicroseconds, $0) < (strokes[$1].startMicroseconds, $1)
      }
      var times = Set<UInt64>()
      for stroke in strokes {
        times.insert(stroke.startMicroseconds)
        times.insert(stroke.endMicroseconds)
      }
      boundaries = times.sorted()
      firstMicroseconds = script.startMicroseconds ?? 0
      lastMicroseconds = script.endMicroseconds ?? 0
    }

    private func gridTime(_ index: UInt64) -> UInt64 {
      firstMicroseconds + index * 1_000_000 / rateHz
    }

    /// The next sample time, or nil past the end of the script.
    private mutating func nextSampleTime() -> UInt64? {
      guard !strokes.isEmpty else { return nil }
      var candidate = gridTime(gridIndex)
      if nextBoundary < boundaries.count {
        candidate = Swift.min(candidate, boundaries[nextBoundary])
      }
      guard candidate <= lastMicroseconds else { return nil }
      while gridTime(gridIndex) <= candidate { gridIndex += 1 }
      while nextBoundary < boundaries.count && boundaries[nextBoundary] <= candidate {
        nextBoundary += 1
      }
      return candidate
    }

    public mutating func next() -> ScriptFrame? {
      while let time = nextSampleTime() {
        if let frame = sample(at: time) { return frame }
      }
      return nil
    }

    private mutating func sample(at time: UInt64) -> ScriptFrame? {
      while nextToStart < startOrder.count
        && strokes[startOrder[nextToStart]].startMicroseconds <= time
      {
        let index = startOrder[nextToStart]
        let insertAt = active.firstIndex { $0 > index } ?? active.count
        active.insert(index, at: insertAt)
        nextToStart += 1
      }
      var changes: [ScriptFingerChange] = []
      var finished: [Int] = []
      for index in active {
        let stroke = strokes[index]
        var state = states[index] ?? StrokeState()
        let isEnd = time >= stroke.endMicroseconds
        if time == stroke.startMicroseconds {
          let first = stroke.keyframes[0]
          changes.append(.init(finger: index, phase: .down, x: first.x, y: first.y))
          (state.lastX, state.lastY) = (first.x, first.y)
        } else {
          let position = stroke.position(
            atOffset: time - stroke.startMicroseconds, cursor: &state.cursor)
          switch (stroke.ending, isEnd) {
          case (.lift, true):
            changes.append(.init(finger: index, phase: .up, x: position.x, y: position.y))
          case (.cancel, true):
            changes.append(.init(finger: index, phase: .cancel, x: position.x, y: position.y))
          default:
            if position.x != state.lastX || position.y != state.lastY {
              changes.append(.init(finger: index, phase: .move, x: position.x, y: position.y))
              (state.lastX, state.lastY) = position
            }
          }
        }
        if isEnd {
          finished.append(index)
          states[index] = nil
        } else {
          states[index] = state
        }
      }
      if !finished.isEmpty { active.removeAll { finished.contains($0) } }
      return changes.isEmpty ? nil : ScriptFrame(timeMicroseconds: time, changes: changes)
    }
  }
}
