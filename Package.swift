// swift-tools-version: 6.1
// SPDX-License-Identifier: MIT
// GestureBridge: UIKit-style gesture recognizers for Linux touchscreens and Wayland.
//
// Dependency arrow (one way):
//   GestureCore  <-  input adapters (TouchInput, LibinputRecording, TouchscreenDecoder,
//                    LibinputInput, MockedDevice)
//                <-  scenes and bindings (GestureScene, GestureBindings, GestureTrace)
//                <-  replay (GestureReplay: reader -> decoder -> frames -> engine; no libinput,
//                    no umockdev, no Wayland)
//                <-  tools (gesture-bridge, with the live daemon in its Daemon/ and the replay
//                    through real libinput on mocked devices; make-recordings)
//   GestureCore  <-  Wayland / compositor side (GestureBridgeServer, with libgesture-bridge's C
//                    ABI in its CABI/, <- GestureBridgeWeston, with WestonModuleSupport and
//                    LibinputInput for `device=`): no Foundation, no umockdev
//   GestureReplay + WestonModuleSupport  <-  DriveSeat (tests, the demo and
//                    `gesture-bridge drive` only; installed outside weston's module directory),
//                    which writes drive's event log in DriveLog's schema (drive reads it)
//   CWaylandProtocols  <-  GestureBridgeClient, GestureBridgeClientC (apps): no GestureCore
// A target is a layer, a product, a C boundary or test support.
// GestureCore imports nothing but the Swift standard library (and the C library's math, for
// atan2: see Sources/GestureCore/Math.swift).
import Foundation
import PackageDescription

/// The weston majors the weston modules build for (docs/platforms.md): what differs between
/// them is CWeston's and CDriveSeat's header for that major (Sources/CWeston/libweston-N,
/// Sources/CDriveSeat/libweston-N); the Swift modules are the same.
let westonMajors = [16, 14, 10]

/// The major this build is for (one per build: each major is its own libweston ABI):
/// GESTURE_BRIDGE_WESTON_MAJOR when set, else the newest of `westonMajors` whose
/// libweston-N pkg-config finds, else 10.
let westonMajor: Int = {
  if let value = ProcessInfo.processInfo.environment["GESTURE_BRIDGE_WESTON_MAJOR"] {
    guard let major = Int(value), westonMajors.contains(major) else {
      fatalError(
        "GESTURE_BRIDGE_WESTON_MAJOR=\(value): the weston modules build for weston "
          + westonMajors.map(String.init).joined(separator: " or ") + " only")
    }
    return major
  }
  func installed(_ major: Int) -> Bool {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--exists", "libweston-\(major)"]
    guard (try? pkgConfig.run()) != nil else { return false }
    pkgConfig.waitUntilExit()
    return pkgConfig.terminationStatus == 0
  }
  return westonMajors.first(where: installed) ?? 10
}()

/// SwiftPM's dependencies: (URL, lowest version). A Debian package build has no network, so the
/// source package carries them (scripts/debian_components.py, docs/packaging.md): with
/// GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=DIR each is taken by path from DIR/NAME, NAME the URL's
/// last part in lower case (yams, swift-argument-parser, swift-log).
let remoteDependencies: [(url: String, from: Version)] = [
  ("https://github.com/jpsim/Yams", "6.0.0"),
  ("https://github.com/apple/swift-argument-parser", "1.5.0"),
  ("https://github.com/apple/swift-log", "1.6.0"),
]

let dependencies: [Package.Dependency] = remoteDependencies.map { dependency in
  guard let directory = ProcessInfo.processInfo.environment["GESTURE_BRIDGE_PACKAGE_DEPENDENCIES"]
  else { return .package(url: dependency.url, from: dependency.from) }
  let name = dependency.url.split(separator: "/").last.map { $0.lowercased() } ?? dependency.url
  return .package(path: directory + "/" + name)
}

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
    // libgesture-bridge, the compositor side with its C ABI (gesture_bridge.h); SwiftPM names
    // it gesture-bridge-c (`gesture-bridge` is the CLI) and scripts/install.sh installs it as
    // libgesture-bridge.so.0.
    .library(name: "gesture-bridge-c", type: .dynamic, targets: ["GestureBridgeServer"]),
    // libgesture-bridge-weston.so: the weston module (for `westonMajor`, below).
    .library(name: "gesture-bridge-weston", type: .dynamic, targets: ["GestureBridgeWeston"]),
    // libgesture-bridge-weston-test-seat.so: the weston module for tests, the demo and
    // `gesture-bridge drive` that plays recordings and touch scripts into the main module's
    // virtual seat (loaded after it; installed in PREFIX/lib/gesture-bridge/, never in weston's
    // module directory).
    .library(
      name: "gesture-bridge-weston-test-seat", type: .dynamic,
      targets: ["DriveSeat"]),
    .library(name: "GestureBridgeClient", targets: ["GestureBridgeClient"]),
    .executable(name: "gesture-bridge-demo-client", targets: ["gesture-bridge-demo-client"]),
    // For Benchmarks/ (a separate package that depends on this one by path): the modules the
    // replay benchmarks drive.
    .library(
      name: "GestureBenchmarkSubjects",
      targets: [
        "GestureScene", "GestureReplay", "LibinputRecording", "TouchscreenDecoder",
        "TouchInput",
      ]),
    // For Benchmarks/ too: what the end-to-end latency client (a Wayland window with
    // compositor recognizers) is built from.
    .library(
      name: "GestureLatencyClientSubjects", targets: ["GestureBridgeClient", "CWaylandProtocols"]),
  ],
  dependencies: dependencies,
  targets: [
    // MARK: Shared JSON Lines formatting (fixed decimals, string quoting; stdlib only)
    .target(name: "JSONLines"),
    // `gesture-bridge drive`'s event log: the one schema the weston test seat writes (stdlib
    // only) and drive reads (Decodable).
    .target(name: "DriveLog", dependencies: ["JSONLines"]),

    // MARK: Recognition core (pure Swift; the C math library for atan2 only)
    .target(name: "GestureCore"),
    // Test support: the harness with virtual time and puppets, and the guides' custom
    // recognizer (checkmark), an example of the subclass API.
    .target(name: "GestureCoreTesting", dependencies: ["GestureCore"]),

    // MARK: Input: libinput-shaped touch events and their sources
    // The input vocabulary: evdev events and devices (what the kernel and `libinput record`
    // speak), touch events (what every source makes), and the assembler that makes engine
    // frames of them.
    .target(name: "TouchInput", dependencies: ["GestureCore"]),
    // `libinput record` files: reading, writing, and touch scripts (TouchScript/) encoded as
    // the recordings they make.
    .target(
      name: "LibinputRecording",
      dependencies: ["TouchInput", .product(name: "Yams", package: "Yams")]),
    // libmtdev, which libinput runs multitouch protocol-A devices through (C interop only).
    .systemLibrary(name: "CMtdev", pkgConfig: "mtdev", providers: [.apt(["libmtdev-dev"])]),
    .target(name: "TouchscreenDecoder", dependencies: ["CMtdev", "TouchInput"]),

    // MARK: Live libinput input and replay through real libinput on mocked devices
    .systemLibrary(
      name: "CLibinput", pkgConfig: "libinput",
      providers: [.apt(["libinput-dev", "libudev-dev"])]),
    .target(
      name: "LibinputInput",
      dependencies: ["CLibinput", "TouchInput", .product(name: "Logging", package: "swift-log")]),
    // The umockdev testbed calls, with libumockdev.so.0 loaded at run time (dlopen), so the
    // programs that contain MockedDevice link no umockdev, gobject or glib.
    .target(name: "CUmockdev", linkerSettings: [.linkedLibrary("dl")]),
    // Never sanitizer-instrumented: it is preloaded into processes built without a sanitizer
    // runtime (umockdev-run), where instrumented code fails to load.
    .target(name: "UmockdevPreloadFix", cSettings: [.unsafeFlags(["-fno-sanitize=all"])]),
    .target(
      name: "MockedDevice",
      dependencies: [
        "CUmockdev", "LibinputInput", "LibinputRecording", "TouchInput",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "libinput-touch-dump",
      dependencies: [
        "JSONLines", "LibinputInput", "MockedDevice", "TouchInput",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Scenes and replay
    .target(name: "GestureScene", dependencies: ["GestureCore", "JSONLines", "TouchInput"]),
    // The in-core replay of `libinput record` files: reader -> decoder -> frames -> engine (no
    // libinput, no umockdev, no Wayland; the weston test seat links it). The replay through
    // real libinput on umockdev-mocked devices (`replay --through-libinput`) is the CLI's.
    .target(
      name: "GestureReplay",
      dependencies: [
        "GestureCore", "GestureScene", "LibinputRecording", "TouchscreenDecoder", "TouchInput",
      ]),

    // MARK: Traces: pictures of touches and recognizer states (SVG)
    .target(name: "GestureTrace", dependencies: ["GestureCore", "GestureScene", "JSONLines"]),
    // zlib, for the tests that decode PNG renderings of traces.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

    // MARK: Signals as bytes on a pipe, for the event loops of the daemon, `watch` and the demo
    // client (Glibc only)
    .target(name: "SignalPipe"),

    // MARK: Bindings: configs with bindings, the GESTURE_* environment and the command
    // runner, shared by the daemon and the bridge's system gestures (no Foundation)
    .target(
      name: "GestureBindings",
      dependencies: [
        "GestureCore", "GestureScene", "JSONLines", .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Tools
    .executableTarget(
      name: "gesture-bridge",
      dependencies: [
        "DriveLog", "GestureBindings", "GestureReplay", "GestureScene",
        "LibinputInput", "MockedDevice", "GestureTrace", "SignalPipe", "TouchInput",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    .executableTarget(
      name: "make-recordings",
      dependencies: [
        "LibinputRecording",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // MARK: Wayland (C interop only; generated code from Protocols/ via scripts/generate-protocol.sh)
    .systemLibrary(
      name: "CWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(
      name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
    // The wayland-scanner code of gesture-bridge-v1 (both sides) and of xdg-shell's client side
    // (the demo client's window), with their interface accessors.
    .target(name: "CWaylandProtocols"),
    // gesture_bridge.h, the C ABI of libgesture-bridge, as Swift sees it (C<library>, like
    // CLibinput); implemented by GestureBridgeServer's CABI/ (@_cdecl).
    .systemLibrary(name: "CGestureBridge"),
    // The compositor side: gesture-bridge-v1's server (Swift over libwayland-server and
    // GestureCore) and libgesture-bridge's C ABI over it, with the system gestures' bindings.
    .target(
      name: "GestureBridgeServer",
      dependencies: [
        "CGestureBridge", "GestureBindings", "GestureCore", "GestureScene",
        "TouchInput", "CWaylandServer", "CWaylandProtocols",
        .product(name: "Logging", package: "swift-log"),
      ],
      // The installed library's version script (scripts/install.sh links with it).
      exclude: ["CABI/gesture-bridge.map"]),
    // libweston-N (N = westonMajor) plus the internal functions it exports without an
    // installed header: one header per major presents the same API to the Swift modules.
    .systemLibrary(
      name: "CWeston", path: "Sources/CWeston/libweston-\(westonMajor)",
      pkgConfig: "libweston-\(westonMajor)", providers: [.apt(["libweston-\(westonMajor)-dev"])]),
    // What both weston modules link: the virtual seat, the one consumer of touch input on the
    // weston side (`SeatTouchFeed`: TouchInput's `TouchInputEvent`, what every source makes,
    // into the seat's `notify_touch_*`), output rectangles and the weston.ini section reader.
    .target(name: "WestonModuleSupport", dependencies: ["CWeston", "TouchInput"]),
    .target(
      name: "GestureBridgeWeston",
      dependencies: [
        "CWeston", "CGestureBridge", "GestureBridgeServer", "CWaylandServer", "WestonModuleSupport",
        "GestureCore", "TouchInput",
        // weston.ini `device=`: touchscreens read with real libinput.
        "LibinputInput", "CLibinput", .product(name: "Logging", package: "swift-log"),
      ],
      // The installed module's version script (scripts/install.sh links with it).
      exclude: ["gesture-bridge-weston.map"]),
    // The test seat module's thin C helpers over libweston (client windows, an output's pixels)
    // and its desktop API (closing windows: libweston-desktop-10 in weston 10, part of
    // libweston since 11), one header per major like CWeston.
    .systemLibrary(
      name: "CDriveSeat", path: "Sources/CDriveSeat/libweston-\(westonMajor)",
      pkgConfig: westonMajor == 10 ? "libweston-desktop-10" : "libweston-\(westonMajor)",
      providers: [.apt(["libweston-\(westonMajor)-dev"])]),
    // The test seat module: recordings (decoded by GestureReplay's reader and decoder) and
    // touch scripts played into the main module's virtual seat (its plugin API); for
    // `gesture-bridge drive`, a playlist, a log of what clients receive and PNG screenshots.
    .target(
      name: "DriveSeat",
      dependencies: [
        "CWeston", "WestonModuleSupport", "GestureReplay", "GestureCore",
        "TouchInput", "CDriveSeat", "DriveLog", "JSONLines",
      ],
      // The installed module's version script (scripts/install.sh links with it).
      exclude: ["gesture-bridge-weston-test-seat.map"]),

    // MARK: Wayland client library and demo client
    .target(
      name: "GestureBridgeClient",
      dependencies: ["CWaylandClient", "CWaylandClientLog", "CWaylandProtocols", "JSONLines"]),
    // libwayland-client's log lines formatted in C (a va_list handler Swift cannot take on
    // aarch64), for the client's protocol error messages.
    .target(name: "CWaylandClientLog", dependencies: ["CWaylandClient"]),
    // libgesture-bridge-client: the C client library for apps (gesture-bridge-client.h, no
    // Swift runtime). SwiftPM builds it for its tests; scripts/build-client-library.sh builds the
    // installed .so with cc and its version script.
    .target(
      name: "GestureBridgeClientC", dependencies: ["CWaylandProtocols", "CWaylandClient"],
      exclude: ["gesture-bridge-client.map"]),
    .executableTarget(
      name: "gesture-bridge-demo-client",
      dependencies: [
        "GestureBridgeClient", "CWaylandClient", "CWaylandProtocols", "SignalPipe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Test support for every Wayland test (in no product; nothing installed links it)
    // The one in-process test compositor (a real wl_display with wl_compositor and the real
    // GestureBridgeServer, a scripted gesture_bridge_manager_v1, or none) and the one pumped
    // libwayland test client, with the helpers the Wayland tests share.
    .target(
      name: "GestureBridgeTesting",
      dependencies: [
        "GestureBridgeServer", "GestureCore", "CWaylandServer", "CWaylandClient",
        "CWaylandProtocols", "TouchInput",
        // EndToEnd/: compositor sessions and client processes of the end-to-end tests, whose
        // wl_touch streams are checked (GestureCoreTesting) and whose gestures are compared
        // with the in-core replay's (GestureReplay).
        "GestureCoreTesting", "GestureReplay", "GestureScene",
      ]),

    // MARK: Reliability: fuzz targets (Fuzz/build.sh builds them with libFuzzer)
    .target(
      name: "FuzzChecks",
      dependencies: [
        "GestureCore", "GestureScene", "LibinputRecording", "TouchscreenDecoder",
        "TouchInput",
      ],
      path: "Fuzz/FuzzChecks"),
    // libFuzzer's driver (declaration only; compiler-rt defines it).
    .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
    .executableTarget(
      name: "fuzz-recording-reader", dependencies: ["FuzzChecks", "CLibFuzzer"],
      path: "Fuzz/fuzz-recording-reader"),
    .executableTarget(
      name: "fuzz-touch-decoder", dependencies: ["FuzzChecks", "CLibFuzzer"],
      path: "Fuzz/fuzz-touch-decoder"),

    // MARK: Tests
    // One test target per module, one framework per target (XCTest): the engine, arena,
    // delivery, properties, the built-in recognizers and their physical thresholds.
    .testTarget(
      name: "GestureCoreTests",
      dependencies: ["GestureCore", "GestureCoreTesting"]),
    .testTarget(
      name: "TouchscreenDecoderTests",
      dependencies: ["TouchscreenDecoder", "LibinputRecording", "TouchInput"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LibinputInputTests",
      dependencies: ["LibinputInput", "MockedDevice", "LibinputRecording", "TouchInput"]),
    .testTarget(
      name: "MockedDeviceTests",
      dependencies: ["MockedDevice", "LibinputRecording", "TouchInput", "GestureBridgeTesting"]),
    .testTarget(
      name: "TouchInputTests", dependencies: ["TouchInput", "GestureCore"]),
    .testTarget(name: "GestureSceneTests", dependencies: ["GestureScene", "GestureCore"]),
    .testTarget(
      name: "GestureReplayTests", dependencies: ["GestureReplay", "GestureScene", "GestureCore"],
      exclude: ["Golden"]),
    // The CLI's tests; `drive`'s end-to-end tests check wl_touch streams (GestureCoreTesting)
    // against the recording's touches (GestureReplay's decoding).
    .testTarget(
      name: "CLITests",
      dependencies: [
        "gesture-bridge", "daemon-test-driver", "CZlib", "GestureCoreTesting", "GestureReplay",
        "LibinputRecording", "TouchInput",
      ],
      exclude: ["DriveApps"]),
    .testTarget(
      name: "GestureTraceTests",
      dependencies: ["GestureTrace", "GestureReplay", "GestureScene", "GestureCore"]),
    // Owns a umockdev testbed with a mocked touchscreen, runs a program inside it (the daemon
    // for the CLI's daemon tests, weston for the `device=` tests of WestonEndToEndTests), plays
    // recordings into the touchscreen and unplugs it on request.
    .executableTarget(
      name: "daemon-test-driver",
      dependencies: ["LibinputRecording", "MockedDevice"],
      path: "Tests/DaemonTestDriver"),
    .testTarget(
      name: "GestureBindingsTests",
      dependencies: ["GestureBindings", "GestureCore", "GestureScene"]),
    .testTarget(name: "JSONLinesTests", dependencies: ["JSONLines"]),
    .testTarget(name: "DriveLogTests", dependencies: ["DriveLog"]),
    .testTarget(name: "SignalPipeTests", dependencies: ["SignalPipe"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "FuzzChecks", "GestureCore", "GestureScene", "LibinputRecording",
        "MockedDevice", "TouchInput", "TouchscreenDecoder",
      ],
      exclude: ["Corpus"]),
    .testTarget(
      name: "LibinputRecordingTests", dependencies: ["LibinputRecording"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "WaylandProtocolTests",
      dependencies: [
        "GestureBridgeTesting", "CWaylandServer", "CWaylandClient", "CWaylandProtocols",
      ]),
    .testTarget(
      name: "GestureBridgeServerTests",
      dependencies: [
        "GestureBridgeServer", "GestureCore", "CWaylandServer", "CWaylandClient",
        "CWaylandProtocols", "GestureBridgeTesting", "GestureScene", "TouchInput",
        // The C ABI's system-gesture calls (load, replace, errors).
        "CGestureBridge",
        // SeededRandom for the randomized deferral test.
        "GestureCoreTesting",
      ]),
    // Hostile clients against the real server: stuck sockets, create/destroy churn, bad
    // relations and values, disconnects mid-gesture, limits.
    .testTarget(
      name: "ProtocolAbuseTests",
      dependencies: [
        "GestureBridgeServer", "GestureBridgeTesting", "GestureCore", "CWaylandServer",
        "CWaylandClient", "CWaylandProtocols",
        // System gesture surfaces (version 2): a system scene, seeded churn.
        "GestureScene", "GestureCoreTesting",
      ]),
    // Real weston + libgesture-bridge-weston.so + the demo client and a C client compiled by
    // the test; the in-core replay gives the expected gestures of a recording.
    .testTarget(
      name: "WestonEndToEndTests",
      dependencies: [
        "GestureBridgeTesting", "GestureCoreTesting", "GestureReplay", "GestureScene",
        "gesture-bridge-demo-client",
        // Runs weston inside a umockdev testbed for the `device=` tests.
        "daemon-test-driver",
      ],
      exclude: ["TestClient"]),
    // The wlroots adapter end to end: the test kiosk (C, on wlroots 0.15) and phoc and sway
    // with the LD_PRELOAD loader, on a mocked touchscreen.
    .testTarget(
      name: "WlrootsEndToEndTests",
      dependencies: [
        "GestureBridgeTesting", "GestureReplay", "GestureScene", "gesture-bridge-demo-client",
        "daemon-test-driver",
      ],
      exclude: ["WlrootsKiosk", "LibseatSeat0", "PhocDraggableClient"]),
    // The C client library against the scripted manager and the real server, in process.
    .testTarget(
      name: "GestureBridgeClientCTests",
      dependencies: [
        "GestureBridgeClientC", "GestureBridgeTesting", "GestureBridgeServer", "GestureCore",
        "GestureScene", "CWaylandClient", "CWaylandProtocols",
      ]),
    .testTarget(
      name: "GestureBridgeClientTests",
      dependencies: [
        "GestureBridgeClient", "GestureBridgeTesting", "CWaylandClient",
        "CWaylandProtocols",
        // KindParityTests: every kind of the XML in the core's catalogue and the C library.
        "GestureCore", "GestureBridgeClientC",
        // Built for the tests that run it as a process against weston.
        "gesture-bridge-demo-client",
      ]),
  ]
)
