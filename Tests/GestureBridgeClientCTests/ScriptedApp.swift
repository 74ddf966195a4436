// SPDX-License-Identifier: MIT
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// An app connected to a `TestCompositor` that runs on a thread of its own (the library's
/// roundtrips block on the socket), with `wl_compositor` bound, as an app has before it uses
/// the library; and the library's client on its display when the compositor offers the global.
final class ScriptedApp {
  let app: TestClient
  let log = CallbackLog()
  private(set) var client: OpaquePointer?

  init(manager: TestCompositor.Manager = .scripted()) throws {
    let compositor = try TestCompositor(manager: manager)
    compositor.start()
    do {
      app = try TestClient(compositor: compositor, bindsManager: false)
    } catch {
      compositor.close()
      throw error
    }
  }

  var compositor: TestCompositor { app.compositor }

  /// gbc_client_create with the error and gesture callbacks set to `log`.
  func connect(file: StaticString = #filePath, line: UInt = #line) throws -> OpaquePointer {
    var reason = GBC_UNAVAILABLE_NONE
    guard let client = gbc_client_create(app.display, 30_000, &reason) else {
      throw TestFailure(
        "gbc_client_create: \(String(cString: gbc_unavailable_reason_string(reason)))")
    }
    gbc_client_set_error_callback(client, recordConnectionError, log.pointer)
    gbc_client_set_gesture_callback(client, recordClientGesture, log.pointer)
    self.client = client
    return client
  }

  /// A recognizer whose callback records into `log`; fails the test if the library refused.
  func recognizer(
    _ kind: gbc_kind, on surface: OpaquePointer, file: StaticString = #filePath, line: UInt = #line
  ) throws -> OpaquePointer {
    var status = GBC_STATUS_OK
    guard let recognizer = gbc_recognizer_create(client, surface, kind, &status) else {
      throw TestFailure(
        "gbc_recognizer_create: \(String(cString: gbc_status_string(status.rawValue)))")
    }
    gbc_recognizer_set_callback(recognizer, recordRecognizerGesture, log.pointer)
    return recognizer
  }

  /// Every event the compositor sent before has reached the callbacks (30 s at most).
  func roundtrip(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      gbc_client_roundtrip(client, 30_000), GBC_STATUS_OK.rawValue,
      "gbc_client_roundtrip", file: file, line: line)
  }

  /// The requests of the object with id `object` the scripted manager recorded (after a
  /// roundtrip, so all are in).
  func requests(of object: UInt32) -> [RecordedRequest.Kind] {
    roundtrip()
    return compositor.requests.filter { $0.recognizer == object }.map(\.kind)
  }

  /// The ids of the recognizer objects in the order their first request arrived.
  var objectIDs: [UInt32] {
    var ids: [UInt32] = []
    for request in compositor.requests where request.recognizer != 0 {
      if !ids.contains(request.recognizer) { ids.append(request.recognizer) }
    }
    return ids
  }

  /// The test destroyed the client itself.
  func forgetClient() { client = nil }

  /// Destroys the library's client, disconnects and stops the compositor.
  func close(file: StaticString = #filePath, line: UInt = #line) {
    gbc_client_destroy(client)
    client = nil
    app.disconnect()
    XCTAssertTrue(
      compositor.close(timeoutSeconds: 30), "the compositor's thread did not stop within 30 s",
      file: file, line: line)
  }
}
