// SPDX-License-Identifier: MIT
import GestureBridgeClientC

/// What the library's callbacks reported, in order: the C callbacks below get it as their
/// user data (not retained: the test keeps it alive while the client lives).
final class CallbackLog {
  /// Each delivered gesture, with which callback delivered it ("client" or "recognizer").
  var deliveries: [(callback: String, gesture: RecordedGesture)] = []
  var errors: [RecordedConnectionError] = []
  /// Run inside the client's gesture callback, after recording (tests that destroy things
  /// from a callback).
  var onClientGesture: ((RecordedGesture) -> Void)?

  var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// The gestures the recognizers' callbacks received.
  var gestures: [RecordedGesture] {
    deliveries.filter { $0.callback == "recognizer" }.map(\.gesture)
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> CallbackLog {
    Unmanaged<CallbackLog>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

/// A failed connection as `gbc_client_get_error` describes it.
struct RecordedConnectionError: Equatable {
  var errorNumber: Int32
  var interfaceName: String
  var objectID: UInt32
  var code: UInt32
  var codeName: String
  var message: String

  init(_ error: gbc_connection_error) {
    errorNumber = error.error_number
    interfaceName = String(cString: error.interface_name)
    objectID = error.object_id
    code = error.code
    codeName = String(cString: error.code_name)
    message = String(cString: error.message)
  }
}

/// gbc_gesture_callback for a recognizer: the recognizer's user data is the log.
func recordRecognizerGesture(
  _ data: UnsafeMutableRawPointer?, _ gesture: UnsafePointer<gbc_gesture>?
) {
  CallbackLog.from(data).deliveries.append(("recognizer", RecordedGesture(gesture!.pointee)))
}

/// gbc_gesture_callback for the client.
func recordClientGesture(_ data: UnsafeMutableRawPointer?, _ gesture: UnsafePointer<gbc_gesture>?) {
  let log = CallbackLog.from(data)
  let recorded = RecordedGesture(gesture!.pointee)
  log.deliveries.append(("client", recorded))
  log.onClientGesture?(recorded)
}

/// gbc_error_callback.
func recordConnectionError(
  _ data: UnsafeMutableRawPointer?, _ client: OpaquePointer?,
  _ error: UnsafePointer<gbc_connection_error>?
) {
  CallbackLog.from(data).errors.append(RecordedConnectionError(error!.pointee))
}
