// SPDX-License-Identifier: MIT

/// What `gesture-bridge drive` asks the test seat to play (weston.ini `playlist=PATH`), in
/// order: one item a line, `recording PATH` (a `libinput record` file) or `touch-script PATH`
/// (a `SeatTouchScript`); blank lines and lines starting with `#` are skipped.
struct Playlist: Equatable {
  enum Item: Equatable {
    case recording(String)
    case touchScript(String)

    var path: String {
      switch self {
      case .recording(let path), .touchScript(let path): path
      }
    }
  }

  var items: [Item] = []
  /// One-line descriptions of the lines that could not be read (they are skipped).
  var problems: [String] = []

  init(text: String, name: String) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
      if line.isEmpty || line.hasPrefix("#") { continue }
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[1].isEmpty else {
        problems.append("\(name):\(index + 1): expected 'recording PATH' or 'touch-script PATH'")
        continue
      }
      switch parts[0] {
      case "recording": items.append(.recording(parts[1]))
      case "touch-script": items.append(.touchScript(parts[1]))
      default:
        problems.append("\(name):\(index + 1): unknown item '\(parts[0])'")
      }
    }
  }
}
