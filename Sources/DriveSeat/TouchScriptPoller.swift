// SPDX-License-Identifier: MIT
import CWeston
import Glibc
import WestonModuleSupport

/// Plays touch-script files (`SeatTouchScript`) into the virtual seat so headless weston can
/// be tested: every 50 ms it looks for the file at `path`; when one appears it is read,
/// removed and played (`TimedTouchPlayer`, through the seat's one feed) with its own timing,
/// each event followed by a frame and stamped with the moment it is played. While a script plays, the file is not polled. The log says
/// `playing touch script PATH: N events` and, after the last, `touch script PATH: played`.
final class TouchScriptPoller {
  private let path: String
  private let player: TimedTouchPlayer
  private var timer: OpaquePointer?
  private static let pollMilliseconds: Int32 = 50

  init(feed: SeatTouchFeed, path: String, loop: OpaquePointer) {
    self.path = path
    player = TimedTouchPlayer(feed: feed, loop: loop, stampsPlayTime: true)
    timer = wl_event_loop_add_timer(
      loop, scriptPollTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
  }

  fileprivate func poll() {
    if !player.isPlaying { loadScript() }
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
  }

  private func loadScript() {
    guard let text = TextFileReader.read(path) else { return }
    unlink(path)
    let script = SeatTouchScript(text: text, name: path)
    for problem in script.problems { DriveSeatLog.write("touch script: \(problem)") }
    DriveSeatLog.write("playing touch script \(path): \(script.events.count) events")
    let path = path
    player.play(script.touchEvents, startMicroseconds: 0) {
      DriveSeatLog.write("touch script \(path): played")
    }
  }
}

private func scriptPollTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<TouchScriptPoller>.fromOpaque(data).takeUnretainedValue().poll()
  return 0
}
