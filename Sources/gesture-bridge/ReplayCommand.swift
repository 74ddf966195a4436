import ArgumentParser
import GestureReplay
import GestureScene

/// `gesture-bridge replay [--scene FILE] [--format text|json] RECORDING`.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a `libinput record` file through gesture recognizers.",
    discussion: """
      Reads the recording, decodes its touchscreen devices the way libinput does, feeds the \
      touches to the recognizers of the scene in virtual time, and prints one line per \
      recognizer state change: discrete gestures (tap, swipe) as `recognized`, continuous \
      ones as began, changed, ended or cancelled. Times are seconds since the recording's \
      first event. Touches still down at the end are cancelled, and timers still armed are \
      run, so a final tap waiting for a possible double tap is reported.

      Devices that are not touchscreens are ignored with a warning; a recording with no \
      touchscreen is an error. Problems in the event stream (kernel misbehaviour) are \
      warnings on stderr. The same recording always gives the same output.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A scene file (JSON) with views and recognizers; without it the default scene is used "
        + "(see `gesture-bridge scene --default`).", valueName: "file"))
  var scene: String?

  @Option(
    name: .long,
    help: "Output format: `text` (one readable line per gesture) or `json` (JSON Lines).")
  var format: Format = .text

  @Argument(help: ArgumentHelp("The `libinput record` file to replay.", valueName: "recording"))
  var recording: String

  func run() throws {
    let description: SceneDescription
    if let scene {
      do {
        description = try SceneDescription.load(path: scene)
      } catch {
        throw InputFailure(message: error.description)
      }
    } else {
      description = .standard
    }
    var output = OutputBuffer()
    let json = format == .json
    do {
      try RecordingReplayer(scene: description).replay(
        path: recording,
        report: { output.writeLine(json ? $0.jsonLine : $0.textLine) },
        warning: { warning in
          output.flush()
          writeError("warning: \(warning)\n")
        })
    } catch {
      output.flush()
      throw InputFailure(message: error.description)
    }
    output.flush()
  }
}
