// SPDX-License-Identifier: MIT
import ArgumentParser
import LibinputInput

/// `--seat NAME | --device PATH...`, shared by `run` and `watch`: where live touches come from.
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

  func validate() throws {
    if seat != nil && !devices.isEmpty {
      throw ValidationError("Give either --seat or --device, not both.")
    }
  }

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
