import CGestureBridge
import CWeston
import GestureCore
import GestureInput
import Glibc
import TouchInput
import TouchscreenDecoder

/// Replays one `libinput record` file into the virtual seat, once, on weston's event loop.
///
/// Playback starts deterministically: every 20 ms the player checks that clients have
/// committed at least `startRecognizers` recognizers (`gb_bridge_recognizer_count`) and that
/// the output exists (`outputName`, or the first output); then it decodes the recording for
/// that output (`RecordedTouchFrames`) and plays each frame when its time comes, relative to
/// the moment playback started. Events are stamped with that intended time (start +
/// the frame's offset from the recording's first event), not with the moment a busy loop got
/// round to them, so the bridge sees the recording's own timing. It logs when it waits, when
/// it starts (with the CLOCK_MONOTONIC origin in microseconds, so times seen by clients can
/// be turned back into recording times) and when it has finished.
///
/// `physicalScale` is the bridge's scale once playback has started: the recording's first
/// touchscreen with a size mapped onto the output, as the in-core replay computes it.
final class RecordingPlayer {
  private let seat: VirtualTouchSeat
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let bridge: OpaquePointer
  private let recording: RecordedTouchFrames.Loaded
  private let outputName: String?
  private let startRecognizers: Int
  private var timer: OpaquePointer?
  private var frames: [RecordedTouchFrames.Frame] = []
  private var next = 0
  private var originMicroseconds: UInt64 = 0
  private var isPlaying = false
  /// Screen pixels per millimetre of the recording's touch surface on the output; nil before
  /// playback starts or when no touchscreen of the recording reports a resolution.
  private(set) var physicalScale: PhysicalScale?
  private static let pollMilliseconds: Int32 = 20

  init(
    seat: VirtualTouchSeat, compositor: UnsafeMutablePointer<weston_compositor>,
    bridge: OpaquePointer, recording: RecordedTouchFrames.Loaded, outputName: String?,
    startRecognizers: Int
  ) {
    self.seat = seat
    self.compositor = compositor
    self.bridge = bridge
    self.recording = recording
    self.outputName = outputName
    self.startRecognizers = startRecognizers
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    timer = wl_event_loop_add_timer(
      loop, recordingTimerFired, Unmanaged.passUnretained(self).toOpaque())
    wl_event_source_timer_update(timer, Self.pollMilliseconds)
    WestonLog.write(
      "recording \(recording.path): waiting for \(startRecognizers) committed recognizer(s)"
        + " and output \(outputName ?? "(first)")")
  }

  fileprivate func tick() {
    if !isPlaying {
      guard let output = readyOutput() else {
        wl_event_source_timer_update(timer, Self.pollMilliseconds)
        return
      }
      start(on: output)
    }
    playDueFrames()
    guard next < frames.count else {
      WestonLog.write("recording \(recording.path): finished")
      return
    }
    let due = originMicroseconds + frames[next].offsetMicroseconds
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    let wait = due > now ? (due - now + 999) / 1000 : 1
    wl_event_source_timer_update(timer, Int32(clamping: max(1, wait)))
  }

  /// The output's rectangle once the start condition holds, else nil.
  private func readyOutput() -> OutputRectangle? {
    guard Int(gb_bridge_recognizer_count(bridge)) >= startRecognizers else { return nil }
    return OutputRectangle(of: compositor, named: outputName)
  }

  private func start(on output: OutputRectangle) {
    let screen = ScreenSize(width: Int(output.width), height: Int(output.height))
    frames = RecordedTouchFrames.decode(
      recording, screen: screen, originX: Double(output.x), originY: Double(output.y)
    ) { WestonLog.write("recording warning: \($0)") }
    physicalScale = PhysicalScale(
      screen: screen,
      firstKnownOf: recording.touchscreens.map {
        TouchSurfaceSize(description: recording.devices[$0])
      })
    isPlaying = true
    originMicroseconds = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    let seconds = Double(frames.last?.offsetMicroseconds ?? 0) / 1_000_000
    WestonLog.write(
      "recording \(recording.path): playing \(frames.count) frames (\(seconds) s) onto "
        + "\(output.width)x\(output.height) at (\(output.x),\(output.y)); "
        + "origin \(originMicroseconds) us CLOCK_MONOTONIC")
  }

  private func playDueFrames() {
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    while next < frames.count, originMicroseconds + frames[next].offsetMicroseconds <= now {
      play(frames[next])
      next += 1
    }
  }

  private func play(_ frame: RecordedTouchFrames.Frame) {
    let time = VirtualTouchSeat.time(
      microseconds: originMicroseconds + frame.offsetMicroseconds)
    for contact in frame.contacts {
      let kind: VirtualTouchSeat.Kind
      switch contact.kind {
      case .down: kind = .down
      case .motion: kind = .motion
      case .up: kind = .up
      }
      seat.send(kind, id: contact.id, x: contact.x, y: contact.y, time: time)
    }
    if !frame.contacts.isEmpty { seat.frame() }
    if !frame.cancelledIDs.isEmpty {
      seat.cancel()
      // Keeps weston's count of touches down right; the bridge ignores ups after a cancel.
      for id in frame.cancelledIDs { seat.send(.up, id: id, x: 0, y: 0, time: time) }
      seat.frame()
    }
  }
}

private func recordingTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<RecordingPlayer>.fromOpaque(data).takeUnretainedValue().tick()
  return 0
}
