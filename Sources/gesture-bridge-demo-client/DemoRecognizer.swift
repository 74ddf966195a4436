// SPDX-License-Identifier: MIT
import ArgumentParser
import GestureBridgeClient

/// A recognizer the demo client can attach, by the name it prints for it: one of every kind
/// the client library knows (`GestureKind.allCases`, the protocol XML's type enum, named as
/// in `gesture-bridge replay --format json`), and the double tap (a tap of two taps, which the
/// single tap requires to fail). A kind added to the protocol is a choice here without a line.
struct DemoRecognizer: Hashable, ExpressibleByArgument {
  /// The kind of compositor recognizer it is.
  let kind: GestureKind
  /// The name it prints and `--recognizer` takes.
  let name: String

  /// The recognizer of `kind`, named after it.
  init(_ kind: GestureKind) {
    self.kind = kind
    name = kind.jsonName
  }

  private init(kind: GestureKind, name: String) {
    self.kind = kind
    self.name = name
  }

  init?(argument: String) {
    guard let found = Self.allCases.first(where: { $0.name == argument }) else { return nil }
    self = found
  }

  static var allValueStrings: [String] { allCases.map(\.name) }

  /// Two taps; the single tap requires it to fail.
  static let doubleTap = DemoRecognizer(kind: .tap, name: "double-tap")

  /// Every choice: the kinds in the protocol's order, the double tap after the tap.
  static let allCases: [DemoRecognizer] = GestureKind.allCases.flatMap { kind in
    kind == .tap ? [DemoRecognizer(kind), doubleTap] : [DemoRecognizer(kind)]
  }

  /// tap, double-tap (tap requires it to fail), long-press, pan, pinch and rotation
  /// (simultaneous), swipe.
  static let defaultSet: [DemoRecognizer] = [
    DemoRecognizer(.tap), doubleTap, DemoRecognizer(.longPress), DemoRecognizer(.pan),
    DemoRecognizer(.pinch), DemoRecognizer(.rotation), DemoRecognizer(.swipe),
  ]
}
