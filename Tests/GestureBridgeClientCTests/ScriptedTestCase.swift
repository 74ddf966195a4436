// SPDX-License-Identifier: MIT
import XCTest

/// A test with the scripted manager: `scripted` (the app, the library's client connected) and
/// one `surface`, closed after each test.
class ScriptedTestCase: XCTestCase {
  var scripted: ScriptedApp!
  var surface: OpaquePointer!

  override func setUpWithError() throws {
    scripted = try ScriptedApp()
    _ = try scripted.connect()
    surface = try scripted.app.makeSurfaceProxy()
  }

  override func tearDown() {
    scripted?.close()
    scripted = nil
  }
}
