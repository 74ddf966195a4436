// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

extension TestClient {
  /// The app side of a client-library test: a `TestCompositor` offering `manager`,
  /// dispatched on a thread of its own (the library's roundtrip blocks on its socket), and a
  /// connection to it with `wl_compositor` bound, as an app has before it uses the library.
  static func app(of manager: TestCompositor.Manager = .scripted()) throws -> TestClient {
    let compositor = try TestCompositor(manager: manager)
    compositor.start()
    do {
      return try TestClient(compositor: compositor, bindsManager: false)
    } catch {
      compositor.close()
      throw error
    }
  }

  /// Disconnects, then stops and closes the compositor. Call after releasing the library
  /// objects (they use the display).
  func close(file: StaticString = #filePath, line: UInt = #line) {
    disconnect()
    XCTAssertTrue(
      compositor.close(timeoutSeconds: 5), "the compositor's thread did not stop within 5 s",
      file: file, line: line)
  }
}
