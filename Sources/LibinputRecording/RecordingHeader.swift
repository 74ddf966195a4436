// SPDX-License-Identifier: MIT
import TouchInput

/// Everything a recording says before and around its events: format version, the recording
/// machine, and the devices in file order (a device's index here is the `device` of its
/// events).
public struct RecordingHeader: Sendable, Hashable {
  /// The file format version (always 1; other versions are refused).
  public var version: Int
  /// `libinput: version:`, if present.
  public var libinputVersion: String?
  /// `system: os:`, `kernel:` and `dmi:`, if present.
  public var systemOS: String?
  public var systemKernel: String?
  public var systemDMI: String?
  public var devices: [EvdevDeviceDescription]

  public init(
    version: Int = 1, libinputVersion: String? = nil, systemOS: String? = nil,
    systemKernel: String? = nil, systemDMI: String? = nil, devices: [EvdevDeviceDescription]
  ) {
    self.version = version
    self.libinputVersion = libinputVersion
    self.systemOS = systemOS
    self.systemKernel = systemKernel
    self.systemDMI = systemDMI
    self.devices = devices
  }
}
