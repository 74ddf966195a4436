// SPDX-License-Identifier: MIT
import GestureCore

/// The dense peer row's frames (`DenseGestures`) for the benchmark suite: the engine of
/// `PeerEngineRun` (default scene, reports built) fed one frame per call, pass after pass
/// (each later in time), so the suite's per-frame allocation count covers frames that land
/// and lift fingers, recognizers beginning, failing and resetting, and timers firing.
public final class DenseFrameWorkload {
  public let frames: PeerFrames
  private let run: PeerEngineRun
  private var index = 0
  private var offset: Int64 = 0

  public init(sequences: Int = 600, seed: UInt64 = 39) throws {
    frames = DenseGestures.make(seed: seed, sequences: sequences)
    run = try PeerEngineRun(scene: .defaultScene, reports: true)
  }

  /// Runs every frame once, so every array the engine keeps has reached its capacity.
  public func warmUp() {
    for _ in frames.frames.indices { handleNextFrame() }
  }

  /// Hands the next frame to the engine (after the last one, the first one again, later).
  @inline(never)
  public func handleNextFrame() {
    var frame = frames.frames[index]
    frame.timestampMicroseconds += offset
    run.handle(frame)
    index += 1
    if index == frames.frames.count {
      index = 0
      offset += frames.passMicroseconds
    }
  }
}
