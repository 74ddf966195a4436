// SPDX-License-Identifier: MIT
import Foundation
import Testing

@Suite struct VersionTests {
  /// The repository's VERSION file, the one place the version is kept.
  private static func repositoryVersion() throws -> String {
    let url = GestureBridgeProcess.repositoryRoot.appendingPathComponent("VERSION")
    return try String(contentsOf: url, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func versionPrintsTheVersionFileAndExitsZero() throws {
    let version = try Self.repositoryVersion()
    #expect(version.split(separator: ".").count == 3)
    let result = GestureBridgeProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == version + "\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func helpListsTheVersionOption() {
    let result = GestureBridgeProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("--version"))
  }
}
