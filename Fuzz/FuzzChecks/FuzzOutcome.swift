// SPDX-License-Identifier: MIT
/// What one fuzz input did to the pipeline it went through.
public struct FuzzOutcome: Sendable, Hashable {
  /// The one-line error the input was refused with, if it was refused (a clean error).
  public var error: String?
  /// Broken promises (a touch left down, a double end, an unclean error...). Empty when the
  /// input ran cleanly or was refused cleanly.
  public var problems: [String] = []
  /// Evdev events read.
  public var evdevEvents = 0
  /// Touches that went down in the decoded stream.
  public var touchDowns = 0
  /// Frames the gesture engine handled.
  public var frames = 0

  public init() {}

  /// True when the input was handled without breaking any promise.
  public var isClean: Bool { problems.isEmpty }
}
