// SPDX-License-Identifier: MIT
/// One request the scripted manager of a `TestCompositor` received, values as on the wire;
/// `recognizer` is the object id of the recognizer or system gesture surface (0 for manager
/// requests).
public struct RecordedRequest: Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// `surface` is the object id of the wl_surface the recognizer is for.
    case getRecognizer(type: UInt32, surface: UInt32)
    case setNumberOfTapsRequired(Int32)
    case setNumberOfTouchesRequired(Int32)
    case setMinimumPressDuration(microseconds: Int32)
    case setAllowableMovement(fixed: Int32)
    case setMinimumNumberOfTouches(Int32)
    case setMaximumNumberOfTouches(Int32)
    case setDirection(UInt32)
    case setEdges(UInt32)
    case setRegion(regionID: UInt32)
    case setCancelsTouches(UInt32)
    case setDelaysTouchesBegan(UInt32)
    case setDelaysTouchesEnded(UInt32)
    case setEnabled(UInt32)
    case requireFailureOf(recognizer: UInt32)
    case recognizeSimultaneouslyWith(recognizer: UInt32)
    case commit
    case destroy
    /// Version 2: `surface` is the object id of the wl_surface.
    case getSystemGestureSurface(surface: UInt32)
    case setExclusionRegion(regionID: UInt32)
    case setDeferredEdges(UInt32)
  }

  public let recognizer: UInt32
  public let kind: Kind

  public init(recognizer: UInt32, kind: Kind) {
    self.recognizer = recognizer
    self.kind = kind
  }

  public var description: String { "\(recognizer): \(kind)" }
}
