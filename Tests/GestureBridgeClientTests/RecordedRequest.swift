/// One request the fake compositor received, values as on the wire; `recognizer` is the
/// recognizer's object id (0 for manager requests).
struct RecordedRequest: Equatable, CustomStringConvertible {
  enum Kind: Equatable {
    case getRecognizer(type: UInt32)
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
  }

  let recognizer: UInt32
  let kind: Kind

  var description: String { "\(recognizer): \(kind)" }
}
