import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client

/// A gesture recognizer that runs in the compositor on one of the app's `wl_surface`s (a
/// `gesture_bridge_recognizer_v1`). Create one with `GestureBridgeClient.recognizer(_:on:name:)`
/// and the subclass of the kind (`TapRecognizer.self`, ...), or with
/// `GestureBridgeClient.recognizer(of:on:name:)` and a `GestureKind`; set its properties,
/// relations and region, then call `commit()`.
///
/// Properties are pending until `commit()`: it checks every value, then sends the requests for
/// the values that differ from what the compositor already has (the protocol's defaults at
/// first), the pending relations, and `commit`. `setRegion(_:)` is the exception: it sends its
/// request at once (see there). State changes arrive as `Gesture` values through `onGesture`
/// (and the client's `onGesture`) while the app dispatches the display's default queue.
///
/// The client keeps every recognizer alive until `destroy()` or until the client is released.
/// Not thread-safe: use it on the thread that dispatches the display.
public class CompositorGestureRecognizer {
  /// The app's name for this recognizer, carried by its gestures.
  public let name: String
  /// The kind of gesture it recognizes.
  public let kind: GestureKind
  /// Called with each state change, after the client's `onGesture`.
  public var onGesture: ((Gesture) -> Void)?

  /// UIKit `cancelsTouchesInView` (protocol `set_cancels_touches`); default true.
  public var cancelsTouchesInView = true
  /// UIKit `delaysTouchesBegan` (protocol `set_delays_touches_began`); default false.
  public var delaysTouchesBegan = false
  /// UIKit `delaysTouchesEnded` (protocol `set_delays_touches_ended`); default true.
  public var delaysTouchesEnded = true
  /// UIKit `isEnabled` (protocol `set_enabled`); default true. Disabling takes effect at the
  /// commit, also for a gesture in progress (the compositor reports cancelled or failed).
  public var isEnabled = true

  weak var client: GestureBridgeClient?
  var proxy: OpaquePointer?
  var assembler: GestureAssembler
  private var committed: [WireRecognizerParameter: RecognizerRequest] = [:]
  private var pendingFailureRequirements: [CompositorGestureRecognizer] = []
  private var pendingSimultaneousPartners: [CompositorGestureRecognizer] = []
  /// Recognizers this one requires to fail, as committed (for the cycle check).
  private var committedFailureRequirements: [WeakRecognizer] = []

  required init(
    name: String, kind: GestureKind, proxy: OpaquePointer, client: GestureBridgeClient
  ) {
    self.name = name
    self.kind = kind
    self.proxy = proxy
    self.client = client
    assembler = GestureAssembler(recognizerName: name, kind: kind)
    // The defaults of every property are the protocol's defaults: they are what the compositor
    // has before the first commit. Default values always pass the checks.
    let defaults = (try? allRequests()) ?? []
    for request in defaults { committed[request.parameter] = request }
    gesture_bridge_recognizer_v1_add_listener(
      proxy, recognizerListener, Unmanaged.passUnretained(self).toOpaque())
    client.adopt(self)
  }

  /// Whether `destroy()` was called (directly or by the client going away).
  public var isDestroyed: Bool { proxy == nil }

  /// The protocol object's id on the connection (0 once destroyed), as named in protocol
  /// errors.
  public var objectID: UInt32 { proxy.map { wl_proxy_get_id($0) } ?? 0 }

  /// The requests for the kind's own parameters, checked; subclasses override it.
  func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] { [] }

  private func allRequests() throws -> [RecognizerRequest] {
    try parameterRequests(ParameterCheck(recognizer: name)) + [
      .cancelsTouches(enabled: cancelsTouchesInView ? 1 : 0),
      .delaysTouchesBegan(enabled: delaysTouchesBegan ? 1 : 0),
      .delaysTouchesEnded(enabled: delaysTouchesEnded ? 1 : 0),
      .enabled(enabled: isEnabled ? 1 : 0),
    ]
  }

  /// Pending: from the next commit on, this recognizer waits for `other` to fail before it is
  /// recognized or begins, and fails if `other` is recognized or begins (UIKit
  /// `require(toFail:)`). Throws, sending nothing, if `other` is this recognizer, is destroyed
  /// or belongs to another client; `commit()` throws if the relations would form a cycle.
  public func require(toFail other: CompositorGestureRecognizer) throws {
    try checkRelation(to: other)
    pendingFailureRequirements.append(other)
  }

  /// Pending: from the next commit on, this recognizer and `other` may both be recognized or in
  /// began/changed during the same touch sequence (UIKit's delegate
  /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` returning true; symmetric).
  /// Throws, sending nothing, if `other` is this recognizer, is destroyed or belongs to another
  /// client.
  public func recognizeSimultaneously(with other: CompositorGestureRecognizer) throws {
    try checkRelation(to: other)
    pendingSimultaneousPartners.append(other)
  }

  /// Limits where touches must go down to be seen by this recognizer to `region` (a
  /// `wl_region` of the app, surface-local), or to the whole surface for nil (the default).
  /// Sends `set_region` at once, because the compositor copies the region then: the app may
  /// destroy its `wl_region` right after this call. Takes effect at the next `commit()`.
  public func setRegion(_ region: OpaquePointer?) throws {
    guard let proxy else { throw GestureBridgeError.recognizerDestroyed(recognizer: name) }
    gesture_bridge_recognizer_v1_set_region(proxy, region)
    client?.flush()
  }

  /// Checks every pending value and relation, then sends the changed parameters, the pending
  /// relations and `commit`, and flushes the connection (`GestureBridgeClient.flush()`). Throws
  /// `invalidValue`, `invalidRelation`, `recognizerDestroyed`, or `unsupportedVersion` for a
  /// changed parameter that the bound version does not carry for the kind (the request's Types
  /// line in the protocol XML), without sending anything.
  /// Errors the compositor finds arrive later, as the connection's protocol error (see
  /// `GestureBridgeClient.connectionError`).
  public func commit() throws {
    guard let proxy, let client else {
      throw GestureBridgeError.recognizerDestroyed(recognizer: name)
    }
    let requests = try allRequests()
    for request in requests where committed[request.parameter] != request {
      try client.checkApplies(request.parameter, to: kind)
    }
    let failureRequirements = pendingFailureRequirements.filter { !$0.isDestroyed }
    let partners = pendingSimultaneousPartners.filter { !$0.isDestroyed }
    for other in failureRequirements where other.requiresFailure(of: self) {
      throw GestureBridgeError.invalidRelation(
        recognizer: name,
        reason: "require(toFail: \(other.name)) would form a cycle of require(toFail:) relations")
    }
    for request in requests where committed[request.parameter] != request {
      request.send(to: proxy)
      committed[request.parameter] = request
    }
    for other in failureRequirements {
      guard let otherProxy = other.proxy else { continue }
      gesture_bridge_recognizer_v1_require_failure_of(proxy, otherProxy)
      committedFailureRequirements.append(WeakRecognizer(other))
    }
    for other in partners {
      guard let otherProxy = other.proxy else { continue }
      gesture_bridge_recognizer_v1_recognize_simultaneously_with(proxy, otherProxy)
    }
    pendingFailureRequirements = []
    pendingSimultaneousPartners = []
    gesture_bridge_recognizer_v1_commit(proxy)
    client.flush()
  }

  /// Destroys the protocol object: the compositor stops evaluating touches for it at once and
  /// sends nothing more; relations naming it are removed. Later calls do nothing.
  public func destroy() {
    guard let proxy else { return }
    gesture_bridge_recognizer_v1_destroy(proxy)
    self.proxy = nil
    client?.forget(self)
    client?.flush()
  }

  /// Whether this recognizer requires, directly or through others, `target` to fail (committed
  /// or pending relations).
  private func requiresFailure(of target: CompositorGestureRecognizer) -> Bool {
    var visited: Set<ObjectIdentifier> = []
    var stack: [CompositorGestureRecognizer] = [self]
    while let current = stack.popLast() {
      if current === target { return true }
      guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
      stack.append(contentsOf: current.pendingFailureRequirements)
      stack.append(contentsOf: current.committedFailureRequirements.compactMap(\.recognizer))
    }
    return false
  }

  private func checkRelation(to other: CompositorGestureRecognizer) throws {
    guard proxy != nil else { throw GestureBridgeError.recognizerDestroyed(recognizer: name) }
    guard other !== self else {
      throw GestureBridgeError.invalidRelation(recognizer: name, reason: "relation to itself")
    }
    guard !other.isDestroyed else {
      throw GestureBridgeError.invalidRelation(
        recognizer: name, reason: "\(other.name) was destroyed")
    }
    guard let client, other.client === client else {
      throw GestureBridgeError.invalidRelation(
        recognizer: name, reason: "\(other.name) belongs to another GestureBridgeClient")
    }
  }

  /// The generated listener's receiver (RecognizerEvent.swift): `data` is the recognizer.
  /// Value events go to its assembler; a frame delivers the gesture.
  static func receive(_ data: UnsafeMutableRawPointer?, _ event: RecognizerEvent) {
    guard let target = recognizer(data), let gesture = target.assembler.receive(event) else {
      return
    }
    target.client?.onGesture?(gesture)
    target.onGesture?(gesture)
  }
}

/// A weak reference to a recognizer, for relation bookkeeping.
struct WeakRecognizer {
  weak var recognizer: CompositorGestureRecognizer?

  init(_ recognizer: CompositorGestureRecognizer) {
    self.recognizer = recognizer
  }
}

// MARK: - Listener user data (the recognizer; the listener is generated)

private func recognizer(_ data: UnsafeMutableRawPointer?) -> CompositorGestureRecognizer? {
  data.map { Unmanaged<CompositorGestureRecognizer>.fromOpaque($0).takeUnretainedValue() }
}

/// A `CompositorGestureRecognizer` subclass of one kind, as every built-in one is: what
/// `GestureBridgeClient.recognizer(_:on:name:)` creates.
public protocol KindedRecognizer: CompositorGestureRecognizer {
  /// The kind the class recognizes.
  static var recognizerKind: GestureKind { get }
}
