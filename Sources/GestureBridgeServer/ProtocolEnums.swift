// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-enums-swift.awk.
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
//
// The protocol's enums, internal to GestureBridgeServer (the compositor side). The client
// library has its own public copy from the same XML, as wayland-scanner's server and
// client headers each carry them.

/// `gesture_bridge_manager_v1.error`.
enum WireManagerError: UInt32, CaseIterable, Sendable {
  /// the type argument is not a value of the type enum
  case invalidType = 0
  /// the surface has 64 recognizers or the client 1024
  case tooManyRecognizers = 1
  /// the surface has a role that never receives touch input
  case invalidSurface = 2
  /// the surface already has a system gesture surface object
  case systemGestureSurfaceExists = 3

  /// The entry's name in the protocol XML.
  var xmlName: String {
    switch self {
    case .invalidType: "invalid_type"
    case .tooManyRecognizers: "too_many_recognizers"
    case .invalidSurface: "invalid_surface"
    case .systemGestureSurfaceExists: "system_gesture_surface_exists"
    }
  }

  /// The entry's summary in the protocol XML.
  var summary: String {
    switch self {
    case .invalidType: "the type argument is not a value of the type enum"
    case .tooManyRecognizers: "the surface has 64 recognizers or the client 1024"
    case .invalidSurface: "the surface has a role that never receives touch input"
    case .systemGestureSurfaceExists: "the surface already has a system gesture surface object"
    }
  }

  /// The interface version the entry came with (its `since`; 1 for the first).
  var since: UInt32 {
    switch self {
    case .invalidType: 1
    case .tooManyRecognizers: 1
    case .invalidSurface: 1
    case .systemGestureSurfaceExists: 2
    }
  }
}

/// `gesture_bridge_manager_v1.type`: recognizer type.
enum WireManagerType: UInt32, CaseIterable, Sendable {
  /// discrete; like UITapGestureRecognizer
  case tap = 1
  /// continuous; like UILongPressGestureRecognizer
  case longPress = 2
  /// continuous; like UIPanGestureRecognizer
  case pan = 3
  /// continuous; like UIPinchGestureRecognizer
  case pinch = 4
  /// continuous; like UIRotationGestureRecognizer
  case rotation = 5
  /// discrete; like UISwipeGestureRecognizer
  case swipe = 6
  /// continuous; like UIScreenEdgePanGestureRecognizer
  case screenEdgePan = 7
  /// continuous; translation, scale and rotation together
  case transform = 8

  /// The entry's name in the protocol XML.
  var xmlName: String {
    switch self {
    case .tap: "tap"
    case .longPress: "long_press"
    case .pan: "pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .swipe: "swipe"
    case .screenEdgePan: "screen_edge_pan"
    case .transform: "transform"
    }
  }

  /// The entry's summary in the protocol XML.
  var summary: String {
    switch self {
    case .tap: "discrete; like UITapGestureRecognizer"
    case .longPress: "continuous; like UILongPressGestureRecognizer"
    case .pan: "continuous; like UIPanGestureRecognizer"
    case .pinch: "continuous; like UIPinchGestureRecognizer"
    case .rotation: "continuous; like UIRotationGestureRecognizer"
    case .swipe: "discrete; like UISwipeGestureRecognizer"
    case .screenEdgePan: "continuous; like UIScreenEdgePanGestureRecognizer"
    case .transform: "continuous; translation, scale and rotation together"
    }
  }

  /// The interface version the entry came with (its `since`; 1 for the first).
  var since: UInt32 {
    switch self {
    case .tap: 1
    case .longPress: 1
    case .pan: 1
    case .pinch: 1
    case .rotation: 1
    case .swipe: 1
    case .screenEdgePan: 1
    case .transform: 3
    }
  }
}

/// `gesture_bridge_system_gesture_surface_v1.error`.
enum WireSystemGestureSurfaceError: UInt32, CaseIterable, Sendable {
  /// the edges value has bits outside the edges enum
  case invalidEdges = 0

  /// The entry's name in the protocol XML.
  var xmlName: String {
    switch self {
    case .invalidEdges: "invalid_edges"
    }
  }

  /// The entry's summary in the protocol XML.
  var summary: String {
    switch self {
    case .invalidEdges: "the edges value has bits outside the edges enum"
    }
  }

  /// The interface version the entry came with (its `since`; 1 for the first).
  var since: UInt32 {
    switch self {
    case .invalidEdges: 1
    }
  }
}

/// `gesture_bridge_recognizer_v1.error`.
enum WireRecognizerError: UInt32, CaseIterable, Sendable {
  /// the parameter does not apply to the recognizer's type
  case notApplicable = 0
  /// a value is out of range or inconsistent
  case invalidValue = 1
  /// relation to itself, or require_failure_of cycle
  case invalidRelation = 2
  /// relation to an inert recognizer
  case inertRelation = 3
  /// relation to a recognizer of another client
  case foreignRecognizer = 4

  /// The entry's name in the protocol XML.
  var xmlName: String {
    switch self {
    case .notApplicable: "not_applicable"
    case .invalidValue: "invalid_value"
    case .invalidRelation: "invalid_relation"
    case .inertRelation: "inert_relation"
    case .foreignRecognizer: "foreign_recognizer"
    }
  }

  /// The entry's summary in the protocol XML.
  var summary: String {
    switch self {
    case .notApplicable: "the parameter does not apply to the recognizer's type"
    case .invalidValue: "a value is out of range or inconsistent"
    case .invalidRelation: "relation to itself, or require_failure_of cycle"
    case .inertRelation: "relation to an inert recognizer"
    case .foreignRecognizer: "relation to a recognizer of another client"
    }
  }

  /// The interface version the entry came with (its `since`; 1 for the first).
  var since: UInt32 {
    switch self {
    case .notApplicable: 1
    case .invalidValue: 1
    case .invalidRelation: 1
    case .inertRelation: 1
    case .foreignRecognizer: 1
    }
  }
}

/// `gesture_bridge_recognizer_v1.state`: reported recognizer state.
enum WireRecognizerState: UInt32, CaseIterable, Sendable {
  /// a continuous gesture has started
  case began = 1
  /// a continuous gesture has new values
  case changed = 2
  /// a continuous gesture has finished normally
  case ended = 3
  /// a continuous gesture was cancelled; undo its effects
  case cancelled = 4
  /// the touches did not form this gesture
  case failed = 5
  /// a discrete gesture was recognized
  case recognized = 6

  /// The entry's name in the protocol XML.
  var xmlName: String {
    switch self {
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    case .recognized: "recognized"
    }
  }

  /// The entry's summary in the protocol XML.
  var summary: String {
    switch self {
    case .began: "a continuous gesture has started"
    case .changed: "a continuous gesture has new values"
    case .ended: "a continuous gesture has finished normally"
    case .cancelled: "a continuous gesture was cancelled; undo its effects"
    case .failed: "the touches did not form this gesture"
    case .recognized: "a discrete gesture was recognized"
    }
  }

  /// The interface version the entry came with (its `since`; 1 for the first).
  var since: UInt32 {
    switch self {
    case .began: 1
    case .changed: 1
    case .ended: 1
    case .cancelled: 1
    case .failed: 1
    case .recognized: 1
    }
  }
}

/// `gesture_bridge_recognizer_v1.direction`: swipe directions.
struct WireRecognizerDirection: OptionSet, Hashable, Sendable {
  let rawValue: UInt32

  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// towards increasing x
  static let right = WireRecognizerDirection(rawValue: 1)

  /// towards decreasing x
  static let left = WireRecognizerDirection(rawValue: 2)

  /// towards decreasing y
  static let up = WireRecognizerDirection(rawValue: 4)

  /// towards increasing y
  static let down = WireRecognizerDirection(rawValue: 8)

  /// The name in the protocol XML of a single entry; nil for none, several or unknown bits.
  var xmlName: String? {
    switch rawValue {
    case 1: "right"
    case 2: "left"
    case 4: "up"
    case 8: "down"
    default: nil
    }
  }
}

/// `gesture_bridge_recognizer_v1.edges`: output edges.
struct WireRecognizerEdges: OptionSet, Hashable, Sendable {
  let rawValue: UInt32

  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// top edge
  static let top = WireRecognizerEdges(rawValue: 1)

  /// left edge
  static let left = WireRecognizerEdges(rawValue: 2)

  /// bottom edge
  static let bottom = WireRecognizerEdges(rawValue: 4)

  /// right edge
  static let right = WireRecognizerEdges(rawValue: 8)

  /// The name in the protocol XML of a single entry; nil for none, several or unknown bits.
  var xmlName: String? {
    switch rawValue {
    case 1: "top"
    case 2: "left"
    case 4: "bottom"
    case 8: "right"
    default: nil
    }
  }
}
