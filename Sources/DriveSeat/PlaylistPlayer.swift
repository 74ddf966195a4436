import CDriveSeat
// SPDX-License-Identifier: MIT
import CWeston
import DriveLog
import Glibc
import WestonModuleSupport

/// Plays a `Playlist` for `gesture-bridge drive`: waits for a mapped client window on the
/// output (and `startRecognizers` committed recognizers), waits until the app is idle, takes
/// a screenshot (`00-before.png`), then plays each item in turn (recordings through
/// `RecordingPlayer`, touch scripts through `TimedTouchPlayer`, both mapped onto the output or
/// the window: `PlaybackFit`), and after each waits until the app is idle and takes a
/// screenshot (`01-NAME.png`, ...). Idle: no client has committed a wl_surface for
/// `idleMilliseconds` (at most `settleLimitMilliseconds` of waiting: an app that animates
/// forever is noted and the playlist goes on). With `close-windows=true` it then asks every
/// client window to close (xdg_toplevel.close). Everything goes to the event log; the last
/// line is `done`.
final class PlaylistPlayer {
  /// Where the player is.
  enum Phase {
    case waitingForWindow(loggedWaiting: Bool)
    /// Waiting for the app to be idle since `sinceMicroseconds`; then the screenshot named
    /// `screenshot` (after `after`: an item's path, or nil before the first) and item `next`.
    case settling(next: Int, sinceMicroseconds: UInt64, screenshot: String, after: String?)
    case playing(index: Int)
    case done
  }

  static let idleMilliseconds: UInt64 = 400
  static let settleLimitMilliseconds: UInt64 = 5_000
  private static let pollMilliseconds: Int32 = 20

  private let api: UnsafePointer<gesture_bridge_weston_api_v1>
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let feed: SeatTouchFeed
  private let items: [Playlist.Item]
  private let options: DriveSeatOptions
  private let events: SessionEventLog?
  private let recorder: ClientEventRecorder
  private let scriptPlayer: TimedTouchPlayer
  /// Every item's recording player, kept for the module's lifetime (their event sources hold
  /// unretained pointers to them).
  private var recordingPlayers: [RecordingPlayer] = []
  private var phase = Phase.waitingForWindow(loggedWaiting: false)
  private var timer: OpaquePointer?
  private var screenshots = 0

  init(
    api: UnsafePointer<gesture_bridge_weston_api_v1>, feed: SeatTouchFeed,
    compositor: UnsafeMutablePointer<weston_compositor>, playlist: Playlist,
    options: DriveSeatOptions, events: SessionEventLog?, recorder: ClientEventRecorder
  ) {
    self.api = api
    self.compositor = compositor
    self.feed = feed
    items = playlist.items
    self.options = options
    self.events = events
    self.recorder = recorder
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)!
    scriptPlayer = TimedTouchPlayer(feed: feed, loop: loop)
    for problem in playlist.problems { events?.error("playlist: \(problem)") }
    timer = wl_event_loop_add_timer(
      loop, playlistTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
    DriveSeatLog.write("playlist: \(items.count) item(s), waiting for a client window")
  }

  fileprivate func poll() {
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    switch phase {
    case .waitingForWindow(let loggedWaiting):
      guard Int(api.pointee.recognizer_count(compositor)) >= options.recordingStartRecognizers,
        let output = OutputRectangle(of: compositor, named: options.recordingOutput),
        let window = ClientWindow(on: output, of: compositor)
      else {
        if !loggedWaiting {
          var waiting = DriveLogEvent(.waiting)
          waiting.waitingFor = "a client window"
          events?.write(waiting)
          phase = .waitingForWindow(loggedWaiting: true)
        }
        break
      }
      DriveSeatLog.write(
        "playlist: client \(window.pid) mapped a \(window.width)x\(window.height) window at "
          + "(\(window.x),\(window.y))")
      var mapped = DriveLogEvent(.window)
      mapped.client = Int(window.pid)
      (mapped.x, mapped.y) = (Double(window.x), Double(window.y))
      (mapped.width, mapped.height) = (Int(window.width), Int(window.height))
      events?.write(mapped)
      phase = .settling(next: 0, sinceMicroseconds: now, screenshot: "00-before.png", after: nil)
    case .settling(let next, let since, let screenshot, let after):
      let quiet = now - max(since, recorder.lastCommitMicroseconds)
      let waited = now - since
      guard quiet >= Self.idleMilliseconds * 1000 || waited >= Self.settleLimitMilliseconds * 1000
      else { break }
      if quiet < Self.idleMilliseconds * 1000 {
        events?.note(
          "playlist: the app was still drawing \(Self.settleLimitMilliseconds) ms after "
            + (after.map { "playing \($0)" } ?? "mapping its window") + "; going on")
      }
      takeScreenshot(named: screenshot, after: after)
      playItem(next)
      return
    case .playing:
      return  // the item's player calls back
    case .done:
      return
    }
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
  }

  private func takeScreenshot(named name: String, after: String?) {
    guard let directory = options.screenshotDirectory else { return }
    let path = directory + "/" + name
    switch OutputScreenshot.write(compositor, output: options.recordingOutput, to: path) {
    case .success(let size):
      screenshots += 1
      var screenshot = DriveLogEvent(.screenshot)
      (screenshot.path, screenshot.after) = (path, after ?? "")
      (screenshot.width, screenshot.height) = (Int(size.width), Int(size.height))
      events?.write(screenshot)
    case .failure(let error):
      events?.error("screenshot \(path) not taken: \(error.message)")
    }
  }

  private func playItem(_ index: Int) {
    guard index < items.count else {
      phase = .done
      let closed = options.closeWindowsWhenDone ? Int(cwts_close_client_windows(compositor)) : 0
      DriveSeatLog.write("playlist: done; \(closed) client window(s) asked to close")
      var done = DriveLogEvent(.done)
      (done.items, done.screenshots, done.windowsClosed) = (items.count, screenshots, Int(closed))
      events?.write(done)
      return
    }
    phase = .playing(index: index)
    let item = items[index]
    switch item {
    case .recording(let path):
      let player = RecordingPlayer(
        api: api, feed: feed, compositor: compositor, path: path,
        outputName: options.recordingOutput, startRecognizers: 0, fit: options.fit,
        events: events
      ) { [weak self] in self?.itemFinished(index) }
      if let player { recordingPlayers.append(player) } else { itemFinished(index) }
    case .touchScript(let path):
      playTouchScript(path, index: index)
    }
  }

  private func playTouchScript(_ path: String, index: Int) {
    guard let text = TextFileReader.read(path) else {
      events?.error("touch script not played: cannot read \(path)")
      itemFinished(index)
      return
    }
    let script = SeatTouchScript(text: text, name: path)
    for problem in script.problems { events?.error("touch script: \(problem)") }
    var originX = 0.0
    var originY = 0.0
    if options.fit == .window,
      let output = OutputRectangle(of: compositor, named: options.recordingOutput),
      let window = ClientWindow(on: output, of: compositor)
    {
      originX = Double(window.x)
      originY = Double(window.y)
    }
    var playing = DriveLogEvent(.touchScript)
    (playing.event, playing.path, playing.fit) = ("playing", path, options.fit.rawValue)
    (playing.events, playing.x, playing.y) = (script.events.count, originX, originY)
    events?.write(playing)
    scriptPlayer.play(
      script.touchEvents, startMicroseconds: 0, originX: originX, originY: originY
    ) { [weak self] in
      var finished = DriveLogEvent(.touchScript)
      (finished.event, finished.path) = ("finished", path)
      self?.events?.write(finished)
      self?.itemFinished(index)
    }
  }

  private func itemFinished(_ index: Int) {
    let path = items[index].path
    var name = String(path.split(separator: "/").last ?? "item")
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
    let number = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
    phase = .settling(
      next: index + 1, sinceMicroseconds: VirtualTouchSeat.microseconds(VirtualTouchSeat.now()),
      screenshot: "\(number)-\(name).png", after: path)
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
  }
}

private func playlistTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<PlaylistPlayer>.fromOpaque(data).takeUnretainedValue().poll()
  return 0
}
