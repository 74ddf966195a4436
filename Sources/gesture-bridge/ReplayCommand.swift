// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureCore
import GestureReplay
import GestureScene
import GestureTrace
import Glibc
import Logging
import MockedDevice

/// `gesture-bridge replay [--scene FILE] [--format text|json] [--through-libinput]
/// [--svg FILE] [--no-progress] RECORDING`.
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
      looked for at $GESTUREBRIDGE_UMOCKDEV_FIX, next to this executable, then in \
      ../lib/gesture-bridge/ beside it, where scripts/install.sh puts it).

      With --svg FILE, a picture of the replay is written to FILE when it completes: each \
      finger's path on the screen (surface pixels) in the finger's colour, and a timeline in \
      milliseconds with when fingers were down and one row per recognizer of the scene, \
      showing each gesture's began-to-ended band and markers where gestures began, changed, \
      ended, were recognized, cancelled or failed (failures are drawn only: they are not \
      printed). Huge recordings give a picture of bounded size (paths \
      are simplified, keeping their ends). See docs/traces.md.

      When stderr is a terminal, a long replay (from 4096 events on) shows its progress \
      there (percentage of the recording read, events, rate, time left), redrawn in place \
      and erased at the end; --no-progress turns it off. Nothing is added when stderr is not a terminal.

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

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Also draw the replay as an SVG picture (finger paths, recognizer timeline) into this "
        + "file.", valueName: "file"))
  var svg: String?

  @Flag(
    name: .customLong("no-progress"),
    help: "Never show the progress line (shown on stderr only when it is a terminal).")
  var noProgress = false

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
    let meter = ProgressMeter(label: Self.fileName(recording), enabled: !noProgress)
    // With the progress line and the gestures on one terminal, each gesture line is written
    // at once, after erasing the progress line, so the two never mix.
    let lineByLine = meter.enabled && isatty(1) == 1
    let trace = svg.map { _ in TraceBox(TraceRecorder(scene: description)) }
    let report = { (line: GestureReport) in
      trace?.recorder.record(line)
      output.write(line, json: json)
      if lineByLine {
        meter.clear()
        output.flush()
      }
    }
    let warning = { (warning: String) in
      meter.clear()
      output.flush()
      writeError("warning: \(warning)\n")
    }
    let touchFrames = trace.map { box in { (frame: TouchFrame) in box.recorder.record(frame) } }
    let failures = trace.map { box in
      { (failure: RecognizerFailure) in
        box.recorder.recordFailure(
          of: failure.recognizer, type: failure.type.rawValue,
          atMicroseconds: failure.timeMicroseconds, location: failure.location)
      }
    }
    let progress = meter.enabled ? meter.update : nil
    do {
      if throughLibinput {
        // libinput's own log stays quiet: with recorded timestamps it reports "event
        // processing lagging behind ... your system is too slow" for every long recording.
        // Failures of the mocked replay are thrown and reported as errors.
        var replayer = LibinputReplayer(
          scene: description, logger: StandardErrorLog.logger(level: .critical))
        replayer.touchFrames = touchFrames
        replayer.failures = failures
        replayer.progress = progress
        try replayer.replay(path: recording, report: report, warning: warning)
      } else {
        var replayer = RecordingReplayer(scene: description)
        replayer.touchFrames = touchFrames
        replayer.failures = failures
        replayer.progress = progress
        try replayer.replay(path: recording, report: report, warning: warning)
      }
    } catch {
      meter.clear()
      output.flush()
      throw InputFailure(message: error.description)
    }
    meter.clear()
    output.flush()
    if let svg, let trace {
      let renderer = SVGRenderer(
        title: "gesture-bridge replay \(Self.fileName(recording))"
          + (throughLibinput ? " (through libinput)" : ""))
      try TextFile.write(renderer.render(trace.recorder), to: svg)
    }
  }

  /// The last component of `path`.
  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

/// A trace recorder the replay's callbacks share.
final class TraceBox {
  var recorder: TraceRecorder

  init(_ recorder: TraceRecorder) { self.recorder = recorder }
}
