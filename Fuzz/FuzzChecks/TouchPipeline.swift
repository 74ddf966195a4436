// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// The path every fuzz input takes once its own format is parsed, the same as
/// `gesture-bridge replay`: a `TouchscreenSeat` decodes the evdev events, a
/// `TouchStreamLedger` checks the touch events, and the replays' own `ScenePipeline` (frame
/// assembler, engine with the default scene's twelve recognizers, reports) runs them in
/// virtual time.
///
/// `finish(at:)` ends the stream and checks what must hold afterwards: no touch down in the
/// decoded stream, the decoders, the assembler or the engine, and every recognizer back in
/// `.possible` once the timers have run.
final class TouchPipeline {
  /// The default scene, parsed once.
  static let sceneDescription = SceneDescription.standard

  private(set) var seat: TouchscreenSeat
  private var ledger = TouchStreamLedger()
  private let pipeline = ScenePipeline(
    scene: TouchPipeline.sceneDescription, settings: .standard, scale: nil)
  private(set) var outcome = FuzzOutcome()

  init(seat: TouchscreenSeat) {
    self.seat = seat
  }

  /// Decodes one event of device `device` and runs what it produced through the engine.
  func decode(_ event: EvdevEvent, device: Int) {
    outcome.evdevEvents += 1
    seat.decode(event, deviceIndex: device, emit: handle)
  }

  /// Ends the stream at `timeMicroseconds` and returns what happened.
  func finish(at timeMicroseconds: UInt64) -> FuzzOutcome {
    seat.finish(at: timeMicroseconds, emit: handle)
    pipeline.finish { _ in }
    outcome.frames = pipeline.frames
    ledger.finish()
    outcome.problems += ledger.problems
    outcome.touchDowns = ledger.downs
    for decoder in seat.decoders where decoder.activeTouchCount != 0 {
      outcome.problems.append(
        "decoder of device \(decoder.deviceIndex) has \(decoder.activeTouchCount) touch(es) down after finish"
      )
    }
    if seat.seatSlots.usedCount != 0 {
      outcome.problems.append("\(seat.seatSlots.usedCount) seat slot(s) still taken after finish")
    }
    let assembler = pipeline.assembler
    if assembler.activeTouchCount != 0 {
      outcome.problems.append("\(assembler.activeTouchCount) touch(es) down in the frame assembler")
    }
    if !pipeline.engine.liveTouchIDs.isEmpty {
      outcome.problems.append("\(pipeline.engine.liveTouchIDs.count) touch(es) alive in the engine")
    }
    for entry in pipeline.scene.recognizers where entry.recognizer.state != .possible {
      outcome.problems.append("recognizer \(entry.name) left in \(entry.recognizer.state)")
    }
    return outcome
  }

  /// Runs one touch event (already decoded, e.g. by real libinput) through the ledger, the
  /// frame assembler and the engine.
  func handle(_ event: TouchInputEvent) {
    ledger.record(event)
    pipeline.handle(event)
    // (The reports are not checked here; the pipeline keeps none.)
    if pipeline.hasPendingReports { pipeline.deliver { _ in } }
  }
}
