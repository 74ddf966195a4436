import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client

/// A gesture recognizer that runs in the compositor on one of the app's `wl_surface`s (a
/// `gesture_bridge_recognizer_v1`). Create one with `GestureBridgeClient.recognizer(_:on:name:)`
/// and the subclass of the kind (`TapRecognizer.self`, ...; or the shortcuts
/// `tapRecognizer(on:name:)`, ...); set its properties,
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
  public let kind: RecognizerKind
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
  private var committed: [RecognizerRequest.Key: RecognizerRequest] = [:]
  private var pendingFailureRequirements: [CompositorGestureRecognizer] = []
  private var pendingSimultaneousPartners: [CompositorGestureRecognizer] = []
  /// Recognizers this one requires to fail, as committed (for the cycle check).
  private var committedFailureRequirements: [WeakRecognizer] = []

  required init(
    name: String, kind: RecognizerKind, proxy: OpaquePointer, client: GestureBridgeClient
  ) {
    self.name = name
    self.kind = kind
    self.proxy = proxy
    self.client = client
    assembler = GestureAssembler(recognizerName: name, kind: kind)
    // The defaults of every property are the protocol's defaults: they are what the compositor
    // has before the first commit. Default values always pass the checks.
    let defaults = (try? allRequests()) ?? []
    for request in defaults { committed[request.key] = request }
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
    try parameterRequests(ParameterCheck(recognizer: name, version: client?.version ?? 1)) + [
      .cancelsTouches(cancelsTouchesInView), .delaysTouchesBegan(delaysTouchesBegan),
      .delaysTouchesEnded(delaysTouchesEnded), .enabled(isEnabled),
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
  /// `invalidValue`, `invalidRelation` or `recognizerDestroyed` without sending anything.
  /// Errors the compositor finds arrive later, as the connection's protocol error (see
  /// `GestureBridgeClient.connectionError`).
  public func commit() throws {
    guard let proxy, let client else {
      throw GestureBridgeError.recognizerDestroyed(recognizer: name)
    }
    let requests = try allRequests()
    let failureRequirements = pendingFailureRequirements.filter { !$0.isDestroyed }
    let partners = pendingSimultaneousPartners.filter { !$0.isDestroyed }
    for other in failureRequirements where other.requiresFailure(of: self) {
      throw GestureBridgeError.invalidRelation(
        recognizer: name,
        reason: "require(toFail: \(other.name)) would form a cycle of require(toFail:) relations")
    }
    for request in requests where committed[request.key] != request {
      request.send(to: proxy)
      committed[request.key] = request
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

  fileprivate func deliver(_ gesture: Gesture) {
    client?.onGesture?(gesture)
    onGesture?(gesture)
  }
}

/// A weak reference to a recognizer, for relation bookkeeping.
struct WeakRecognizer {
  weak var recognizer: CompositorGestureRecognizer?

  init(_ recognizer: CompositorGestureRecognizer) {
    self.recognizer = recognizer
  }
}

// MARK: - Listener (C function pointers without captures; the recognizer is the user data)

private func recognizer(_ data: UnsafeMutableRawPointer?) -> CompositorGestureRecognizer? {
  data.map { Unmanaged<CompositorGestureRecognizer>.fromOpaque($0).takeUnretainedValue() }
}

nonisolated(unsafe) private let recognizerListener:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener> = {
    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: gesture_bridge_recognizer_v1_listener(
        location: { data, _, x, y in
          recognizer(data)?.assembler.location(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        touches: { data, _, number in recognizer(data)?.assembler.touches(number) },
        translation: { data, _, dx, dy in
          recognizer(data)?.assembler.translation(
            dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy))
        },
        velocity: { data, _, vx, vy in
          recognizer(data)?.assembler.velocity(
            vx: wl_fixed_to_double(vx), vy: wl_fixed_to_double(vy))
        },
        scale: { data, _, scale, velocity in
          recognizer(data)?.assembler.scale(
            wl_fixed_to_double(scale), velocity: wl_fixed_to_double(velocity))
        },
        rotation: { data, _, rotation, velocity in
          recognizer(data)?.assembler.rotation(
            wl_fixed_to_double(rotation), velocity: wl_fixed_to_double(velocity))
        },
        direction: { data, _, bits in recognizer(data)?.assembler.direction(bits) },
        taps: { data, _, number in recognizer(data)?.assembler.taps(number) },
        frame: { data, _, state, high, low in
          guard let target = recognizer(data),
            let gesture = target.assembler.frame(state: state, high: high, low: low)
          else { return }
          target.deliver(gesture)
        }))
    return pointer
  }()

/// A `CompositorGestureRecognizer` subclass of one kind, as every built-in one is: what
/// `GestureBridgeClient.recognizer(_:on:name:)` creates.
public protocol KindedRecognizer: CompositorGestureRecognizer {
  /// The kind the class recognizes.
  static var recognizerKind: RecognizerKind { get }
}
