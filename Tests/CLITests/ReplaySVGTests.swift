// SPDX-License-Identifier: MIT
import Foundation
import FoundationXML
import Testing

/// Every bundled recording, and how many fingers it has down together at most.
private let fingersTogether: [String: Int] = [
  "double-tap": 1, "edge-pan": 1, "hand-drag": 5, "hand-rest": 4, "long-press": 1, "palm": 1,
  "pan": 1, "pinch": 2, "pinch-late-finger": 3, "protocol-a-three-finger-swipe": 3,
  "recorded-double-tap": 1, "rotation": 2, "swipe-left": 1, "swipe-right": 1, "tap": 1,
  "two-finger-tap": 2, "two-hands": 10,
]

private let bundledRecordings: [String] = {
  let folder = GestureBridgeProcess.repositoryRoot.appendingPathComponent("Examples/recordings")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".yml") }.sorted().map { "Examples/recordings/" + $0 }
}()

/// The colours of fingers 1 to 10 in traces (`FingerPalette`).
private let fingerColours = [
  "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C564B", "#9467BD",
  "#BCBD22", "#17BECF",
]

/// The colour of failed marks (`StatePalette`).
private let failedColour = "#D62728"

/// The colour of changed marks (`StatePalette`).
private let changedColour = "#6A51A3"

private let umockdevInstalled = [
  "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
].contains { FileManager.default.fileExists(atPath: $0 + "/libumockdev-preload.so.0") }

/// rsvg-convert (Debian package librsvg2-bin, installed by scripts/setup.sh).
private let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Whether `path` holds well-formed XML whose root element is `<svg>`; the parser's error
/// otherwise.
private func parseSVG(_ path: String) -> (root: String?, error: String?) {
  final class Root: NSObject, XMLParserDelegate {
    var name: String?
    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if name == nil { name = elementName }
    }
  }
  guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: path)) else {
    return (nil, "cannot read \(path)")
  }
  let root = Root()
  parser.delegate = root
  let ok = parser.parse()
  return (root.name, ok ? nil : "\(parser.parserError.map { "\($0)" } ?? "parse error")")
}

/// Converts the SVG at `svg` to PNG with rsvg-convert and decodes it.
private func renderPNG(_ svg: String) throws -> PNGImage {
  let converter = try #require(rsvgConvert, "rsvg-convert is missing: run scripts/setup.sh")
  let png = svg + ".png"
  let process = Process()
  process.executableURL = URL(fileURLWithPath: converter)
  process.arguments = ["--format", "png", "--output", png, svg]
  try process.run()
  process.waitUntilExit()
  try #require(process.terminationStatus == 0, "rsvg-convert failed on \(svg)")
  return try PNGImage(path: png)
}

@Suite struct ReplaySVGTests {
  @Test func everyBundledRecordingHasAnExpectedFingerCount() {
    let names = bundledRecordings.map {
      String($0.split(separator: "/").last!.dropLast(".yml".count))
    }
    #expect(names.count >= 12)
    #expect(Set(names) == Set(fingersTogether.keys))
  }

  /// The picture of each bundled recording is valid XML and renders to a PNG that shows
  /// something, in the colours of exactly the fingers the recording has down together.
  @Test(arguments: bundledRecordings)
  func theSVGOfABundledRecordingRendersItsFingers(recording: String) throws {
    let svg = try GestureBridgeProcess.temporaryFile("trace.svg", "")
    let plain = GestureBridgeProcess.run(["replay", "--format", "json", recording])
    let result = GestureBridgeProcess.run(["replay", "--format", "json", "--svg", svg, recording])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == plain.stderr)
    #expect(result.stdout == plain.stdout, "--svg must not change the gestures printed")

    let parsed = parseSVG(svg)
    #expect(parsed.error == nil, "\(svg): \(parsed.error ?? "")")
    #expect(parsed.root == "svg")

    let image = try renderPNG(svg)
    #expect(image.width >= 480 && image.height >= 400)
    // Not blank: axes, paths, legend and timeline cover well over 2% of the picture.
    #expect(image.nonWhitePixels > image.width * image.height / 50)
    let name = String(recording.split(separator: "/").last!.dropLast(".yml".count))
    let fingers = try #require(fingersTogether[name])
    for number in 1...fingers {
      #expect(
        image.pixels(ofColour: fingerColours[number - 1]) > 100,
        "finger \(number)'s colour \(fingerColours[number - 1]) is missing in \(name)")
    }
    // Ten fingers use every colour; fewer leave the next one out.
    if fingers < fingerColours.count {
      #expect(
        image.pixels(ofColour: fingerColours[fingers]) == 0,
        "\(name) shows the colour of finger \(fingers + 1)")
    }
  }

  @Test(
    .enabled(if: umockdevInstalled, "needs the umockdev package"),
    arguments: ["Examples/recordings/pinch.yml", "Examples/recordings/two-finger-tap.yml"])
  func throughLibinputDrawsTheSamePictureAsTheInCoreReplay(recording: String) throws {
    let inCore = try GestureBridgeProcess.temporaryFile("in-core.svg", "")
    let throughLibinput = try GestureBridgeProcess.temporaryFile("libinput.svg", "")
    let first = GestureBridgeProcess.run(["replay", "--svg", inCore, recording])
    let second = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--svg", throughLibinput, recording,
    ])
    #expect(first.status == 0 && second.status == 0, "\(second.stderr)")
    let inCoreText = try String(contentsOfFile: inCore, encoding: .utf8)
    let libinputText = try String(contentsOfFile: throughLibinput, encoding: .utf8)
    // Only the heading says which replay drew it.
    #expect(libinputText.contains(" (through libinput)"))
    #expect(libinputText.replacingOccurrences(of: " (through libinput)", with: "") == inCoreText)
    let image = try renderPNG(throughLibinput)
    #expect(image.pixels(ofColour: fingerColours[0]) > 100)
    #expect(image.pixels(ofColour: fingerColours[1]) > 100)
  }

  /// Failures are not printed (they send no action) but the picture shows them: a red cross
  /// on the failing recognizer's row and where its gesture was on the screen.
  @Test func thePictureShowsTheRecognizersThatFailed() throws {
    let svg = try GestureBridgeProcess.temporaryFile("pan.svg", "")
    let result = GestureBridgeProcess.run([
      "replay", "--format", "json", "--svg", svg, "Examples/recordings/pan.yml",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("failed"))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    // Every recognizer of the default scene but the pan fails once.
    #expect(text.contains("1 gesture(s) recognized or ended, 0 cancelled, 11 failed"))
    for name in ["double-tap", "tap", "long-press", "swipe", "pinch", "edge-left"] {
      #expect(text.contains("<title>\(name) failed at "), "\(name)")
    }
    #expect(text.contains("gesture failed"), "the legend lists the failed marker")
    let image = try renderPNG(svg)
    #expect(image.pixels(ofColour: failedColour) > 100)
  }

  /// A pinch's changes are marked: ticks on its timeline row and a dot trail on the screen.
  @Test func thePictureMarksWhereAContinuousGestureChanged() throws {
    let svg = try GestureBridgeProcess.temporaryFile("pinch.svg", "")
    let result = GestureBridgeProcess.run(["replay", "--svg", svg, "Examples/recordings/pinch.yml"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.components(separatedBy: "<title>pinch changed at ").count - 1 > 10)
    #expect(text.contains(">gesture changed</text>"))
    let image = try renderPNG(svg)
    #expect(image.pixels(ofColour: changedColour) > 20)
  }

  @Test func anUnwritableSVGPathIsAOneLineErrorAfterTheGestures() {
    let result = GestureBridgeProcess.run([
      "replay", "--svg", "/nonexistent-dir/trace.svg", "Examples/recordings/tap.yml",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("0.880000 tap (tap) recognized"))
    #expect(
      result.stderr == "error: cannot write /nonexistent-dir/trace.svg: No such file or directory\n"
    )
  }
}
