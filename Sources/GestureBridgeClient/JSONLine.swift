// SPDX-License-Identifier: MIT
import JSONLines

/// One-line JSON renderings of what a client receives, for logs and tests (JSON Lines).
public enum JSONLine {
  /// `gesture` with the schema of `gesture-bridge replay --format json`, keys in this order:
  /// time (seconds, 6 decimals, from the frame's timestamp), recognizer, type, view, state,
  /// location [x, y] (2 decimals), touches, then the values sent: `taps`; `translation`
  /// [dx, dy] (2 decimals) and `velocity` [vx, vy] (1 decimal); `scale` and its velocity (4
  /// decimals); `rotation` and its velocity (4 decimals); `direction` (left/right/up/down). A
  /// velocity is called `velocity` when it is the only one (pan, pinch, rotation) and
  /// `scaleVelocity` / `rotationVelocity` beside others (transform). A value the compositor did
  /// not send (for example in a failed frame) is left out; a non-finite number is `null`.
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
    let values = gesture.values
    let plainVelocity = values.velocityCount == 1
    if let taps = values.taps { line += ",\"taps\":" + String(taps) }
    if let translation = values.translation {
      line += ",\"translation\":" + pair(translation.dx, translation.dy, 2)
    }
    if let velocity = values.velocityPerSecond {
      line += ",\"velocity\":" + pair(velocity.dx, velocity.dy, 1)
    }
    if let scale = values.scale { line += ",\"scale\":" + number(scale, 4) }
    if let velocity = values.scalePerSecond {
      line += (plainVelocity ? ",\"velocity\":" : ",\"scaleVelocity\":") + number(velocity, 4)
    }
    if let rotation = values.rotationRadians { line += ",\"rotation\":" + number(rotation, 4) }
    if let velocity = values.radiansPerSecond {
      line += (plainVelocity ? ",\"velocity\":" : ",\"rotationVelocity\":") + number(velocity, 4)
    }
    if let direction = values.direction?.xmlName {
      line += ",\"direction\":" + JSONText.quoted(direction)
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
