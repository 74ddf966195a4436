// SPDX-License-Identifier: MIT
import Benchmark
import BenchmarkWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// GestureBridge benchmarks (ordo-one/benchmark). Run them all with `scripts/bench.sh`, which
// also generates the recording, runs the callgrind and libinput measurements and prints the
// table with targets; or alone with `swift package benchmark` in Benchmarks/.
//
// Environment:
// - GESTURE_BENCH_RECORDING: the `make-recordings stress` file the in-core replay benchmark
//   replays (that benchmark is skipped without it);
// - GESTURE_BENCH_SMOKE=1: a few iterations each, only to check that everything runs.

private func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

private let smoke = environmentValue("GESTURE_BENCH_SMOKE") == "1"

/// Per-frame benchmarks: one iteration is one frame, so the wall-clock percentiles are those
/// of single frames and `mallocCountTotal` is the allocations of each frame.
private func frameConfiguration() -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds, units: [.mallocCountTotal: .count],
    warmupIterations: smoke ? 0 : 1000,
    maxDuration: .seconds(smoke ? 1 : 10),
    maxIterations: smoke ? 10 : 200_000)
}

private func registerFrameBenchmark(
  name: String, fingers: Int, scene: BenchmarkScene, strokeFrames: Int64? = nil
) {
  do {
    let workload = try CoreFrameWorkload(
      fingers: fingers, scene: scene, strokeFrames: strokeFrames)
    workload.warmUp()
    Benchmark(name, configuration: frameConfiguration()) { _ in
      workload.handleNextFrame()
    }
  } catch {
    fatalError("cannot build the \(scene.rawValue) scene: \(error)")
  }
}

let benchmarks: @Sendable () -> Void = {
  registerFrameBenchmark(
    name: "Core frame: 10 fingers, default scene (12 recognizers)", fingers: 10,
    scene: .defaultScene)
  registerFrameBenchmark(
    name: "Core frame: 1 finger, 1 pan recognizer", fingers: 1, scene: .singlePan)
  // The fingers lift and touch down again every half second, so the recognizers keep
  // beginning, failing and resetting as in a real recording.
  registerFrameBenchmark(
    name: "Core frame: 10 fingers, strokes of 120 frames, default scene", fingers: 10,
    scene: .defaultScene, strokeFrames: 120)

  // The same with the default-like system config loaded (system recognizers on the root
  // view, taking precedence): what system gestures add to every frame.
  registerFrameBenchmark(
    name: "Core frame: system config over the default scene, 10 fingers (16 recognizers)",
    fingers: 10, scene: .defaultWithSystem)

  // 10, 100 and 1,000 recognizers on one view, fingers lifting and landing every 120 frames:
  // the cost of a frame follows the recognizers that share its touches (at most ~10x per 10x).
  for scene in [BenchmarkScene.crowd10, .crowd100, .crowd1000] {
    registerFrameBenchmark(
      name: "Core frame: \(scene.rawValue) on one view, 10 fingers lifting every 120 frames",
      fingers: 10, scene: scene, strokeFrames: 120)
  }

  // The dense peer row's generated short gestures (fingers landing or lifting in a quarter
  // of the frames, reports built): the allocations of frames where gestures happen.
  do {
    let workload = try DenseFrameWorkload()
    workload.warmUp()
    Benchmark(
      "Dense frames: generated short gestures, default scene, reports built",
      configuration: frameConfiguration()
    ) { _ in
      workload.handleNextFrame()
    }
  } catch {
    fatalError("cannot build the default scene: \(error)")
  }

  // Allocations over many steady-state frames at once: the per-frame metric above shows the
  // distribution, this one the total over `frames` frames (target 0).
  let allocationFrames = smoke ? 100 : 10_000
  do {
    let workload = try CoreFrameWorkload(fingers: 10, scene: .defaultScene)
    workload.warmUp()
    Benchmark(
      "Allocations: \(allocationFrames) steady-state frames, 10 fingers, default scene",
      configuration: .init(
        metrics: [.mallocCountTotal], units: [.mallocCountTotal: .count], warmupIterations: 1,
        maxDuration: .seconds(smoke ? 1 : 5), maxIterations: smoke ? 1 : 10)
    ) { _ in
      workload.measuredFrames(allocationFrames)
    }
  } catch {
    fatalError("cannot build the default scene: \(error)")
  }

  // In-core replay of the whole stress recording, three times (once in smoke mode): wall time
  // and peak resident memory.
  let recording = environmentValue("GESTURE_BENCH_RECORDING")
  Benchmark(
    "In-core replay: stress recording, default scene",
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
      timeUnits: .milliseconds, units: [.peakMemoryResident: .count, .mallocCountTotal: .count],
      warmupIterations: 0, maxDuration: .seconds(smoke ? 1 : 120),
      maxIterations: smoke ? 1 : 3, skip: recording == nil)
  ) { benchmark in
    guard let recording else { return }
    do {
      let result = try InCoreReplay.run(path: recording)
      blackHole(result)
    } catch {
      benchmark.error("in-core replay of \(recording) failed: \(error)")
    }
  }
}
