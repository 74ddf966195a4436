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
    .library(name: "GestureBridgeClient", targets: ["GestureBridgeClient"]),
    .executable(name: "gesture-bridge-demo-client", targets: ["gesture-bridge-demo-client"]),
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
    .target(name: "GestureInput", dependencies: ["GestureCore", "TouchInput"]),
    .target(
      name: "LibinputRecording",
      dependencies: [.product(name: "Yams", package: "Yams")]),
    .target(name: "TouchscreenDecoder", dependencies: ["LibinputRecording", "TouchInput"]),

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

    // MARK: Wayland (C interop only; generated code from Protocols/ via scripts/generate-protocol.sh)
    .systemLibrary(
      name: "CWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(
      name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
    .target(name: "CGestureBridgeProtocol"),
    // Generated xdg-shell client code (same script) for the demo client's window.
    .target(name: "CXdgShell"),

    // MARK: Wayland client library and demo client
    .target(
      name: "GestureBridgeClient", dependencies: ["CWaylandClient", "CGestureBridgeProtocol"]),
    .executableTarget(
      name: "gesture-bridge-demo-client",
      dependencies: [
        "GestureBridgeClient", "CWaylandClient", "CXdgShell",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Tests
    .testTarget(
      name: "GestureCoreTests", dependencies: ["GestureCore", "GestureCoreTesting", "GestureExamples"]),
    .testTarget(
      name: "WaylandProtocolTests",
      dependencies: ["CWaylandServer", "CWaylandClient", "CGestureBridgeProtocol"]),
    .testTarget(
      name: "GestureBridgeClientTests",
      dependencies: [
        "GestureBridgeClient", "CWaylandServer", "CWaylandClient", "CGestureBridgeProtocol",
        // Built for the tests that run it as a process against weston.
        "gesture-bridge-demo-client",
      ]),
  ]
)
