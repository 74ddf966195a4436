// SPDX-License-Identifier: MIT
/// The range of one absolute axis (`struct input_absinfo` without its current value), as in
/// the `absinfo:` map of a recording: `[minimum, maximum, fuzz, flat, resolution]`.
public struct AbsInfo: Sendable, Hashable {
  public var minimum: Int32
  public var maximum: Int32
  public var fuzz: Int32
  public var flat: Int32
  /// Units per millimetre; 0 when the device does not report it.
  public var resolution: Int32

  public init(
    minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
  ) {
    self.minimum = minimum
    self.maximum = maximum
    self.fuzz = fuzz
    self.flat = flat
    self.resolution = resolution
  }
}
