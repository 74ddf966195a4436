// SPDX-License-Identifier: MIT
/// A rectangular region of the screen that touches are hit-tested against, with the
/// recognizers attached to it (UIKit's `UIView`, reduced to what gestures need).
///
/// Views form a tree: `frame` is in the superview's coordinates; the root view's frame is in
/// screen coordinates. A view does not draw; the host tells the engine what stands where.
public final class View {
  /// A name for diagnostics and scene files.
  public var name: String
  /// The view's rectangle in its superview's coordinates (screen coordinates for a root).
  public var frame: Rect {
    get { storedFrame }
    set { storedFrame = newValue }
  }
  /// When false, the view and its subviews are skipped by hit-testing.
  public var isUserInteractionEnabled: Bool {
    get { storedInteraction }
    set { storedInteraction = newValue }
  }
  /// Held weakly: a view holds its subviews, not the other way round.
  public private(set) var superview: View? {
    get { storedSuperview }
    set { storedSuperview = newValue }
  }
  /// Subviews, back to front: the last one is on top and is hit-tested first.
  public var subviews: [View] { storedSubviews }
  /// The recognizers attached to this view, in the order they were added.
  public var gestureRecognizers: [GestureRecognizer] { storedRecognizers }
  /// Receives the touches the engine delivers to this view, regulated by the recognizers'
  /// `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded`. Held weakly.
  /// It hears the touches that begin in the view while it is set, each from its `began`: one
  /// set while a finger is down hears the fingers that touch down after, never a touch
  /// halfway; one removed (or freed) hears nothing more.
  public var touchObserver: (any ViewTouchObserver)? {
    get { storedObserver }
    set { storedObserver = newValue }
  }

  // The storage of the public properties above: internal, so the compiler sees every access
  // and checks their exclusivity when compiling (a public stored property of a class is
  // checked at run time on every read; hit tests and deliveries read these per touch).
  private var storedFrame: Rect
  private var storedInteraction = true
  private weak var storedSuperview: View?
  private var storedSubviews: [View] = []
  private var storedRecognizers: [GestureRecognizer] = []
  private weak var storedObserver: (any ViewTouchObserver)?

  /// The weak reference to this view its touches hold (see `ViewReference`).
  let reference = ViewReference()

  public init(name: String = "view", frame: Rect) {
    self.name = name
    storedFrame = frame
    reference.view = self
  }

  /// The view's own coordinate space: its frame's size at the origin.
  deinit {
    reference.isViewAlive = false
  }

  public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

  // MARK: Tree

  public func addSubview(_ view: View) {
    precondition(view !== self, "a view cannot be its own subview")
    view.removeFromSuperview()
    var subviews: [View] = []
    swap(&subviews, &storedSubviews)
    subviews.append(view)
    swap(&subviews, &storedSubviews)
    view.superview = self
  }

  public func removeFromSuperview() {
    guard let parent = superview else { return }
    // (Each list is taken out while it changes: no access to it spans a call, so every
    // access is checked when compiling.)
    var siblings: [View] = []
    swap(&siblings, &parent.storedSubviews)
    siblings.removeAll { $0 === self }
    swap(&siblings, &parent.storedSubviews)
    superview = nil
  }

  /// Whether `self` is `view` or one of its descendants.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  // MARK: Recognizers

  /// Attaches `recognizer` (detaching it from any other view first). Touches that began
  /// before it was added are not delivered to it.
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if let old = recognizer.view { old.removeGestureRecognizer(recognizer) }
    var recognizers: [GestureRecognizer] = []
    swap(&recognizers, &storedRecognizers)
    recognizers.append(recognizer)
    swap(&recognizers, &storedRecognizers)
    recognizer.view = self
  }

  /// Detaches `recognizer`. A gesture it is recognizing is cancelled first, as when it is
  /// disabled.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
    recognizer.engine?.recognizerWithdrawn(recognizer)
    var recognizers: [GestureRecognizer] = []
    swap(&recognizers, &storedRecognizers)
    recognizers.remove(at: index)
    swap(&recognizers, &storedRecognizers)
    recognizer.view = nil
  }

  // MARK: Geometry

  /// This view's origin in screen coordinates.
  public var screenOrigin: Point {
    var origin = frame.origin
    var current = superview
    while let view = current {
      origin += view.frame.origin
      current = view.superview
    }
    return origin
  }

  /// Converts a point from screen coordinates into this view's coordinates.
  public func convert(fromScreen point: Point) -> Point { point - screenOrigin }

  /// Converts a point from this view's coordinates into screen coordinates.
  public func convert(toScreen point: Point) -> Point { point + screenOrigin }

  /// Converts `point` from this view's coordinates into `view`'s (`nil`: screen).
  public func convert(_ point: Point, to view: View?) -> Point {
    let screen = convert(toScreen: point)
    return view?.convert(fromScreen: screen) ?? screen
  }

  /// The deepest visible, interaction-enabled view containing `point`, given in the
  /// superview's coordinates (screen coordinates for a root); `nil` when outside.
  /// Later subviews are on top and are tried first.
  public func hitTest(_ point: Point) -> View? {
    guard isUserInteractionEnabled, frame.contains(point) else { return nil }
    let local = point - frame.origin
    for subview in subviews.reversed() {
      if let hit = subview.hitTest(local) { return hit }
    }
    return self
  }
}
