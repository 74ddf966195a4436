// SPDX-License-Identifier: MIT

/// The kind of gesture a compositor recognizer recognizes: the protocol's
/// `gesture_bridge_manager_v1.type`, generated from the protocol XML into ProtocolEnums.swift
/// (the compositor side has its own copy; the client library does not link GestureCore,
/// whose `RecognizerKind` is the compositor's recognizer catalogue, a type of another name):
/// one case per entry of the XML's `type` enum, with `since`, the protocol version that
/// brought it.
public typealias GestureKind = WireManagerType

extension GestureKind {
  /// The name used by `gesture-bridge replay --format json` ("tap", "long-press", ...): the
  /// XML's name with hyphens.
  public var jsonName: String { String(xmlName.map { $0 == "_" ? "-" : $0 }) }

  /// Whether the kind goes from possible straight to recognized: the protocol XML says so,
  /// its entry's summary begins with "discrete;" (tap, swipe).
  public var isDiscrete: Bool { summary.hasPrefix("discrete;") }

  /// The library's class for the kind, whose instances `GestureBridgeClient.recognizer(_:on:name:)`
  /// creates. One case a kind of the protocol XML: a new entry of its type enum is a compile error
  /// here until the library has its class.
  public var recognizerClass: any KindedRecognizer.Type {
    switch self {
    case .tap: TapRecognizer.self
    case .longPress: LongPressRecognizer.self
    case .pan: PanRecognizer.self
    case .pinch: PinchRecognizer.self
    case .rotation: RotationRecognizer.self
    case .swipe: SwipeRecognizer.self
    case .screenEdgePan: ScreenEdgePanRecognizer.self
    case .transform: TransformRecognizer.self
    }
  }
}
