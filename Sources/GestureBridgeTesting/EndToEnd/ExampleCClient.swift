// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// The example C client of the protocol (`Examples/c-client`, written from the XML alone),
/// as the end-to-end tests of both compositor adapters build and run it.
public enum ExampleCClient {
  /// Its recognizers (its defaults) as a scene, in the order it commits them.
  public static let sceneRecognizers = """
    {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
    {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2},
    {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]}
    """

  /// Builds it with `Examples/c-client/build.sh` into the session's directory and returns the
  /// binary's path. Skips when cc or wayland-scanner is missing (both come with
  /// scripts/setup.sh); a failing build fails the test with the compiler's messages.
  public static func build(in session: CompositorSession) throws -> String {
    _ = try CompositorSession.requirements()
    for tool in ["cc", "wayland-scanner"] where executable(tool) == nil {
      throw XCTSkip("\(tool) is not installed (scripts/setup.sh installs gcc and libwayland-bin)")
    }
    let script = CompositorSession.sourceRoot.appendingPathComponent("Examples/c-client/build.sh")
    let buildDirectory = session.path("c-client-build")
    try session.run("/bin/bash", [script.path, buildDirectory])
    return buildDirectory + "/gesture-bridge-c-client"
  }

  /// The directories of PATH holding an executable `name`, first match.
  private static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
