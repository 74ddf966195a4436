import CWeston
import Glibc

/// The module's own seat "gesture-bridge" with one virtual touch device, fed from touch-script
/// files (`TouchScript`) so headless weston can be tested: every 50 ms it looks for the file
/// at `scriptPath`; when one appears it is read, removed and played on the event loop with
/// its own timing, through `notify_touch_normalized`, exactly as a libinput backend feeds
/// weston.
final class ScriptedTouchSeat {
  let seat: UnsafeMutablePointer<weston_seat>
  private let device: UnsafeMutablePointer<weston_touch_device>
  private let scriptPath: String
  private var timer: OpaquePointer?
  /// Events still to play; a slice, so taking the first is O(1) (long scripts).
  private var pending: ArraySlice<TouchScript.Event> = []
  private var startMilliseconds = 0
  private static let pollMilliseconds: Int32 = 50

  init?(compositor: UnsafeMutablePointer<weston_compositor>, scriptPath: String) {
    guard let seat = cweston_seat_allocate() else { return nil }
    weston_seat_init(seat, compositor, "gesture-bridge")
    weston_seat_init_touch(seat)
    guard
      let device = weston_touch_create_touch_device(
        seat.pointee.touch_state, "/virtual/gesture-bridge-touch", nil, nil)
    else { return nil }
    self.seat = seat
    self.device = device
    self.scriptPath = scriptPath
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
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

  private var playStart = timespec()

  private func elapsedMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return (now.tv_sec - playStart.tv_sec) * 1000 + (now.tv_nsec - playStart.tv_nsec) / 1_000_000
  }

  private func loadScript() {
    guard let file = fopen(scriptPath, "r") else { return }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    fclose(file)
    unlink(scriptPath)
    let script = TouchScript(text: text, name: scriptPath)
    for problem in script.problems { WestonLog.write("touch script: \(problem)") }
    WestonLog.write("playing touch script \(scriptPath): \(script.events.count) events")
    pending = script.events[...]
    startMilliseconds = pending.first?.milliseconds ?? 0
    clock_gettime(CLOCK_MONOTONIC, &playStart)
    playDueEvents()
  }

  private func playDueEvents() {
    let elapsed = elapsedMilliseconds()
    while let event = pending.first, event.milliseconds - startMilliseconds <= elapsed {
      pending.removeFirst()
      play(event)
    }
  }

  private func play(_ event: TouchScript.Event) {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let type: Int32
    switch event.kind {
    case .down: type = Int32(WL_TOUCH_DOWN)
    case .motion: type = Int32(WL_TOUCH_MOTION)
    case .up: type = Int32(WL_TOUCH_UP)
    }
    notify_touch_normalized(device, &now, event.id, event.x, event.y, nil, type)
    notify_touch_frame(device)
  }
}

private func scriptTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<ScriptedTouchSeat>.fromOpaque(data).takeUnretainedValue().tick()
  return 0
}
