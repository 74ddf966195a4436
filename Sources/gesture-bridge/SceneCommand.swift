// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureScene

/// `gesture-bridge scene --default` and `gesture-bridge scene --check FILE`.
struct SceneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scene",
    abstract: "Print the default scene or check a scene file.",
    discussion: """
      --default prints the scene used when `replay` gets no --scene: one full-screen view \
      "desktop" (1920x1080) with twelve recognizers. --check validates a scene file and \
      prints a one-line summary, or a one-line error naming the file and the path of the \
      problem (exit status 1).
      """)

  @Flag(name: .customLong("default"), help: "Print the default scene as JSON.")
  var printDefault = false

  @Option(name: .long, help: ArgumentHelp("Validate a scene file.", valueName: "file"))
  var check: String?

  func validate() throws {
    if printDefault == (check != nil) {
      throw ValidationError("Give exactly one of --default or --check <file>.")
    }
  }

  func run() throws {
    if printDefault {
      var output = OutputBuffer()
      output.writeLine(String(DefaultScene.json.dropLast()))
      output.flush()
      return
    }
    guard let check else { return }
    do {
      let scene = try SceneDescription.load(path: check)
      var views = 0
      func count(_ view: ViewDescription) {
        views += 1
        view.children.forEach(count)
      }
      scene.views.forEach(count)
      var output = OutputBuffer()
      output.writeLine(
        "\(check): ok (screen \(scene.screenWidth)x\(scene.screenHeight), \(views) view(s), "
          + "\(scene.allRecognizers.count) recognizer(s))")
      output.flush()
    } catch {
      throw InputFailure(message: error.description)
    }
  }
}
