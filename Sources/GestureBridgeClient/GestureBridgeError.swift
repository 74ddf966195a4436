// SPDX-License-Identifier: MIT
/// What can go wrong when using the compositor's gesture recognizers. Every description is one
/// line naming what is wrong.
public enum GestureBridgeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The compositor does not advertise the `gesture_bridge_manager_v1` global.
  case managerNotAdvertised
  /// The compositor ended the connection with a protocol error.
  case protocolError(WaylandProtocolError)
  /// The connection failed for another reason (`wl_display_get_error`'s errno), for example
  /// because the compositor went away.
  case connectionLost(errno: Int32)
  /// The compositor did not answer within the time limit.
  case timedOut(milliseconds: Int)
  /// `wl_display_connect` failed.
  case connectFailed(display: String, errno: Int32)
  /// A parameter value cannot be sent: out of the protocol's range, or not finite. Nothing was
  /// sent for the commit that found it.
  case invalidValue(recognizer: String, parameter: String, value: String, requirement: String)
  /// A relation that the protocol forbids (to itself, to a destroyed recognizer, to one of
  /// another connection, or a require(toFail:) cycle). Nothing was sent.
  case invalidRelation(recognizer: String, reason: String)
  /// The recognizer was destroyed (explicitly or with its client) and cannot be used.
  case recognizerDestroyed(recognizer: String)
  /// The compositor's global is older than the version a request needs (`request` exists
  /// since `required`; the client bound `bound`). Nothing was sent.
  case unsupportedVersion(request: String, required: UInt32, bound: UInt32)
  /// The object was destroyed (a `SystemGestureSurface` after `destroy()`) and cannot be used.
  case objectDestroyed(object: String)

  public var description: String {
    switch self {
    case .managerNotAdvertised:
      return "compositor does not support gesture_bridge_manager_v1"
    case .protocolError(let error):
      return error.description
    case .connectionLost(let errno):
      return "Wayland connection lost (errno \(errno))"
    case .timedOut(let milliseconds):
      return "the compositor did not answer within \(milliseconds) ms"
    case .connectFailed(let display, let errno):
      return "cannot connect to Wayland display \(display) (errno \(errno))"
    case .invalidValue(let recognizer, let parameter, let value, let requirement):
      return "recognizer \(recognizer): \(parameter) = \(value) is invalid: \(requirement)"
    case .invalidRelation(let recognizer, let reason):
      return "recognizer \(recognizer): invalid relation: \(reason)"
    case .recognizerDestroyed(let recognizer):
      return "recognizer \(recognizer) was destroyed"
    case .unsupportedVersion(let request, let required, let bound):
      return "\(request) needs gesture_bridge_manager_v1 version \(required); the compositor "
        + "offers version \(bound)"
    case .objectDestroyed(let object):
      return "\(object) was destroyed"
    }
  }
}
