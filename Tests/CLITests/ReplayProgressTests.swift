// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// What a command printed on a pseudo-terminal (util-linux `script`), and its exit status.
private struct TerminalRun {
  var status: Int32
  /// Everything written to the terminal, newlines as the terminal got them (`\r\n`) turned
  /// back into `\n`.
  var screen: String
}

/// Runs `arguments` (the gesture-bridge binary and its arguments) under `script`, so its
/// stderr (and its stdout unless `stdoutTo` names a file) is a terminal.
private func runOnTerminal(_ arguments: [String], stdoutTo file: String? = nil) throws
  -> TerminalRun
{
  func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
  var command = ([GestureBridgeProcess.binary.path] + arguments).map(quote).joined(separator: " ")
  if let file { command += " > " + quote(file) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
  process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
  process.currentDirectoryURL = GestureBridgeProcess.repositoryRoot
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let screen = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
  return TerminalRun(status: process.terminationStatus, screen: screen)
}

/// A `make-recordings stress` recording: ten fingers for `seconds`, about 6800 evdev events a
/// second (so more than the 4096 events after which a replay first reports progress).
private func stressRecording(seconds: Int) throws -> String {
  let path = try GestureBridgeProcess.temporaryFile("stress.yml", "")
  let maker = Process()
  maker.executableURL = GestureBridgeProcess.binary.deletingLastPathComponent()
    .appendingPathComponent("make-recordings")
  maker.arguments = ["stress", "--seconds", "\(seconds)", "--fingers", "10", "--output", path]
  maker.standardOutput = FileHandle.nullDevice
  try maker.run()
  maker.waitUntilExit()
  try #require(maker.terminationStatus == 0)
  return path
}

private let erase = "\r\u{1B}[K"

private let umockdevInstalled = [
  "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
].contains { FileManager.default.fileExists(atPath: $0 + "/libumockdev-preload.so.0") }

@Suite struct ReplayProgressTests {
  @Test func withStderrNotATerminalNothingIsAdded() throws {
    let recording = try stressRecording(seconds: 2)
    let scene = try GestureBridgeProcess.everyFingerScene()
    let piped = GestureBridgeProcess.run([
      "replay", "--format", "json", "--scene", scene, recording,
    ])
    let quiet = GestureBridgeProcess.run([
      "replay", "--no-progress", "--format", "json", "--scene", scene, recording,
    ])
    #expect(piped.status == 0)
    #expect(piped.stderr == "")
    #expect(piped.stdout.split(separator: "\n").count > 50)
    #expect(piped.stdout == quiet.stdout)
  }

  @Test func onATerminalALongReplayShowsProgressAndErasesItAtTheEnd() throws {
    let recording = try stressRecording(seconds: 2)
    let gestures = try GestureBridgeProcess.temporaryFile("gestures.json", "")
    let run = try runOnTerminal(
      ["replay", "--format", "json", recording], stdoutTo: gestures)
    #expect(run.status == 0)
    // Only progress lines, each redrawn in place: no newline ever, erased at the end.
    #expect(!run.screen.contains("\n"))
    #expect(run.screen.hasPrefix(erase + "replaying stress.yml: "))
    #expect(run.screen.hasSuffix(erase))
    let lines = run.screen.components(separatedBy: erase).filter { !$0.isEmpty }
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(line.hasPrefix("replaying stress.yml: "), "\(line)")
      #expect(line.contains("%"), "\(line)")
      #expect(line.contains(" MB, ") && line.contains(" events"), "\(line)")
    }
    // The gestures are the same as without a terminal.
    let piped = GestureBridgeProcess.run(["replay", "--format", "json", recording])
    #expect(try String(contentsOfFile: gestures, encoding: .utf8) == piped.stdout)
  }

  @Test func noProgressKeepsATerminalQuiet() throws {
    let recording = try stressRecording(seconds: 2)
    let run = try runOnTerminal(
      ["replay", "--no-progress", "--format", "json", recording], stdoutTo: "/dev/null")
    #expect(run.status == 0)
    #expect(run.screen == "")
  }

  @Test func gestureLinesOnTheSameTerminalNeverMixWithTheProgressLine() throws {
    let recording = try stressRecording(seconds: 2)
    let run = try runOnTerminal(["replay", "--format", "json", recording])
    #expect(run.status == 0)
    // The progress line is erased before each gesture line is written: dropping the drawn
    // progress texts leaves exactly the gestures.
    let pieces = run.screen.components(separatedBy: erase)
    #expect(pieces.contains { $0.hasPrefix("replaying stress.yml: ") })
    let text = pieces.filter { !$0.hasPrefix("replaying ") }.joined()
    let piped = GestureBridgeProcess.run(["replay", "--format", "json", recording])
    #expect(text == piped.stdout)
  }

  @Test(.enabled(if: umockdevInstalled, "needs the umockdev package"))
  func throughLibinputTheTerminalShowsReadingThenReplaying() throws {
    let recording = try stressRecording(seconds: 2)
    let run = try runOnTerminal(
      ["replay", "--through-libinput", "--format", "json", recording], stdoutTo: "/dev/null")
    #expect(run.status == 0)
    let lines = run.screen.components(separatedBy: erase).filter { !$0.isEmpty }
    let reading = lines.firstIndex { $0.hasPrefix("reading stress.yml: ") }
    let replaying = lines.firstIndex { $0.hasPrefix("replaying stress.yml: ") }
    #expect(reading != nil && replaying != nil && reading! < replaying!, "\(lines)")
    #expect(run.screen.hasSuffix(erase))
    #expect(!run.screen.contains("\n"))
  }
}
