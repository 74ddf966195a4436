// SPDX-License-Identifier: MIT
import TouchInput
import TouchscreenDecoder

/// Runs touch events that something else decoded (real libinput, say) through the rest of
/// the `TouchPipeline`: the ledger, the frame assembler and the engine with the default scene.
/// The stream must end every touch itself: nothing is cancelled at the end.
public enum TouchEventCheck {
  public static func run(_ events: [TouchInputEvent]) -> FuzzOutcome {
    let pipeline = TouchPipeline(seat: TouchscreenSeat())
    for event in events { pipeline.handle(event) }
    return pipeline.finish(at: events.last?.timeMicroseconds ?? 0)
  }
}
