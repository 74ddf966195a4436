import ArgumentParser
import GestureReplay
import GestureScene
import Logging
import MockedDevice

/// `gesture-bridge replay [--scene FILE] [--format text|json] [--through-libinput] RECORDING`.
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

      With --through-libinput the touchscreens are not decoded in-process: each becomes a \
      mocked evdev device (umockdev) built from the recording's own device description, the \
      recorded events are written into it, and real libinput reads them, exactly as it reads \
      a real touchscreen. The output is the same as without the flag; libinput's own log \
      messages are not shown (with recorded timestamps it always complains that event \
      processing lags behind). This needs the \
      `umockdev` package; the process restarts itself with \
      LD_PRELOAD=libumockdev-preload.so.0:libUmockdevPreloadFix.so (the fix library is \
      looked for next to this executable, or at $GESTUREBRIDGE_UMOCKDEV_FIX).

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

  @Flag(
    name: .customLong("through-libinput"),
    help:
      "Replay through real libinput on mocked devices (umockdev) instead of the in-core decoder."
  )
  var throughLibinput = false

  @Argument(help: ArgumentHelp("The `libinput record` file to replay.", valueName: "recording"))
  var recording: String

  func run() throws {
    if throughLibinput {
      do {
        try UmockdevPreload.reexecIfNeeded()
      } catch {
        throw InputFailure(message: "--through-libinput: \(error)")
      }
    }
    let description = try SceneFile.load(scene)
    var output = OutputBuffer()
    let json = format == .json
    let report = { (line: GestureReport) in output.writeLine(json ? line.jsonLine : line.textLine) }
    let warning = { (warning: String) in
      output.flush()
      writeError("warning: \(warning)\n")
    }
    do {
      if throughLibinput {
        // libinput's own log stays quiet: with recorded timestamps it reports "event
        // processing lagging behind ... your system is too slow" for every long recording.
        // Failures of the mocked replay are thrown and reported as errors.
        try LibinputReplayer(scene: description, logger: StandardErrorLog.logger(level: .critical))
          .replay(path: recording, report: report, warning: warning)
      } else {
        try RecordingReplayer(scene: description).replay(
          path: recording, report: report, warning: warning)
      }
    } catch {
      output.flush()
      throw InputFailure(message: error.description)
    }
    output.flush()
  }
}
