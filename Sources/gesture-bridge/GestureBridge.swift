// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc

/// The `gesture-bridge` command: subcommands `replay`, `watch`, `scene` and `run`.
///
/// Exit codes: 0 success, 1 bad input (one `error: ...` line on stderr naming the file),
/// 2 bad usage (ArgumentParser's usage errors, remapped from its default 64).
@main
struct GestureBridge: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gesture-bridge",
    abstract: "UIKit-style gesture recognizers for Linux touchscreens.",
    discussion: """
      Replays `libinput record` files through a scene of gesture recognizers, headless and in \
      virtual time, and prints the gestures they report; `watch` does the same live on the \
      touchscreens libinput reads.

      Exit status: 0 on success, 1 on bad input (a one-line error on stderr), 2 on bad usage.
      """,
    // From VERSION, through scripts/generate-version.sh.
    version: GestureBridgeVersion.string,
    subcommands: [
      ReplayCommand.self, WatchCommand.self, SceneCommand.self, RunCommand.self, DriveCommand.self,
      LisgdCommand.self,
    ])

  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let failure as InputFailure {
      writeError("error: \(failure.message)\n")
      Glibc.exit(1)
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        writeError(fullMessage(for: error) + "\n")
        writeError("Run 'gesture-bridge --help' for usage.\n")
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }
}

/// Bad input (a file that cannot be used): reported as `error: MESSAGE`, exit status 1.
struct InputFailure: Error {
  let message: String
}

/// Writes `text` to standard error (file descriptor 2).
func writeError(_ text: String) {
  writeAll(Array(text.utf8), to: 2)
}

/// Writes all of `bytes` to file descriptor `descriptor`, retrying short writes.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  bytes.withUnsafeBufferPointer { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
