// SPDX-License-Identifier: MIT
/// A Wayland protocol error the compositor ended the connection with
/// (`wl_display_get_protocol_error`), with the compositor's message when libwayland-client
/// logged it.
public struct WaylandProtocolError: Equatable, Sendable, CustomStringConvertible {
  /// The interface of the object the error was posted on, e.g. `gesture_bridge_recognizer_v1`.
  public var interfaceName: String
  /// The object's id on the connection.
  public var objectID: UInt32
  /// The error code, a value of the interface's `error` enum.
  public var code: UInt32
  /// The compositor's message; nil if it was not captured.
  public var message: String?

  public init(interfaceName: String, objectID: UInt32, code: UInt32, message: String?) {
    self.interfaceName = interfaceName
    self.objectID = objectID
    self.code = code
    self.message = message
  }

  /// The name of the code in the gesture-bridge-v1 error enums (e.g. `invalid_value`), or nil
  /// for other interfaces and unknown codes.
  public var codeName: String? {
    let names: [String]
    switch interfaceName {
    case "gesture_bridge_manager_v1":
      names = ["invalid_type", "too_many_recognizers", "invalid_surface"]
    case "gesture_bridge_recognizer_v1":
      names = [
        "not_applicable", "invalid_value", "invalid_relation", "inert_relation",
        "foreign_recognizer",
      ]
    case "wl_display":
      names = ["invalid_object", "invalid_method", "no_memory", "implementation"]
    default:
      return nil
    }
    return code < names.count ? names[Int(code)] : nil
  }

  public var description: String {
    var text = "protocol error on \(interfaceName)@\(objectID): code \(code)"
    if let codeName { text += " (\(codeName))" }
    if let message { text += ": \(message)" }
    return text
  }
}
