// SPDX-License-Identifier: MIT
import Foundation

/// Where `drive` finds the two weston modules.
///
/// The test seat module (`libgesture-bridge-weston-test-seat.so`, which is never in weston's
/// module directory so a production weston cannot load it by accident): the
/// `--test-seat-module` option, else `$GESTURE_BRIDGE_TEST_SEAT_MODULE`, else
/// `../lib/gesture-bridge/` beside this executable (where scripts/install.sh and the Debian
/// package put it), else this executable's directory (a `swift build` directory).
///
/// The main module (`libgesture-bridge-weston.so`): `$GESTURE_BRIDGE_WESTON_MODULE`, else this
/// executable's directory (a build directory), else its bare name, which weston looks up in
/// its own module directory (where it is installed).
struct DriveModules {
  static let mainName = "libgesture-bridge-weston.so"
  static let testSeatName = "libgesture-bridge-weston-test-seat.so"
  static let testSeatVariable = "GESTURE_BRIDGE_TEST_SEAT_MODULE"
  static let mainVariable = "GESTURE_BRIDGE_WESTON_MODULE"

  var main: String
  var testSeat: String

  /// Finds both; throws a `.compositor` failure naming the places looked in when the test
  /// seat module is nowhere.
  init(testSeatOption: String?, environment: [String: String]) throws(DriveFailure) {
    let files = FileManager.default
    let executable =
      (try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    let candidates = [
      testSeatOption, environment[Self.testSeatVariable],
      binDirectory.appendingPathComponent("../lib/gesture-bridge/\(Self.testSeatName)")
        .standardized.path,
      binDirectory.appendingPathComponent(Self.testSeatName).path,
    ].compactMap { $0 }.filter { !$0.isEmpty }
    if let explicit = testSeatOption ?? environment[Self.testSeatVariable], !explicit.isEmpty,
      !files.fileExists(atPath: explicit)
    {
      throw DriveFailure(kind: .compositor, message: "test seat module \(explicit) does not exist")
    }
    guard let testSeat = candidates.first(where: { files.fileExists(atPath: $0) }) else {
      throw DriveFailure(
        kind: .compositor,
        message: "the test seat module \(Self.testSeatName) was not found (looked in "
          + candidates.joined(separator: ", ")
          + "); install gesture-bridge, build it with `swift build`, or set "
          + "\(Self.testSeatVariable)")
    }
    self.testSeat = URL(fileURLWithPath: testSeat).standardized.path
    let besideBinary = binDirectory.appendingPathComponent(Self.mainName).path
    if let path = environment[Self.mainVariable], !path.isEmpty {
      main = path
    } else if files.fileExists(atPath: besideBinary) {
      main = besideBinary
    } else {
      main = Self.mainName
    }
  }
}
