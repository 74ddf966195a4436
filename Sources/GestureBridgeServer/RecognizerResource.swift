// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer
@_spi(GestureRecognizerSubclass) import GestureCore

/// One gesture_bridge_recognizer_v1 object: its pending and committed state, the GestureCore
/// recognizer that evaluates touches for it, and the events it sends.
///
/// The wl_resource's user data is a retained reference to this object, released when the
/// resource is destroyed. After its surface dies the recognizer is inert: every request but
/// destroy is ignored, it sends nothing and it is out of every relation.
final class RecognizerResource: GestureRecognizerDelegate {
  /// Where the object stands; it moves only forward: live -> inert -> destroyed, or live ->
  /// destroyed.
  enum Life {
    /// The wl_resource exists and the core recognizer evaluates touches for it.
    case live(resource: OpaquePointer, core: GestureRecognizer)
    /// Its surface died: every request but destroy is ignored, it sends nothing, and it is out
    /// of every relation (no core recognizer any more).
    case inert(resource: OpaquePointer)
    /// The wl_resource was destroyed (destroy request or client gone).
    case destroyed
  }

  /// The core recognizer's part in the surface's touch sequences, and whether committed state
  /// waits to be handed to it (it is handed over only when no gesture is under way).
  enum Evaluation: Equatable {
    /// No touch reached it since its last reset. `commitWaiting`: committed state waits for
    /// the surface's next sequence (fingers of another gesture are down on the surface).
    case idle(commitWaiting: Bool)
    /// It received a touch since its last reset. `commitWaiting`: committed state waits for
    /// its reset.
    case evaluating(commitWaiting: Bool)

    var isEvaluating: Bool {
      if case .evaluating = self { true } else { false }
    }

    var isCommitWaiting: Bool {
      switch self {
      case .idle(let waiting), .evaluating(let waiting): waiting
      }
    }

    /// The same part in the sequence, with committed state waiting or not.
    func commit(waiting: Bool) -> Evaluation {
      isEvaluating ? .evaluating(commitWaiting: waiting) : .idle(commitWaiting: waiting)
    }
  }

  let type: RecognizerKind
  /// The owning `wl_client`.
  let client: OpaquePointer
  private(set) weak var surface: SurfaceRecord?
  private weak var server: GestureBridgeServer?
  private(set) var life: Life
  private var evaluation = Evaluation.idle(commitWaiting: false)

  private var pending: RecognizerConfiguration
  /// nil until the first commit.
  private(set) var committed: RecognizerConfiguration?
  private var pendingFailureRequirements: [WeakBox<RecognizerResource>] = []
  private var pendingSimultaneous: [WeakBox<RecognizerResource>] = []
  private(set) var failureRequirements: [WeakBox<RecognizerResource>] = []
  private var simultaneous: [WeakBox<RecognizerResource>] = []

  /// Disabled by the bridge for the rest of a touch sequence that spans clients.
  private(set) var isSuspended = false

  /// The wl_resource; nil once destroyed.
  var resource: OpaquePointer? {
    switch life {
    case .live(let resource, _), .inert(let resource): resource
    case .destroyed: nil
    }
  }

  /// The GestureCore recognizer; nil once inert or destroyed.
  var core: GestureRecognizer? {
    if case .live(_, let core) = life { core } else { nil }
  }

  /// Whether its surface died before the resource was destroyed.
  var isInert: Bool {
    if case .inert = life { true } else { false }
  }

  init(
    type: RecognizerKind, resource: OpaquePointer, client: OpaquePointer, surface: SurfaceRecord,
    server: GestureBridgeServer
  ) {
    self.type = type
    self.client = client
    self.surface = surface
    self.server = server
    pending = RecognizerConfiguration()
    let core = type.makeRecognizer()
    core.name = "\(type.wireName)@\(wl_resource_get_id(resource))"
    life = .live(resource: resource, core: core)
    core.delegate = self
    core.addTarget { [weak self] recognizer in self?.reportStateChange(of: recognizer) }
  }

  /// The object behind a gesture_bridge_recognizer_v1 resource of this bridge, or nil.
  static func from(_ resource: OpaquePointer?) -> RecognizerResource? {
    servedObject(
      resource, gesture_bridge_recognizer_v1_interface_pointer(), recognizerImplementation)
  }

  /// Creates the wl_resource for a get_recognizer request and its object; nil when out of
  /// memory (already reported to the client).
  static func create(
    client: OpaquePointer, version: Int32, id: UInt32, type: RecognizerKind,
    surface: SurfaceRecord, server: GestureBridgeServer
  ) -> RecognizerResource? {
    guard
      let resource = wl_resource_create(
        client, gesture_bridge_recognizer_v1_interface_pointer(), version, id)
    else {
      wl_client_post_no_memory(client)
      return nil
    }
    let object = RecognizerResource(
      type: type, resource: resource, client: client, surface: surface, server: server)
    wl_resource_set_implementation(
      resource, recognizerImplementation, Unmanaged.passRetained(object).toOpaque(),
      recognizerResourceDestroyed)
    return object
  }

  /// Relations requested and not yet committed (each target once).
  var pendingRelationCount: Int { pendingFailureRequirements.count + pendingSimultaneous.count }
  /// Committed relations held, including ones to recognizers destroyed since the last commit.
  var committedRelationCount: Int { failureRequirements.count + simultaneous.count }

  // MARK: Lifecycle

  /// The surface died: the recognizer stops at once, silently, and leaves every relation.
  func becomeInert() {
    guard case .live(let resource, let core) = life else { return }
    life = .inert(resource: resource)
    detach(core)
  }

  /// The resource is being destroyed (destroy request or client gone).
  func resourceDestroyed() {
    let core = self.core
    life = .destroyed
    surface?.remove(self)
    if let core { detach(core) }
    server?.flushFrames()
  }

  /// Withdraws the core recognizer (no longer `life`'s) without any report: withheld touches
  /// it alone held are released as if it had failed.
  private func detach(_ core: GestureRecognizer) {
    core.removeTarget(nil, action: nil)
    core.view?.removeGestureRecognizer(core)
    failureRequirements.removeAll()
    simultaneous.removeAll()
    pendingFailureRequirements.removeAll()
    pendingSimultaneous.removeAll()
  }

  // MARK: Sequences and suspension

  /// A touch sequence starts on the surface: committed state waiting for it is applied.
  func sequenceWillBegin() {
    if evaluation == .idle(commitWaiting: true) { applyCommitted() }
  }

  /// Disables the recognizer until `resume()` (a sequence spanning clients).
  func suspend() {
    guard !isSuspended else { return }
    isSuspended = true
    updateEnabled()
  }

  func resume() {
    guard isSuspended else { return }
    isSuspended = false
    updateEnabled()
  }

  private func updateEnabled() {
    guard let core else { return }
    core.isEnabled = (committed?.isEnabled ?? false) && !isSuspended
  }

  private func didReset() {
    evaluation = .idle(commitWaiting: evaluation.isCommitWaiting)
    if evaluation.isCommitWaiting, let surface, surface.liveTouches == 0 { applyCommitted() }
  }

  private func applyCommitted() {
    guard let core, let committed, let surface else { return }
    evaluation = evaluation.commit(waiting: false)
    committed.parameters.apply(to: core)
    if core.view == nil { surface.view.addGestureRecognizer(core) }
    updateEnabled()
  }

  // MARK: Delegate

  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    guard !isInert, let committed, let view = recognizer.view else { return false }
    guard committed.regionContains(touch.location(in: view)) else { return false }
    evaluation = .evaluating(commitWaiting: evaluation.isCommitWaiting)
    return true
  }

  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    simultaneous.contains { $0.value?.core === other }
  }

  // MARK: Requests

  func commit() {
    guard !isInert, let resource else { return }
    if let maximum = pending.parameters.maximumNumberOfTouches,
      let minimum = pending.parameters.minimumNumberOfTouches, minimum > maximum
    {
      return ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE,
        "commit: minimum number of touches \(minimum) is above the maximum \(maximum)")
    }
    let newRequirements = pendingFailureRequirements.compactMap(\.value).filter { candidate in
      !candidate.isInert && !failureRequirements.contains { $0.value === candidate }
    }
    for target in newRequirements where target.reachesByFailureRequirement(self) {
      return ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION,
        "commit: require_failure_of recognizer \(target.resource.map(wl_resource_get_id) ?? 0) "
          + "would form a cycle of require_failure_of relations")
    }
    let wasCommitted = committed != nil
    committed = pending
    for target in newRequirements {
      Self.add(target, to: &failureRequirements)
      if let core, let other = target.core { core.require(toFail: other) }
    }
    for other in pendingSimultaneous.compactMap(\.value) where !other.isInert {
      Self.add(other, to: &simultaneous)
    }
    pendingFailureRequirements.removeAll()
    pendingSimultaneous.removeAll()
    if let surface, surface.liveTouches == 0, !evaluation.isEvaluating {
      applyCommitted()
    } else {
      evaluation = evaluation.commit(waiting: true)
      // Disabling takes effect at its commit; other state waits for the next sequence.
      if wasCommitted && !pending.isEnabled { updateEnabled() }
    }
    server?.flushFrames()
  }

  /// Whether following committed require_failure_of relations from here reaches `target`.
  private func reachesByFailureRequirement(_ target: RecognizerResource) -> Bool {
    var visited: [ObjectIdentifier] = []
    var stack: [RecognizerResource] = [self]
    while let node = stack.popLast() {
      if node === target { return true }
      let key = ObjectIdentifier(node)
      if visited.contains(key) { continue }
      visited.append(key)
      stack.append(contentsOf: node.failureRequirements.compactMap(\.value))
    }
    return false
  }

  /// Posts not_applicable unless the recognizer's kind takes `parameter` on the wire (the
  /// catalogue's `RecognizerKind.parameters`, `takesOnTheWire`); returns whether it applies.
  private func applies(_ request: String, _ parameter: RecognizerParameter) -> Bool {
    guard let resource else { return false }
    let version = UInt32(clamping: wl_resource_get_version(resource))
    if type.takesOnTheWire(parameter, version: version) { return true }
    let laterVersionsTakeIt = type.takesOnTheWire(
      parameter, version: UInt32(ManagerResource.version))
    ProtocolError.postRecognizer(
      resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE,
      "\(request): does not apply to a \(type.wireName) recognizer"
        + (laterVersionsTakeIt ? " on a binding of version \(version)" : ""))
    return false
  }

  /// Posts invalid_value with `problem` unless `valid`; returns `valid`.
  private func check(_ valid: Bool, _ request: String, _ problem: @autoclosure () -> String)
    -> Bool
  {
    guard let resource else { return false }
    if !valid {
      ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE, "\(request): \(problem())")
    }
    return valid
  }

  /// Validates a 0-or-1 property value.
  private func flag(_ value: UInt32, _ request: String) -> Bool? {
    guard check(value <= 1, request, "\(value) is neither 0 nor 1") else { return nil }
    return value == 1
  }

  func setNumberOfTapsRequired(_ taps: Int32) {
    let request = "set_number_of_taps_required"
    guard !isInert, applies(request, .numberOfTapsRequired) else { return }
    let minimum = type.minimumNumberOfTapsRequired
    guard check(taps >= minimum, request, "\(taps) is below \(minimum) for \(type.wireName)")
    else { return }
    pending.parameters.numberOfTapsRequired = Int(taps)
  }

  func setNumberOfTouchesRequired(_ touches: Int32) {
    let request = "set_number_of_touches_required"
    guard !isInert, applies(request, .numberOfTouchesRequired) else { return }
    guard check(touches >= 1, request, "\(touches) is below 1") else { return }
    pending.parameters.numberOfTouchesRequired = Int(touches)
  }

  func setMinimumPressDuration(_ microseconds: Int32) {
    let request = "set_minimum_press_duration"
    guard !isInert, applies(request, .minimumPressDuration) else { return }
    guard check(microseconds >= 0, request, "\(microseconds) us is negative") else { return }
    pending.parameters.minimumPressDuration = Double(microseconds) / 1_000_000
  }

  func setAllowableMovement(_ distance: wl_fixed_t) {
    let request = "set_allowable_movement"
    guard !isInert, applies(request, .allowableMovement) else { return }
    let value = WireValues.double(distance)
    guard check(value >= 0, request, "\(value) is negative") else { return }
    pending.parameters.allowableMovement = value
  }

  func setMinimumNumberOfTouches(_ touches: Int32) {
    let request = "set_minimum_number_of_touches"
    guard !isInert, applies(request, .minimumNumberOfTouches) else { return }
    guard check(touches >= 1, request, "\(touches) is below 1") else { return }
    pending.parameters.minimumNumberOfTouches = Int(touches)
  }

  func setMaximumNumberOfTouches(_ touches: Int32) {
    let request = "set_maximum_number_of_touches"
    guard !isInert, applies(request, .maximumNumberOfTouches) else { return }
    guard check(touches >= 0, request, "\(touches) is negative") else { return }
    // 0: no limit.
    pending.parameters.maximumNumberOfTouches = touches == 0 ? Int.max : Int(touches)
  }

  func setDirection(_ direction: UInt32) {
    let request = "set_direction"
    guard !isInert, applies(request, .direction) else { return }
    guard check(direction != 0, request, "the direction set is empty"),
      check(direction & ~0xF == 0, request, "\(direction) has bits outside the direction enum")
    else { return }
    pending.parameters.direction = SwipeDirection(rawValue: UInt(direction))
  }

  func setEdges(_ edges: UInt32) {
    let request = "set_edges"
    guard !isInert, applies(request, .edges) else { return }
    guard check(edges & ~0xF == 0, request, "\(edges) has bits outside the edges enum")
    else { return }
    pending.parameters.edges = RectEdge(rawValue: UInt(edges))
  }

  func setRegion(_ region: OpaquePointer?) {
    guard !isInert else { return }
    guard let region else {
      pending.region = nil
      return
    }
    pending.region = server?.host.rectangles(ofRegion: region)
  }

  func setCancelsTouches(_ value: UInt32) {
    guard !isInert, let enabled = flag(value, "set_cancels_touches") else { return }
    pending.parameters.cancelsTouchesInView = enabled
  }

  func setDelaysTouchesBegan(_ value: UInt32) {
    guard !isInert, let enabled = flag(value, "set_delays_touches_began") else { return }
    pending.parameters.delaysTouchesBegan = enabled
  }

  func setDelaysTouchesEnded(_ value: UInt32) {
    guard !isInert, let enabled = flag(value, "set_delays_touches_ended") else { return }
    pending.parameters.delaysTouchesEnded = enabled
  }

  func setEnabled(_ value: UInt32) {
    guard !isInert, let enabled = flag(value, "set_enabled") else { return }
    pending.isEnabled = enabled
  }

  /// Validates the other recognizer of a relation request; nil after posting an error.
  private func relationTarget(_ otherResource: OpaquePointer?, _ request: String)
    -> RecognizerResource?
  {
    guard let resource, let other = RecognizerResource.from(otherResource) else { return nil }
    if other === self {
      ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION,
        "\(request): a recognizer cannot be related to itself")
      return nil
    }
    if other.isInert {
      ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INERT_RELATION,
        "\(request): recognizer \(otherResource.map(wl_resource_get_id) ?? 0) is inert")
      return nil
    }
    if other.client != client {
      ProtocolError.postRecognizer(
        resource, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_FOREIGN_RECOGNIZER,
        "\(request): the other recognizer belongs to another client")
      return nil
    }
    return other
  }

  func requireFailureOf(_ otherResource: OpaquePointer?) {
    guard !isInert, let other = relationTarget(otherResource, "require_failure_of") else {
      return
    }
    Self.add(other, to: &pendingFailureRequirements)
  }

  func recognizeSimultaneouslyWith(_ otherResource: OpaquePointer?) {
    guard !isInert, let other = relationTarget(otherResource, "recognize_simultaneously_with")
    else { return }
    Self.add(other, to: &pendingSimultaneous)
  }

  /// Adds `other` to a relation list unless it is there already, dropping entries of
  /// recognizers destroyed since: a list holds each live target once, however many times a
  /// client repeats the request or however many recognizers it creates and destroys.
  private static func add(_ other: RecognizerResource, to list: inout [WeakBox<RecognizerResource>])
  {
    list.removeAll { $0.value == nil }
    if !list.contains(where: { $0.value === other }) { list.append(WeakBox(other)) }
  }

  // MARK: Events

  private func reportStateChange(of recognizer: GestureRecognizer) {
    report(recognizer, state: recognizer.state)
  }

  /// The bridge engine's state observer: reports a failure (GestureCore sends no action for
  /// it) the moment it happens, with the gesture's location and touches at that moment, and
  /// applies committed state waiting for the recognizer's reset. Changes of recognizers
  /// withdrawn from their resource (destroyed, inert) are ignored.
  static func engineStateChanged(_ transition: GestureStateTransition) {
    guard transition.to == .failed || transition.to == .possible,
      let owner = transition.recognizer.delegate as? RecognizerResource,
      owner.core === transition.recognizer
    else { return }
    if transition.to == .failed {
      owner.report(transition.recognizer, state: .failed)
    } else {
      owner.didReset()
    }
  }

  /// Sends the value events of `state` then the frame event.
  private func report(_ recognizer: GestureRecognizer, state: GestureRecognizerState) {
    guard !isInert, let resource, let view = recognizer.view, let server else { return }
    let wireState: WireRecognizerState
    switch state {
    case .possible: return
    case .began: wireState = .began
    case .changed: wireState = .changed
    case .ended: wireState = recognizer.isContinuous ? .ended : .recognized
    case .cancelled: wireState = .cancelled
    case .failed: wireState = .failed
    }
    let location = recognizer.location(in: view)
    gesture_bridge_recognizer_v1_send_location(
      resource, WireValues.fixed(location.x), WireValues.fixed(location.y))
    gesture_bridge_recognizer_v1_send_touches(resource, UInt32(recognizer.numberOfTouches))
    if state != .failed { sendValues(recognizer.values(in: view), to: resource) }
    let time = WireValues.split(server.engine.nowMicroseconds)
    gesture_bridge_recognizer_v1_send_frame(resource, wireState.rawValue, time.high, time.low)
  }
}

/// The wl_resource's destructor: the resource is gone; releases the reference it held.
func recognizerResourceDestroyed(_ resource: OpaquePointer?) {
  guard let data = wl_resource_get_user_data(resource) else { return }
  let object = Unmanaged<RecognizerResource>.fromOpaque(data)
  object.takeUnretainedValue().resourceDestroyed()
  object.release()
}

extension RecognizerResource {
  /// Sends one value event per value the kind reports (`GestureValues`), in the protocol's
  /// order: translation, velocity, scale, rotation, direction, taps.
  func sendValues(_ values: GestureValues, to resource: OpaquePointer) {
    if let translation = values.translation {
      gesture_bridge_recognizer_v1_send_translation(
        resource, WireValues.fixed(translation.x), WireValues.fixed(translation.y))
    }
    if let velocity = values.velocity {
      gesture_bridge_recognizer_v1_send_velocity(
        resource, WireValues.fixed(velocity.x), WireValues.fixed(velocity.y))
    }
    if let scale = values.scale {
      gesture_bridge_recognizer_v1_send_scale(
        resource, WireValues.fixed(scale), WireValues.fixed(values.scaleVelocity ?? 0))
    }
    if let rotation = values.rotation {
      gesture_bridge_recognizer_v1_send_rotation(
        resource, WireValues.fixed(rotation), WireValues.fixed(values.rotationVelocity ?? 0))
    }
    if let direction = values.direction {
      gesture_bridge_recognizer_v1_send_direction(resource, UInt32(direction.rawValue))
    }
    if let taps = values.taps {
      gesture_bridge_recognizer_v1_send_taps(resource, UInt32(max(0, taps)))
    }
  }
}
