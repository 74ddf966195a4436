// SPDX-License-Identifier: MIT
/// The events a `TestClient` received for one or more of its recognizers, in arrival order
/// (several recognizers may share one log to show the order of their events).
public final class RecognizerEventLog {
  public var events: [RecognizerEvent] = []

  public init() {}

  /// The generated listener's receiver (RecognizerEvent.swift): `data` is the log.
  static func receive(_ data: UnsafeMutableRawPointer?, _ event: RecognizerEvent) {
    guard let data else { return }
    Unmanaged<RecognizerEventLog>.fromOpaque(data).takeUnretainedValue().events.append(event)
  }

  /// The states of the frame events, in order.
  public var frameStates: [UInt32] {
    events.compactMap { if case .frame(let state, _) = $0 { state } else { nil } }
  }
}
