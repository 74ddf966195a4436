// SPDX-License-Identifier: MIT
import GestureCore

/// The live objects of a `SceneDescription`: a root view the size of the screen holding the
/// scene's views (children nested), each with its recognizers configured as described,
/// failure requirements set with `require(toFail:)`, and the `recognizesSimultaneouslyWith`
/// pairs allowed by a delegate the scene owns (set on the recognizers of those pairs).
///
/// Hand `rootView` to a `GestureEngine`; `addReportAction(time:_:)` turns every state change
/// of every recognizer into a `GestureReport`.
public final class Scene {
  public let definition: SceneDescription
  /// The screen: frame (0, 0, width, height); the top-level views are its subviews.
  public let rootView: View
  /// Every recognizer, depth first in file order.
  public private(set) var recognizers: [SceneRecognizer] = []
  private let delegate = SceneSimultaneityDelegate()

  public init(_ definition: SceneDescription) {
    self.definition = definition
    rootView = View(
      name: "screen",
      frame: Rect(
        x: 0, y: 0, width: Double(definition.screenWidth),
        height: Double(definition.screenHeight)))
    for view in definition.views { build(view, in: rootView) }
    var byName: [String: GestureRecognizer] = [:]
    for entry in recognizers { byName[entry.name] = entry.recognizer }
    for described in definition.allRecognizers {
      guard let recognizer = byName[described.name] else { continue }
      for name in described.requiresFailureOf {
        if let other = byName[name], other !== recognizer { recognizer.require(toFail: other) }
      }
      for name in described.recognizesSimultaneouslyWith {
        guard let other = byName[name], other !== recognizer else { continue }
        delegate.allow(recognizer, other)
        // Only the recognizers of a pair get the delegate: the others keep UIKit's defaults
        // without one, and the engine loads no weakly held delegate to ask them.
        recognizer.delegate = delegate
        other.delegate = delegate
      }
    }
  }

  /// The recognizer named `name`, if the scene has one.
  public func recognizer(named name: String) -> SceneRecognizer? {
    recognizers.first { $0.name == name }
  }

  /// Calls `report` with a `GestureReport` on every state change of every recognizer that
  /// sends actions (all but failing); `time` gives the report's time in microseconds.
  public func addReportAction(
    time: @escaping () -> Int64, _ report: @escaping (GestureReport) -> Void
  ) {
    for entry in recognizers {
      let name = entry.name
      let type = entry.type
      let viewName = entry.view.name
      entry.recognizer.addTarget { recognizer in
        report(
          GestureReport(
            recognizer, name: name, type: type, viewName: viewName, timeMicroseconds: time()))
      }
    }
  }

  private func build(_ described: ViewDescription, in parent: View) {
    let view = View(name: described.name, frame: described.frame)
    parent.addSubview(view)
    for recognizer in described.recognizers {
      let live = Self.makeRecognizer(recognizer)
      view.addGestureRecognizer(live)
      recognizers.append(
        SceneRecognizer(name: recognizer.name, type: recognizer.type, recognizer: live, view: view))
    }
    for child in described.children { build(child, in: view) }
  }

  /// A recognizer of the described type with the described parameters (the catalogue's
  /// factory, `RecognizerKind.makeRecognizer(_:)`); parameters left out keep the
  /// recognizer's defaults.
  static func makeRecognizer(_ described: RecognizerDescription) -> GestureRecognizer {
    let recognizer = described.type.makeRecognizer(described.parameters)
    recognizer.name = described.name
    return recognizer
  }
}
