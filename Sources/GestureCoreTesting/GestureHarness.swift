// SPDX-License-Identifier: MIT
import GestureCore

/// An engine on a 1920x1080 screen with a virtual clock and a small touch DSL, for tests
/// (the counterpart of swift-nio's `EmbeddedEventLoop`). Nothing sleeps: `advance` moves
/// virtual time and fires due timers in order.
///
/// ```swift
/// let h = GestureHarness()
/// h.root.addGestureRecognizer(tap)
/// h.down(1, at: (100, 100))          // t = 0
/// h.advance(ms: 50)
/// h.up(1)                            // tap recognized
/// ```
public final class GestureHarness {
  public let clock: ManualClock
  public let root: View
  public let engine: GestureEngine
  public let deliveries = DeliveryLog()
  private var pending: [TouchSample] = []
  private var lastLocation: [TouchID: Point] = [:]

  public init(
    screen: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080),
    settings: GestureSettings = .standard
  ) {
    clock = ManualClock(nowMicroseconds: 0)
    root = View(name: "screen", frame: screen)
    engine = GestureEngine(rootView: root, clock: clock, settings: settings)
    root.touchObserver = deliveries
  }

  /// Virtual time now, in microseconds.
  public var now: Int64 { clock.nowMicroseconds }

  /// Moves virtual time forward, firing due timers.
  public func advance(ms: Double) { clock.advance(byMicroseconds: Int64((ms * 1000).rounded())) }

  /// Moves virtual time to an absolute time in milliseconds.
  public func advance(toMs ms: Double) {
    clock.advance(toMicroseconds: Int64((ms * 1000).rounded()))
  }

  // MARK: Building frames

  /// Queues finger `id` touching down; sent by `commit()` (or at once without `batch`).
  public func down(_ id: UInt64, at point: (Double, Double), batch: Bool = false) {
    add(TouchSample(id: TouchID(id), phase: .began, location: Point(x: point.0, y: point.1)), batch)
  }

  public func move(_ id: UInt64, to point: (Double, Double), batch: Bool = false) {
    add(TouchSample(id: TouchID(id), phase: .moved, location: Point(x: point.0, y: point.1)), batch)
  }

  public func up(_ id: UInt64, batch: Bool = false) {
    let location = lastLocation[TouchID(id)] ?? .zero
    add(TouchSample(id: TouchID(id), phase: .ended, location: location), batch)
  }

  public func cancel(_ id: UInt64, batch: Bool = false) {
    let location = lastLocation[TouchID(id)] ?? .zero
    add(TouchSample(id: TouchID(id), phase: .cancelled, location: location), batch)
  }

  /// Sends the queued samples as one frame at the current virtual time.
  public func commit() {
    let frame = TouchFrame(timestampMicroseconds: clock.nowMicroseconds, samples: pending)
    pending.removeAll()
    engine.handle(frame)
  }

  /// Moves finger `id` from where it is to `point` in `steps` frames over `ms` milliseconds.
  public func drag(_ id: UInt64, to point: (Double, Double), steps: Int, overMs ms: Double) {
    let start = lastLocation[TouchID(id)] ?? .zero
    for step in 1...steps {
      advance(ms: ms / Double(steps))
      let f = Double(step) / Double(steps)
      move(id, to: (start.x + (point.0 - start.x) * f, start.y + (point.1 - start.y) * f))
    }
  }

  /// A full tap of finger `id` at `point`, down and up `holdMs` apart.
  public func tap(_ id: UInt64, at point: (Double, Double), holdMs: Double = 50) {
    down(id, at: point)
    advance(ms: holdMs)
    up(id)
  }

  private func add(_ sample: TouchSample, _ batch: Bool) {
    lastLocation[sample.id] = sample.location
    pending.append(sample)
    if !batch { commit() }
  }
}
