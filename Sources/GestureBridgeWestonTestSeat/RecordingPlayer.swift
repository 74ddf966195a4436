// SPDX-License-Identifier: MIT
import CWeston
import GestureCore
import GestureReplay
import Glibc
import TouchInput
import WestonModuleSupport

/// Replays one `libinput record` file into the virtual seat, once, on weston's event loop,
/// starting only when the client under its first touch can take touches, so runs do not
/// depend on how fast clients start.
///
/// Every 20 ms the player checks that clients have committed at least `startRecognizers`
/// recognizers (the main module's `gb_bridge_recognizer_count`) and that the output exists
/// (`outputName`, or the first output). Then it decodes the recording for that output with the
/// in-core replay's reader and decoders (`RecordingTouchEvents`) and waits until a client's
/// mapped surface that takes input is under the recording's first touch
/// (`weston_compositor_pick_view`: what a touch there would hit; the shell's own views, such as
/// kiosk-shell's background, do not count), and then for the output's next repaint (`frame_signal`, a repaint
/// it asks for), so the surface has been presented before the first touch lands. Then it
/// plays the events (`TimedTouchPlayer`) relative to that moment, each stamped with its
/// intended time. It logs when it waits, when it starts (with the CLOCK_MONOTONIC origin in
/// microseconds, the moment of the recording's first event, so times seen by clients can be
/// turned back into recording times) and when it has finished.
///
/// The recording's scale (its first touchscreen with a size mapped onto the output, as the
/// in-core replay computes it) goes to the bridge when playback starts.
final class RecordingPlayer {
  private let api: UnsafePointer<gesture_bridge_weston_api_v1>
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let path: String
  private let outputName: String?
  private let startRecognizers: Int
  private let player: TimedTouchPlayer
  private var timer: OpaquePointer?
  private var decoded: RecordingTouchEvents?
  private var output: OutputRectangle?
  private var loggedWaitingForView = false
  private var waitingForFrame = false
  private static let pollMilliseconds: Int32 = 20

  /// Checks the recording (its header) and starts waiting; nil after logging why when it
  /// cannot be played.
  init?(
    api: UnsafePointer<gesture_bridge_weston_api_v1>, feed: SeatTouchFeed,
    compositor: UnsafeMutablePointer<weston_compositor>, path: String, outputName: String?,
    startRecognizers: Int
  ) {
    do {
      try RecordingTouchEvents.check(path: path) { _ in }
    } catch {
      TestSeatLog.write("error: recording not played: \(error.description)")
      return nil
    }
    self.api = api
    self.compositor = compositor
    self.path = path
    self.outputName = outputName
    self.startRecognizers = startRecognizers
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)!
    player = TimedTouchPlayer(feed: feed, loop: loop)
    timer = wl_event_loop_add_timer(
      loop, recordingPollTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
    TestSeatLog.write(
      "recording \(path): waiting for \(startRecognizers) committed recognizer(s), output "
        + "\(outputName ?? "(first)") and a mapped surface under its first touch")
  }

  fileprivate func poll() {
    guard !waitingForFrame else { return }
    guard Int(api.pointee.recognizer_count(compositor)) >= startRecognizers,
      let output = OutputRectangle(of: compositor, named: outputName)
    else {
      wl_event_source_timer_update(timer, Self.pollMilliseconds)
      return
    }
    if decoded == nil || self.output != output {
      let screen = ScreenSize(width: Int(output.width), height: Int(output.height))
      do {
        decoded = try RecordingTouchEvents(path: path, screen: screen) {
          TestSeatLog.write("recording warning: \($0)")
        }
      } catch {
        TestSeatLog.write("error: recording not played: \(error.description)")
        return
      }
      self.output = output
    }
    if let first = decoded?.events.first(where: { $0.kind == .down }) {
      let x = first.x + Double(output.x)
      let y = first.y + Double(output.y)
      guard cweston_client_surface_at(compositor, x, y) else {
        if !loggedWaitingForView {
          TestSeatLog.write("recording \(path): waiting for a mapped surface at (\(x), \(y))")
          loggedWaitingForView = true
        }
        wl_event_source_timer_update(timer, Self.pollMilliseconds)
        return
      }
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
    guard let decoded, let output else { return }
    api.pointee.set_pixels_per_millimetre(
      compositor, decoded.physicalScale?.pixelsPerMillimetre ?? 0)
    let frames = decoded.events.lazy.filter { $0.kind == .frame }.count
    let last = decoded.events.last?.timeMicroseconds ?? decoded.firstEventMicroseconds
    let seconds = Double(last - min(last, decoded.firstEventMicroseconds)) / 1_000_000
    let path = path
    player.play(
      decoded.events, startMicroseconds: decoded.firstEventMicroseconds,
      originX: Double(output.x), originY: Double(output.y)
    ) {
      TestSeatLog.write("recording \(path): finished")
    }
    TestSeatLog.write(
      "recording \(path): playing \(frames) frames (\(seconds) s) onto "
        + "\(output.width)x\(output.height) at (\(output.x),\(output.y)); "
        + "origin \(player.originMicroseconds) us CLOCK_MONOTONIC")
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
