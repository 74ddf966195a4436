// swift-tools-version: 6.1
// GestureBridge: UIKit-style gesture recognizers for Linux touchscreens and Wayland.
//
// Dependency arrow (one way):
//   GestureCore  <-  input adapters (TouchInput, LibinputRecording, TouchscreenDecoder,
//                    LibinputInput, MockedDevice, GestureInput)
//                <-  scene / replay (GestureScene, GestureReplay)
//                <-  tools (gesture-bridge, make-recordings)
// GestureCore imports nothing but the Swift standard library.
import PackageDescription

let package = Package(
  name: "GestureBridge",
  products: [
    .library(name: "GestureCore", targets: ["GestureCore"]),
    .library(name: "GestureCoreTesting", targets: ["GestureCoreTesting"]),
    .executable(name: "gesture-bridge", targets: ["gesture-bridge"]),
    .library(name: "LibinputInput", targets: ["LibinputInput"]),
    .library(name: "MockedDevice", targets: ["MockedDevice"]),
    // LD_PRELOAD library (after libumockdev-preload) that lets libinput accept mocked devices.
    .library(name: "UmockdevPreloadFix", type: .dynamic, targets: ["UmockdevPreloadFix"]),
    .executable(name: "libinput-touch-dump", targets: ["libinput-touch-dump"]),
    .executable(name: "make-recordings", targets: ["make-recordings"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    // MARK: Recognition core (pure Swift, no system dependencies)
    .target(name: "GestureCore"),
    .target(name: "GestureCoreTesting", dependencies: ["GestureCore"]),
    // The guides' custom recognizer (checkmark), an example of the subclass API.
    .target(name: "GestureExamples", dependencies: ["GestureCore"]),

    // MARK: Input: libinput-shaped touch events and their sources
    .target(name: "TouchInput"),
    .target(name: "TouchScript"),
    .target(name: "GestureInput", dependencies: ["GestureCore", "TouchInput"]),
    .target(
      name: "LibinputRecording",
      dependencies: ["TouchScript", .product(name: "Yams", package: "Yams")]),
    .target(name: "TouchscreenDecoder", dependencies: ["LibinputRecording", "TouchInput"]),

    // MARK: Live libinput input and replay through real libinput on mocked devices
    .systemLibrary(
      name: "CLibinput", pkgConfig: "libinput",
      providers: [.apt(["libinput-dev", "libudev-dev"])]),
    .target(
      name: "LibinputInput",
      dependencies: ["CLibinput", "TouchInput", .product(name: "Logging", package: "swift-log")]),
    .systemLibrary(
      name: "CUmockdev", pkgConfig: "umockdev-1.0", providers: [.apt(["libumockdev-dev"])]),
    .target(name: "UmockdevPreloadFix"),
    .target(
      name: "MockedDevice",
      dependencies: [
        "CUmockdev", "LibinputInput", "LibinputRecording", "TouchInput",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "libinput-touch-dump",
      dependencies: [
        "LibinputInput", "MockedDevice", "TouchInput",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Scenes and replay
    .target(name: "GestureScene", dependencies: ["GestureCore"]),
    .target(
      name: "GestureReplay",
      dependencies: [
        "GestureCore", "GestureInput", "GestureScene", "LibinputRecording", "TouchscreenDecoder",
        "TouchInput",
      ]),

    // MARK: Tools
    .executableTarget(
      name: "gesture-bridge",
      dependencies: [
        "GestureReplay", "GestureScene",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    .executableTarget(
      name: "make-recordings",
      dependencies: [
        "LibinputRecording", "TouchScript",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Reliability: fuzz targets (Fuzz/build.sh builds them with libFuzzer)
    .target(
      name: "FuzzChecks",
      dependencies: [
        "GestureCore", "GestureInput", "GestureScene", "LibinputRecording", "TouchscreenDecoder",
        "TouchInput",
      ],
      path: "Fuzz/FuzzChecks"),
    .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
    .executableTarget(
      name: "fuzz-recording-reader", dependencies: ["FuzzChecks", "CLibFuzzer"],
      path: "Fuzz/fuzz-recording-reader"),
    .executableTarget(
      name: "fuzz-touch-decoder", dependencies: ["FuzzChecks", "CLibFuzzer"],
      path: "Fuzz/fuzz-touch-decoder"),

    // MARK: Tests
    .testTarget(
      name: "GestureCoreTests", dependencies: ["GestureCore", "GestureCoreTesting", "GestureExamples"]),
    .testTarget(
      name: "TouchscreenDecoderTests",
      dependencies: ["TouchscreenDecoder", "LibinputRecording", "TouchInput"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LibinputInputTests",
      dependencies: ["LibinputInput", "MockedDevice", "LibinputRecording", "TouchInput"]),
    .testTarget(
      name: "MockedDeviceTests", dependencies: ["MockedDevice", "LibinputRecording", "TouchInput"]),
    .testTarget(name: "GestureInputTests", dependencies: ["GestureInput", "GestureCore", "TouchInput"]),
    .testTarget(name: "GestureSceneTests", dependencies: ["GestureScene", "GestureCore"]),
    .testTarget(
      name: "GestureReplayTests", dependencies: ["GestureReplay", "GestureScene", "GestureCore"],
      exclude: ["Golden"]),
    .testTarget(name: "CLITests", dependencies: ["gesture-bridge"]),
    .testTarget(name: "TouchScriptTests", dependencies: ["TouchScript"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "FuzzChecks", "GestureCore", "GestureInput", "GestureScene", "LibinputRecording",
        "MockedDevice", "TouchInput", "TouchscreenDecoder",
      ],
      exclude: ["Corpus"]),
    .testTarget(
      name: "LibinputRecordingTests", dependencies: ["LibinputRecording", "TouchScript"],
      resources: [.copy("Fixtures")]),
  ]
)
