// SPDX-License-Identifier: MIT
import Foundation

extension CompositorSession {
  /// The lines of `output` (a file the system gestures' commands append to) once it has
  /// `count`, read again a little later so that a second run of a command, or another
  /// binding's, would show.
  public func commandLines(in output: String, count: Int) throws -> [String] {
    func lines() -> [String] {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
    try waitFor("\(count) command line(s) in \(output)", timeoutSeconds: 20) {
      lines().count >= count
    }
    usleep(300_000)
    return lines()
  }
}
