// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `gesture-bridge run` refusing bad configs and bad options, before it opens any device.
struct RunCommandTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: DaemonSession.gestureBridge)
    process.arguments = arguments
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8))
  }

  static func configFile(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-config-\(UUID().uuidString).json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A device that does not exist: a good config would fail on it, after the config check.
  static let missingDevice = ["--device", "/dev/input/event-gesturebridge-missing"]

  @Test func aBadBindingExits1NamingTheFileAndTheKey() throws {
    let path = try Self.configFile(
      testConfig(
        bindings: binding("tap", "recognized", "true") + ", "
          + binding("swipe", "began", "true")))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let result = try Self.run(["run", "--config", path] + Self.missingDevice)

    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: \(path): bindings[1].state: a swipe recognizer reports recognized; "
        + "got \"began\"\n")
  }

  @Test func invalidJSONExits1WithLineAndColumn() throws {
    let path = try Self.configFile(
      """
      {"screen": {"width": 1920, "height": 1080},
       "views": [],
       "bindings": [{"recognizer": "tap",}]}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let result = try Self.run(["run", "--config", path] + Self.missingDevice)

    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(path):3:36: invalid JSON: unexpected '}', expected a key in double quotes\n")
  }

  @Test func aConfigWithoutBindingsIsRefused() throws {
    let path = try Self.configFile(#"{"screen": {"width": 100, "height": 100}, "views": []}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let result = try Self.run(["run", "--config", path] + Self.missingDevice)

    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(path): missing required key \"bindings\" (a list of bindings; [] for none)\n"
    )
  }

  @Test func aMissingConfigFileExits1() throws {
    let result = try Self.run(
      ["run", "--config", "/nonexistent/gesturebridge.json"] + Self.missingDevice)

    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: /nonexistent/gesturebridge.json: cannot read the file: No such file or directory\n"
    )
  }

  @Test func aGoodConfigOnAMissingDeviceExits1NamingTheDevice() throws {
    let path = try Self.configFile(testConfig(bindings: binding("tap", "recognized", "true")))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let result = try Self.run(["run", "--config", path] + Self.missingDevice)

    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "error: cannot open /dev/input/event-gesturebridge-missing: no such device node"),
      "\(result.stderr)")
  }

  @Test func badOptionsExit2() throws {
    let path = try Self.configFile(testConfig(bindings: ""))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let limit = try Self.run(["run", "--config", path, "--max-commands", "0"])
    #expect(limit.status == 2)
    #expect(limit.stderr.contains("--max-commands must be at least 1"), "\(limit.stderr)")

    let level = try Self.run(["run", "--config", path, "--log-level", "loud"])
    #expect(level.status == 2)
    #expect(level.stderr.contains("--log-level must be one of"), "\(level.stderr)")
  }

  @Test func helpNamesTheEnvironmentVariablesAndSignals() throws {
    let result = try Self.run(["run", "--help"])

    #expect(result.status == 0)
    let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for text in [
      "GESTURE_RECOGNIZER", "GESTURE_TIME_US", "GESTURE_DIRECTION", "SIGHUP reloads",
      "/dev/null", "--max-commands", "docs/daemon.md",
    ] {
      #expect(help.contains(text), "\(text) missing from: \(help)")
    }
  }
}

extension RunCommandTests {
  @Test func checkValidatesTheConfigAndPrintsASummary() throws {
    let path = try Self.configFile(testConfig(bindings: binding("tap", "recognized", "true")))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let result = try Self.run(["run", "--config", path, "--check"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(path): ok (3 recognizer(s), 1 binding(s), screen 1920x1080)\n")
    #expect(result.stderr == "")
  }
}

extension RunCommandTests {
  /// A system-gesture config with lisgd's arguments: `--check` validates it (its summary counts
  /// the lisgd bindings), and the daemon refuses to run it (beside the compositor it could not
  /// take the touches from the apps), before it opens any device.
  @Test func aLisgdConfigIsCheckedButNotRunBesideTheCompositor() throws {
    let path = try Self.configFile(
      """
      {"screen": {"width": 720, "height": 1440}, "views": [], "bindings": [],
       "lisgd": ["-g", "1,LR,L,*,R,echo back", "-g", "1,DU,B,*,R,echo up"]}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let checked = try Self.run(["run", "--config", path, "--check"])
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(
      checked.stdout
        == "\(path): ok (0 recognizer(s), 0 binding(s), screen 720x1440, 2 lisgd binding(s))\n")

    let ran = try Self.run(["run", "--config", path] + Self.missingDevice)
    #expect(ran.status == 1)
    #expect(
      ran.stderr
        == "error: \(path): \"lisgd\": lisgd's bindings run as system gestures inside a "
        + "compositor (docs/system-gestures.md); beside one, run them with gesture-bridge lisgd\n")
  }
}
