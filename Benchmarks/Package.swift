// swift-tools-version: 6.1
// SPDX-License-Identifier: MIT
// GestureBridge benchmarks: a separate package so the main package's build and tests never
// pull in the benchmark framework. Run everything with `scripts/bench.sh` from the repo root.
import PackageDescription

let package = Package(
  name: "GestureBridgeBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "GestureBridge", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // What is measured, shared by the benchmark suite and the bench tool.
    .target(
      name: "BenchmarkWorkloads",
      dependencies: [
        .product(name: "GestureCore", package: "GestureBridge"),
        .product(name: "GestureBenchmarkSubjects", package: "GestureBridge"),
        .product(name: "MockedDevice", package: "GestureBridge"),
        .product(name: "GestureCoreTesting", package: "GestureBridge"),
      ]),
    // The ordo-one/benchmark suite (`swift package benchmark`).
    .executableTarget(
      name: "GestureBenchmarks",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/GestureBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // The end-to-end latency client scripts/bench.sh runs against headless weston.
    .executableTarget(
      name: "gesture-latency-client",
      dependencies: [
        .product(name: "GestureLatencyClientSubjects", package: "GestureBridge"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Helpers for scripts/bench.sh: instruction counts under callgrind, touch event counts,
    // mocked-device replay scripts.
    .executableTarget(
      name: "bench-tool",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
  ]
)
