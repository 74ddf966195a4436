// SPDX-License-Identifier: MIT
import GestureCore

/// The bridge's book on one touch of the host: the surface it went down on, where it is, and
/// where its events to the surface's client stand.
struct ActiveTouch {
  var hostID: Int32
  var surface: SurfaceRecord?
  var screenPoint: Point
  var isLive = true
  /// Which system recognizers the touch reaches (what its surface deferred).
  var systemAdmission = SystemGestureGate.Admission.all
  /// Where the touch stands with the client's wl_touch.
  var clientStream = ClientStream.notOpen

  /// A touch's events to its client's wl_touch: one state, moved by `open`, `close` and
  /// `cancel` (a move the state does not allow is a programming error).
  enum ClientStream: Equatable {
    /// No down delivered yet, or its up went out: the client knows no id for it.
    case notOpen
    /// Its down went out: the client's wl_touch knows it by `id` until its up.
    case open(id: Int32)
    /// The client got wl_touch.cancel while the touch was open or pending: nothing more of it
    /// goes out.
    case cancelled

    /// The id the client knows the touch by, while it is open.
    var id: Int32? {
      if case .open(let id) = self { id } else { nil }
    }

    mutating func open(id: Int32) {
      precondition(self == .notOpen, "a touch opened twice for its client (\(self))")
      self = .open(id: id)
    }

    /// Its up went out.
    mutating func close() {
      precondition(id != nil, "an up for a touch not open for its client (\(self))")
      self = .notOpen
    }

    mutating func cancel() { self = .cancelled }
  }
}
