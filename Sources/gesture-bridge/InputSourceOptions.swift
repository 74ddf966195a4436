// SPDX-License-Identifier: MIT
import ArgumentParser
import LibinputInput
import TouchInput

/// `--seat NAME | --device PATH...` and `--rotation DEGREES`, shared by `run` and `watch`:
/// where live touches come from, and how the picture is turned on the touchscreens.
struct InputSourceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The udev seat to read touchscreens from (default seat0).", valueName: "name"))
  var seat: String?

  @Option(
    name: .customLong("device"),
    help: ArgumentHelp(
      "A device node to read, e.g. /dev/input/event5 (repeatable; instead of --seat).",
      valueName: "path"))
  var devices: [String] = []

  @Option(
    name: .customLong("rotation"),
    help: ArgumentHelp(
      "How far the picture is turned clockwise on the touchscreens: 0, 90, 180 or 270 (a "
        + "phone held in landscape; lisgd's -o N is N x 90). Edges and directions are then "
        + "the person's: the screen size is as they see it.", valueName: "degrees"))
  var rotationDegrees = 0

  func validate() throws {
    if seat != nil && !devices.isEmpty {
      throw ValidationError("Give either --seat or --device, not both.")
    }
    if ScreenRotation(degrees: rotationDegrees) == nil {
      throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotationDegrees).")
    }
  }

  /// The picture's turn on the touchscreens (validated).
  var rotation: ScreenRotation { ScreenRotation(degrees: rotationDegrees) ?? .none }

  /// The given device nodes, or else the seat (default seat0).
  var backend: LibinputBackend {
    devices.isEmpty ? .udev(seat: seat ?? LibinputBackend.defaultSeat) : .path(devices: devices)
  }

  /// What is read, for titles: `seat seat0` or the device nodes.
  var summary: String {
    devices.isEmpty
      ? "seat \(seat ?? LibinputBackend.defaultSeat)" : devices.joined(separator: " ")
  }
}
