// SPDX-License-Identifier: MIT
/// One request the scripted manager of a `TestCompositor` received, values as on the wire;
/// `recognizer` is the object id of the recognizer or system gesture surface (0 for manager
/// requests). `Kind`, one case a request, is generated from the protocol XML
/// (`ScriptedRequestTables.swift`).
public struct RecordedRequest: Equatable, Sendable, CustomStringConvertible {
  public let recognizer: UInt32
  public let kind: Kind

  public init(recognizer: UInt32, kind: Kind) {
    self.recognizer = recognizer
    self.kind = kind
  }

  public var description: String { "\(recognizer): \(kind)" }
}
