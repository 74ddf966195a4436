// SPDX-License-Identifier: MIT
/// Counts of input the engine could not use, so hosts can report misbehaving sources.
/// The engine never stops on bad input; it skips the sample and counts it here.
public struct EngineDiagnostics: Sendable, Hashable {
  /// `moved`, `ended` or `cancelled` samples for a touch that is not down.
  public var unknownTouchSamples = 0
  /// `began` samples for a touch that is already down.
  public var duplicateTouchBegins = 0
  /// `stationary` samples (frames list changes only; they are skipped).
  public var stationarySamples = 0

  public init() {}
}
