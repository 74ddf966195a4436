import CWeston
import Glibc

/// Plays touch-script files (`TouchScript`) into the virtual seat so headless weston can be
/// tested: every 50 ms it looks for the file at `path`; when one appears it is read, removed
/// and played on weston's event loop with its own timing (events stamped with the time they
/// are played, each followed by a frame). While a script plays, the file is not polled.
/// The log says `playing touch script PATH: N events` and, after the last, `touch script
/// PATH: played`.
final class TouchScriptPoller {
  private let seat: VirtualTouchSeat
  private let path: String
  private var timer: OpaquePointer?
  private var pending: ArraySlice<TouchScript.Event> = []
  private var startMilliseconds = 0
  private var playStart = timespec()
  private static let pollMilliseconds: Int32 = 50

  init(seat: VirtualTouchSeat, path: String, loop: OpaquePointer) {
    self.seat = seat
    self.path = path
    timer = wl_event_loop_add_timer(
      loop, scriptTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
  }

  fileprivate func tick() {
    if pending.isEmpty {
      loadScript()
    } else {
      playDueEvents()
    }
    if let next = pending.first {
      let wait = max(1, next.milliseconds - startMilliseconds - elapsedMilliseconds())
      wl_event_source_timer_update(timer, Int32(clamping: wait))
    } else {
      wl_event_source_timer_update(timer, Self.pollMilliseconds)
    }
  }

  private func elapsedMilliseconds() -> Int {
    let now = VirtualTouchSeat.now()
    return (now.tv_sec - playStart.tv_sec) * 1000 + (now.tv_nsec - playStart.tv_nsec) / 1_000_000
  }

  private func loadScript() {
    guard let file = fopen(path, "r") else { return }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    fclose(file)
    unlink(path)
    let script = TouchScript(text: text, name: path)
    for problem in script.problems { WestonLog.write("touch script: \(problem)") }
    WestonLog.write("playing touch script \(path): \(script.events.count) events")
    pending = script.events[...]
    startMilliseconds = pending.first?.milliseconds ?? 0
    playStart = VirtualTouchSeat.now()
    if pending.isEmpty { WestonLog.write("touch script \(path): played") }
    playDueEvents()
  }

  private func playDueEvents() {
    let elapsed = elapsedMilliseconds()
    while let event = pending.first, event.milliseconds - startMilliseconds <= elapsed {
      pending.removeFirst()
      let kind: VirtualTouchSeat.Kind
      switch event.kind {
      case .down: kind = .down
      case .motion: kind = .motion
      case .up: kind = .up
      }
      seat.send(kind, id: event.id, x: event.x, y: event.y, time: VirtualTouchSeat.now())
      seat.frame()
      if pending.isEmpty { WestonLog.write("touch script \(path): played") }
    }
  }
}

private func scriptTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<TouchScriptPoller>.fromOpaque(data).takeUnretainedValue().tick()
  return 0
}
