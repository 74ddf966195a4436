// SPDX-License-Identifier: MIT
import GestureBindings
import GestureCore
import GestureScene

/// The system recognizers of one config's scene, on the bridge's root view (an ancestor of
/// every surface's view, and the view of touches over no surface), so they see every touch
/// of the seat: over surfaces of clients with or without recognizers, and over no surface.
///
/// The scene's views are in the host's global coordinates. They are not part of the
/// bridge's view tree: a detached copy (`Scene`) answers which recognizers a touch reaches
/// (the scene's own hit test, as in `gesture-bridge run`: the view hit and its ancestors),
/// through the recognizers' delegate, and the coordinates reports use (the location in the
/// recognizer's scene view). Every recognizer has `GesturePrecedence.system`: the arena's
/// rule makes it take precedence over the clients' recognizers.
///
/// A config's lisgd bindings are one more system recognizer on the root view
/// (`LisgdGestureRecognizer`), outside the scene: it sees every touch the surfaces under them
/// admit, and counts as starting from the edges its bindings name.
final class SystemGestureSet: GestureRecognizerDelegate {
  let scene: Scene
  private let root: View
  private var sceneViews: [ObjectIdentifier: View] = [:]
  /// The scene's own delegate (its `recognizesSimultaneouslyWith` pairs).
  private let sceneDelegates: [ObjectIdentifier: any GestureRecognizerDelegate]
  /// Whether the surface under a touch lets a recognizer starting from these screen edges
  /// (none: not an edge gesture) have it (its exclusion region and deferred edges,
  /// `SystemGestureGate`).
  private let admits: (RectEdge, Touch) -> Bool
  /// The screen edges each recognizer starts from: its `edges` parameter, for the kinds that
  /// take one.
  private var startEdges: [ObjectIdentifier: RectEdge] = [:]
  /// The lisgd bindings' recognizer, if the config has them.
  private let lisgd: LisgdGestureRecognizer?

  /// Builds the scene's recognizers and attaches them to `root`; `report` gets a
  /// `GestureReport` (location in the recognizer's scene view, `time()` as its time) and
  /// the recognizer on every state change that runs actions (began, changed, ended or
  /// recognized, cancelled). `admits` says whether the surface a touch goes down on lets a
  /// recognizer starting from the given screen edges have the touch. `lisgdReport` gets the
  /// lisgd recognizer on each of its state changes that runs actions (its `firedBinding` is
  /// the binding to run).
  init(
    _ description: SceneDescription, lisgd lisgdOptions: LisgdOptions? = nil, root: View,
    time: @escaping () -> Int64, admits: @escaping (RectEdge, Touch) -> Bool,
    report: @escaping (GestureReport, GestureRecognizer) -> Void,
    lisgdReport: @escaping (LisgdGestureRecognizer) -> Void = { _ in }
  ) {
    scene = Scene(description)
    self.root = root
    self.admits = admits
    lisgd = lisgdOptions.map(LisgdGestureRecognizer.init(options:))
    var delegates: [ObjectIdentifier: any GestureRecognizerDelegate] = [:]
    let edges = Dictionary(
      description.allRecognizers.map { ($0.name, $0.parameters.edges ?? []) },
      uniquingKeysWith: { first, _ in first })
    for entry in scene.recognizers {
      let id = ObjectIdentifier(entry.recognizer)
      sceneViews[id] = entry.view
      if entry.type.takes(.edges) { startEdges[id] = edges[entry.name] ?? [] }
      if let delegate = entry.recognizer.delegate { delegates[id] = delegate }
    }
    sceneDelegates = delegates
    for entry in scene.recognizers {
      let recognizer = entry.recognizer
      let name = entry.name
      let type = entry.type
      let view = entry.view
      recognizer.precedence = .system
      recognizer.delegate = self
      recognizer.addTarget { recognizer in
        var value = GestureReport(
          recognizer, name: name, type: type, viewName: view.name, timeMicroseconds: time())
        value.location = view.convert(fromScreen: recognizer.location(in: nil))
        report(value, recognizer)
      }
      root.addGestureRecognizer(recognizer)
    }
    if let lisgd {
      lisgd.name = "lisgd"
      lisgd.precedence = .system
      lisgd.delegate = self
      lisgd.addTarget { recognizer in
        if let recognizer = recognizer as? LisgdGestureRecognizer { lisgdReport(recognizer) }
      }
      startEdges[ObjectIdentifier(lisgd)] = Self.edges(of: lisgd.options.bindings)
      root.addGestureRecognizer(lisgd)
    }
  }

  /// The scene's recognizers, and the lisgd recognizer if any.
  var count: Int { scene.recognizers.count + (lisgd == nil ? 0 : 1) }

  /// The screen edges lisgd bindings start from (corners count for both of their edges).
  static func edges(of bindings: [LisgdBinding]) -> RectEdge {
    var edges: RectEdge = []
    for binding in bindings {
      switch binding.edge {
      case .left: edges.insert(.left)
      case .right: edges.insert(.right)
      case .top: edges.insert(.top)
      case .bottom: edges.insert(.bottom)
      case .topLeft: edges.formUnion([.top, .left])
      case .topRight: edges.formUnion([.top, .right])
      case .bottomLeft: edges.formUnion([.bottom, .left])
      case .bottomRight: edges.formUnion([.bottom, .right])
      case .any, .none: break
      }
    }
    return edges
  }

  /// Detaches every recognizer: active gestures are cancelled (their reports and bindings
  /// run), undecided ones fail, and the touches they held back are released.
  func remove() {
    for entry in scene.recognizers { root.removeGestureRecognizer(entry.recognizer) }
    if let lisgd { root.removeGestureRecognizer(lisgd) }
  }

  // MARK: GestureRecognizerDelegate

  /// A touch reaches a recognizer when the scene's hit test at the touch's point lands in the
  /// recognizer's scene view or one of its subviews (as in `gesture-bridge run`), and the
  /// surface it goes down on did not exclude it or defer its edge (`admits`). The lisgd
  /// recognizer gets every touch `admits` lets through.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    let id = ObjectIdentifier(recognizer)
    if recognizer === lisgd { return admits(startEdges[id] ?? [], touch) }
    guard let target = sceneViews[id], admits(startEdges[id] ?? [], touch) else { return false }
    var current = scene.rootView.hitTest(touch.screenLocation)
    while let view = current {
      if view === target { return true }
      current = view.superview
    }
    return false
  }

  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    sceneDelegates[ObjectIdentifier(recognizer)]?.gestureRecognizer(
      recognizer, shouldRecognizeSimultaneouslyWith: other) ?? false
  }
}
