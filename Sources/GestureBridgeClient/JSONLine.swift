// SPDX-License-Identifier: MIT
import JSONLines

/// One-line JSON renderings of what a client receives, for logs and tests (JSON Lines).
public enum JSONLine {
  /// `gesture` with the schema of `gesture-bridge replay --format json`, keys in this order:
  /// time (seconds, 6 decimals, from the frame's timestamp), recognizer, type, view, state,
  /// location [x, y] (2 decimals), touches, then by kind: tap `taps`; pan and screen-edge-pan
  /// `translation` [dx, dy] (2 decimals) and `velocity` [vx, vy] (1 decimal); pinch `scale`
  /// and `velocity` (4 decimals); rotation `rotation` and `velocity` (4 decimals); swipe
  /// `direction` (left/right/up/down). A kind value the compositor did not send (for example
  /// in a failed frame), or a non-finite number, is `null`.
  ///
  /// Example: `{"time":12.345678,"recognizer":"tap","type":"tap","view":"surface",`
  /// `"state":"recognized","location":[10.00,20.50],"touches":0,"taps":1}`
  public static func gesture(_ gesture: Gesture, view: String = "surface") -> String {
    var line = "{\"time\":" + FixedDecimal.seconds(microseconds: gesture.timestampMicroseconds)
    line += ",\"recognizer\":" + JSONText.quoted(gesture.recognizerName)
    line += ",\"type\":" + JSONText.quoted(gesture.kind.jsonName)
    line += ",\"view\":" + JSONText.quoted(view)
    line += ",\"state\":" + JSONText.quoted(gesture.state.jsonName)
    line += ",\"location\":" + pair(gesture.location.x, gesture.location.y, 2)
    line += ",\"touches\":" + String(gesture.touches)
    switch gesture.kind {
    case .tap:
      line += ",\"taps\":" + (gesture.taps.map { String($0) } ?? "null")
    case .longPress:
      break
    case .pan, .screenEdgePan:
      line += ",\"translation\":" + (gesture.translation.map { pair($0.dx, $0.dy, 2) } ?? "null")
      line +=
        ",\"velocity\":" + (gesture.velocityPerSecond.map { pair($0.dx, $0.dy, 1) } ?? "null")
    case .pinch:
      if case .pinch(let scale, let velocity) = gesture.values {
        line += ",\"scale\":" + number(scale, 4) + ",\"velocity\":" + number(velocity, 4)
      } else {
        line += ",\"scale\":null,\"velocity\":null"
      }
    case .rotation:
      if case .rotation(let radians, let velocity) = gesture.values {
        line += ",\"rotation\":" + number(radians, 4) + ",\"velocity\":" + number(velocity, 4)
      } else {
        line += ",\"rotation\":null,\"velocity\":null"
      }
    case .swipe:
      line += ",\"direction\":" + (gesture.direction.map { JSONText.quoted($0.rawValue) } ?? "null")
    }
    return line + "}"
  }

  /// A `wl_touch` event: `{"event":"touch-down","time":...,"id":...,"location":[x,y]}`, with
  /// `event` one of touch-down, touch-up, touch-motion, touch-cancel; time in seconds (6
  /// decimals) from the event's millisecond timestamp; location surface-local (2 decimals).
  /// Keys that the event does not carry are left out (up has no location, cancel only has
  /// event).
  public static func touch(
    _ event: String, timeMilliseconds: UInt32? = nil, id: Int32? = nil,
    location: SurfacePoint? = nil
  ) -> String {
    var line = "{\"event\":" + JSONText.quoted(event)
    if let timeMilliseconds {
      line += ",\"time\":" + FixedDecimal.seconds(microseconds: UInt64(timeMilliseconds) * 1000)
    }
    if let id { line += ",\"id\":" + String(id) }
    if let location { line += ",\"location\":" + pair(location.x, location.y, 2) }
    return line + "}"
  }

  private static func number(_ value: Double, _ decimals: Int) -> String {
    FixedDecimal.format(value, decimals: decimals) ?? "null"
  }

  private static func pair(_ first: Double, _ second: Double, _ decimals: Int) -> String {
    "[" + number(first, decimals) + "," + number(second, decimals) + "]"
  }

}
