// SPDX-License-Identifier: MIT
import CWeston
import DriveLog
import GestureCore
import GestureReplay
import Glibc
import JSONLines
import TouchInput
import WestonModuleSupport

/// Replays one `libinput record` file into the virtual seat, once, on weston's event loop,
/// starting only when a client window is there to take touches, so runs do not depend on how
/// fast clients start.
///
/// Every 20 ms the player checks that clients have committed at least `startRecognizers`
/// recognizers (the main module's `gb_bridge_recognizer_count`; 0 for apps that do not use
/// the protocol) and that the output exists (`outputName`, or the first output). Then it
/// waits until a client's mapped window is on that output (`ClientWindow`: the topmost
/// mapped client surface without a parent; the shell's own views, such as kiosk-shell's
/// background, do not count). It decodes the recording with the in-core replay's reader and
/// decoders (`RecordingTouchEvents`) for the output's size, or for the window's with
/// `fit: .window` (then the window's corner is the origin), and then waits for the output's
/// next repaint (`frame_signal`, a repaint it asks for), so the window has been presented
/// before the first touch lands. A first touch that would hit no client surface
/// (`weston_compositor_pick_view`: an edge swipe beside a centred window) does not stop it: the
/// log says so and the recording plays. Then it plays the events (`TimedTouchPlayer`)
/// relative to that moment, each stamped with its intended time. It logs when it waits, when
/// it starts (with the CLOCK_MONOTONIC origin in microseconds, the moment of the recording's
/// first event, so times seen by clients can be turned back into recording times) and when it
/// has finished, in weston's log and the event log (`SessionEventLog`) when there is one.
///
/// The recording's scale (its first touchscreen with a size mapped onto the output, as the
/// in-core replay computes it) goes to the bridge when playback starts.
final class RecordingPlayer {
  private let api: UnsafePointer<gesture_bridge_weston_api_v1>
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let path: String
  private let outputName: String?
  private let startRecognizers: Int
  private let fit: PlaybackFit
  private let events: SessionEventLog?
  private let player: TimedTouchPlayer
  private var finished: (() -> Void)?
  private var timer: OpaquePointer?
  private var decoded: RecordingTouchEvents?
  /// The rectangle the recording was decoded for (the output, or the window with `.window`).
  private var target: PlaybackArea?
  private var loggedWaitingForView = false
  private var waitingForFrame = false
  private static let pollMilliseconds: Int32 = 20

  /// Checks the recording (its header) and starts waiting; nil after logging why when it
  /// cannot be played. `finished` runs after the last event has been played.
  init?(
    api: UnsafePointer<gesture_bridge_weston_api_v1>, feed: SeatTouchFeed,
    compositor: UnsafeMutablePointer<weston_compositor>, path: String, outputName: String?,
    startRecognizers: Int, fit: PlaybackFit = .output, events: SessionEventLog? = nil,
    finished: (() -> Void)? = nil
  ) {
    do {
      try RecordingTouchEvents.check(path: path) { _ in }
    } catch {
      DriveSeatLog.write("error: recording not played: \(error.description)")
      events?.write(.errorEvent("recording not played: \(error.description)"))
      return nil
    }
    self.api = api
    self.compositor = compositor
    self.path = path
    self.outputName = outputName
    self.startRecognizers = startRecognizers
    self.fit = fit
    self.events = events
    self.finished = finished
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)!
    player = TimedTouchPlayer(feed: feed, loop: loop)
    timer = wl_event_loop_add_timer(
      loop, recordingPollTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
    DriveSeatLog.write(
      "recording \(path): waiting for \(startRecognizers) committed recognizer(s), output "
        + "\(outputName ?? "(first)") and a mapped client window on it")
  }

  fileprivate func poll() {
    guard !waitingForFrame else { return }
    guard Int(api.pointee.recognizer_count(compositor)) >= startRecognizers,
      let output = OutputRectangle(of: compositor, named: outputName)
    else {
      wl_event_source_timer_update(timer, Self.pollMilliseconds)
      return
    }
    let window = ClientWindow(on: output, of: compositor)
    var target = PlaybackArea(output)
    if fit == .window, let window { target = PlaybackArea(window) }
    if decoded == nil || self.target != target {
      let screen = ScreenSize(width: Int(target.width), height: Int(target.height))
      do {
        decoded = try RecordingTouchEvents(path: path, screen: screen) {
          DriveSeatLog.write("recording warning: \($0)")
        }
      } catch {
        DriveSeatLog.write("error: recording not played: \(error.description)")
        events?.write(.errorEvent("recording not played: \(error.description)"))
        finishedPlaying()
        return
      }
      self.target = target
    }
    let first = decoded?.events.first(where: { $0.kind == .down })
    let x = (first?.x ?? 0) + Double(target.x)
    let y = (first?.y ?? 0) + Double(target.y)
    guard window != nil else {
      if !loggedWaitingForView {
        DriveSeatLog.write(
          "recording \(path): waiting for a mapped surface at (\(x), \(y)) or another client "
            + "window on output \(outputName ?? "(first)")")
        loggedWaitingForView = true
      }
      wl_event_source_timer_update(timer, Self.pollMilliseconds)
      return
    }
    if first != nil, !cweston_client_surface_at(compositor, x, y) {
      let at = [x, y].map { FixedDecimal.format($0, decimals: 2) ?? "\($0)" }
      let message =
        "recording \(path): its first touch at (\(at[0]), \(at[1])) hits no window; playing it "
        + "anyway"
      DriveSeatLog.write(message)
      var note = DriveLogEvent(.note)
      (note.message, note.path, note.x, note.y) = (message, path, x, y)
      events?.write(note)
    }
    waitForRepaint()
  }

  /// Starts playing after the output's next repaint (asked for now).
  private func waitForRepaint() {
    guard let westonOutput = cweston_output_named(compositor, outputName),
      let listener = cweston_listener_allocate(
        recordingOutputRepainted, Unmanaged.passUnretained(self).toOpaque())
    else {
      start()
      return
    }
    waitingForFrame = true
    wl_signal_add(&westonOutput.pointee.frame_signal, &listener.pointee.listener)
    weston_output_schedule_repaint(westonOutput)
  }

  fileprivate func start() {
    waitingForFrame = false
    guard let decoded, let target else { return }
    api.pointee.set_pixels_per_millimetre(
      compositor, decoded.physicalScale?.pixelsPerMillimetre ?? 0)
    let frames = decoded.events.lazy.filter { $0.kind == .frame }.count
    let last = decoded.events.last?.timeMicroseconds ?? decoded.firstEventMicroseconds
    let seconds = Double(last - min(last, decoded.firstEventMicroseconds)) / 1_000_000
    let path = path
    player.play(
      decoded.events, startMicroseconds: decoded.firstEventMicroseconds,
      originX: Double(target.x), originY: Double(target.y)
    ) { [weak self] in
      DriveSeatLog.write("recording \(path): finished")
      var finished = DriveLogEvent(.recording)
      (finished.event, finished.path) = ("finished", path)
      self?.events?.write(finished)
      self?.finishedPlaying()
    }
    DriveSeatLog.write(
      "recording \(path): playing \(frames) frames (\(seconds) s) onto "
        + "\(target.width)x\(target.height) at (\(target.x),\(target.y)); "
        + "origin \(player.originMicroseconds) us CLOCK_MONOTONIC")
    var playing = DriveLogEvent(.recording)
    (playing.event, playing.path, playing.fit) = ("playing", path, fit.rawValue)
    (playing.frames, playing.seconds) = (frames, seconds)
    (playing.x, playing.y) = (Double(target.x), Double(target.y))
    (playing.width, playing.height) = (Int(target.width), Int(target.height))
    playing.originMicroseconds = Int64(player.originMicroseconds)
    events?.write(playing)
  }

  private func finishedPlaying() {
    if let timer { wl_event_source_remove(timer) }
    timer = nil
    let done = finished
    finished = nil
    done?()
  }
}

private func recordingPollTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<RecordingPlayer>.fromOpaque(data).takeUnretainedValue().poll()
  return 0
}

private func recordingOutputRepainted(
  _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
) {
  guard let listener else { return }
  let player = cweston_listener_data(listener)
  wl_list_remove(&listener.pointee.link)
  free(listener)
  guard let player else { return }
  Unmanaged<RecordingPlayer>.fromOpaque(player).takeUnretainedValue().start()
}
