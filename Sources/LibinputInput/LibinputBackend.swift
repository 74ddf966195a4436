// SPDX-License-Identifier: MIT
/// How a `LibinputTouchSource` finds its devices.
public enum LibinputBackend: Sendable, Hashable {
  /// libinput's udev backend: every input device of the seat, including devices plugged in
  /// later (`libinput_udev_assign_seat`).
  case udev(seat: String)
  /// libinput's path backend: exactly these device nodes (`libinput_path_add_device`), e.g.
  /// `["/dev/input/event5"]`. More can be added and removed at run time.
  case path(devices: [String])

  /// The seat libinput and compositors use unless told otherwise.
  public static let defaultSeat = "seat0"

  /// The udev backend on `seat0`.
  public static let defaultSeatBackend = LibinputBackend.udev(seat: defaultSeat)
}
