// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// A client-library test with the app side ready: `app` (`TestClient.app()`: a compositor
/// with the scripted manager), the library's `client` on its display and one `surface`.
class LibraryTestCase: XCTestCase {
  var app: TestClient!
  var client: GestureBridgeClient!
  var surface: OpaquePointer!

  override func setUpWithError() throws {
    app = try .app()
    client = try GestureBridgeClient(display: app.display)
    surface = try app.makeSurfaceProxy()
  }

  override func tearDown() {
    client = nil
    app?.close()
    app = nil
  }
}
