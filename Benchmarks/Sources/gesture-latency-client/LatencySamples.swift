// SPDX-License-Identifier: MIT
import GestureBridgeClient
import Glibc

/// Receipt time minus event timestamp of every gesture event, with its kind and state.
struct LatencySamples {
  private var latencies: [Int64] = []
  private var labels: [(GestureKind, GestureState)] = []

  init(capacity: Int) {
    latencies.reserveCapacity(capacity)
    labels.reserveCapacity(capacity)
  }

  var count: Int { latencies.count }

  /// Records one gesture received at `receivedNanoseconds` (CLOCK_MONOTONIC).
  mutating func record(_ gesture: Gesture, receivedNanoseconds: Int64) {
    latencies.append(receivedNanoseconds - Int64(gesture.timestampMicroseconds) * 1000)
    labels.append((gesture.kind, gesture.state))
  }

  /// `samples=N p50_ns=… p99_ns=… max_ns=…` over every event.
  var summary: String {
    let sorted = latencies.sorted()
    guard !sorted.isEmpty else { return "samples=0" }
    func percentile(_ p: Double) -> Int64 {
      sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)]
    }
    return "samples=\(sorted.count) p50_ns=\(percentile(50)) p99_ns=\(percentile(99)) "
      + "max_ns=\(sorted.last!)"
  }

  /// Writes one `kind state latency_ns` line per event to `path`.
  func write(to path: String) throws {
    var text = ""
    for (latency, (kind, state)) in zip(latencies, labels) {
      text += "\(kind) \(state) \(latency)\n"
    }
    guard let file = fopen(path, "w") else {
      throw LatencyClientError("cannot write \(path): errno \(errno)")
    }
    defer { fclose(file) }
    guard fputs(text, file) >= 0 else { throw LatencyClientError("cannot write \(path)") }
  }
}
