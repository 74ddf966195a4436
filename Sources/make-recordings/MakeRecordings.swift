// SPDX-License-Identifier: MIT
import ArgumentParser

/// `make-recordings`: writes GestureBridge's `libinput record` files.
@main
struct MakeRecordings: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make-recordings",
    abstract: "Write libinput record (YAML v1) files of synthetic touchscreen gestures.",
    subcommands: [BundledCommand.self, StressCommand.self, MeasureReadCommand.self])
}
