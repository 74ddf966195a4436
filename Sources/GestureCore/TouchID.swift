// SPDX-License-Identifier: MIT
/// Identifies one finger for its whole life on the screen, from the frame it touches down in
/// to the frame it lifts or is cancelled in. Never reused within one engine's life.
public struct TouchID: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var rawValue: UInt64

  public init(_ rawValue: UInt64) { self.rawValue = rawValue }

  public static func < (a: TouchID, b: TouchID) -> Bool { a.rawValue < b.rawValue }

  public var description: String { "touch#\(rawValue)" }
}
