import CGestureBridgeProtocol
import CGestureBridgeProtocol.Client
import CWaylandClient
import Foundation

/// One recognizer event as the client received it.
public enum ReceivedEvent: Equatable {
  case location(x: Double, y: Double)
  case touches(UInt32)
  case translation(dx: Double, dy: Double)
  case velocity(vx: Double, vy: Double)
  case scale(Double, velocity: Double)
  case rotation(Double, velocity: Double)
  case direction(UInt32)
  case taps(UInt32)
  case frame(state: UInt32, microseconds: UInt64)
}

/// The events of one client-side recognizer.
public final class RecognizerEvents {
  public var events: [ReceivedEvent] = []

  public init() {}
  /// The states of the frame events, in order.
  public var frameStates: [UInt32] {
    events.compactMap { if case .frame(let state, _) = $0 { state } else { nil } }
  }
}

/// A libwayland client connected to a `TestWaylandCompositor` in the same thread: every wait
/// pumps the compositor and the client in turn, bounded by a timeout.
public final class PumpedClient {
  public let display: OpaquePointer
  public let compositor: TestWaylandCompositor
  public private(set) var wlCompositor: OpaquePointer?
  public private(set) var manager: OpaquePointer?
  private var registry: OpaquePointer?
  private let globals = GlobalList()
  private var recognizerLogs: [RecognizerEvents] = []
  private var isDisconnected = false

  public init(compositor: TestWaylandCompositor) throws {
    self.compositor = compositor
    guard let display = wl_display_connect(compositor.socketPath) else {
      throw TestFailure("wl_display_connect(\(compositor.socketPath)) failed")
    }
    self.display = display
    registry = wl_display_get_registry(display)
    wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(globals).toOpaque())
    try roundtrip()
    guard let compositorName = globals.names["wl_compositor"],
      let managerName = globals.names["gesture_bridge_manager_v1"]
    else { throw TestFailure("globals missing: \(globals.names.keys.sorted())") }
    wlCompositor = OpaquePointer(
      wl_registry_bind(registry, compositorName, cwl_client_compositor_interface(), 4))
    manager = OpaquePointer(
      wl_registry_bind(registry, managerName, gesture_bridge_manager_v1_interface_pointer(), 1))
    try roundtrip()
  }

  deinit { disconnect() }

  /// Closes the connection (the server sees the client go away at its next dispatch).
  public func disconnect() {
    guard !isDisconnected else { return }
    isDisconnected = true
    wl_display_disconnect(display)
  }

  /// A new surface and its server-side resource.
  public func makeSurface() throws -> (client: OpaquePointer, server: OpaquePointer) {
    let before = compositor.surfaces.count
    guard let surface = wl_compositor_create_surface(wlCompositor) else {
      throw TestFailure("wl_compositor_create_surface failed")
    }
    try roundtrip()
    guard compositor.surfaces.count == before + 1, let resource = compositor.surfaces.last else {
      throw TestFailure("the server did not create the surface")
    }
    return (surface, resource)
  }

  /// A recognizer of `type` on `surface`, listened to; returns it and its event log (`log`
  /// when given, so several recognizers can share one log and show the order of their events).
  public func makeRecognizer(
    on surface: OpaquePointer, type: gesture_bridge_manager_v1_type,
    log: RecognizerEvents = RecognizerEvents()
  ) -> (OpaquePointer, RecognizerEvents) {
    let recognizer = gesture_bridge_manager_v1_get_recognizer(manager, surface, type.rawValue)!
    if !recognizerLogs.contains(where: { $0 === log }) { recognizerLogs.append(log) }
    gesture_bridge_recognizer_v1_add_listener(
      recognizer, recognizerListener, Unmanaged.passUnretained(log).toOpaque())
    return (recognizer, log)
  }

  /// The protocol error the connection died of: interface and code.
  public var protocolError: (interface: UnsafePointer<wl_interface>?, code: UInt32)? {
    guard wl_display_get_error(display) == EPROTO else { return nil }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let code = wl_display_get_protocol_error(display, &interface, &objectID)
    return (interface, code)
  }

  /// Sends wl_display.sync and pumps until it is answered; false if the connection died first.
  @discardableResult
  public func roundtrip(timeoutSeconds: Double = 5) throws -> Bool {
    let done = DoneFlag()
    guard let callback = wl_display_sync(display) else { return false }
    wl_callback_add_listener(callback, syncListener, Unmanaged.passUnretained(done).toOpaque())
    defer { wl_callback_destroy(callback) }
    return try pump(timeoutSeconds: timeoutSeconds) { done.isDone }
  }

  /// Pumps compositor and client for `seconds` of real time (timers run meanwhile).
  public func run(seconds: Double) throws {
    let end = Date().addingTimeInterval(seconds)
    _ = try pump(timeoutSeconds: seconds + 5) { Date() >= end }
  }

  /// Pumps until `condition` holds (true), the connection fails (false) or the timeout (throws).
  public func pump(timeoutSeconds: Double, until condition: () -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while !condition() {
      if Date() > deadline { throw TestFailure("no answer within \(timeoutSeconds) s") }
      if wl_display_get_error(display) != 0 { return false }
      _ = wl_display_flush(display)
      compositor.pump()
      while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 2) > 0 {
        wl_display_read_events(display)
      } else {
        wl_display_cancel_read(display)
      }
      if wl_display_dispatch_pending(display) < 0 { return false }
    }
    return true
  }
}

private final class GlobalList {
  var names: [String: UInt32] = [:]
}

private final class DoneFlag {
  var isDone = false
}

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, _ in
        guard let data, let interface else { return }
        Unmanaged<GlobalList>.fromOpaque(data).takeUnretainedValue().names[
          String(cString: interface)] = name
      },
      global_remove: { _, _, _ in }))
  return pointer
}()

nonisolated(unsafe) private let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
  let pointer = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_callback_listener(done: { data, _, _ in
      guard let data else { return }
      Unmanaged<DoneFlag>.fromOpaque(data).takeUnretainedValue().isDone = true
    }))
  return pointer
}()

private func events(_ data: UnsafeMutableRawPointer?) -> RecognizerEvents {
  Unmanaged<RecognizerEvents>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let recognizerListener:
  UnsafeMutablePointer<
    gesture_bridge_recognizer_v1_listener
  > = {
    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: gesture_bridge_recognizer_v1_listener(
        location: { data, _, x, y in
          events(data).events.append(.location(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
        },
        touches: { data, _, number in events(data).events.append(.touches(number)) },
        translation: { data, _, dx, dy in
          events(data).events.append(
            .translation(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)))
        },
        velocity: { data, _, vx, vy in
          events(data).events.append(
            .velocity(vx: wl_fixed_to_double(vx), vy: wl_fixed_to_double(vy)))
        },
        scale: { data, _, scale, velocity in
          events(data).events.append(
            .scale(wl_fixed_to_double(scale), velocity: wl_fixed_to_double(velocity)))
        },
        rotation: { data, _, rotation, velocity in
          events(data).events.append(
            .rotation(wl_fixed_to_double(rotation), velocity: wl_fixed_to_double(velocity)))
        },
        direction: { data, _, direction in events(data).events.append(.direction(direction)) },
        taps: { data, _, number in events(data).events.append(.taps(number)) },
        frame: { data, _, state, high, low in
          events(data).events.append(
            .frame(state: state, microseconds: UInt64(high) << 32 | UInt64(low)))
        }))
    return pointer
  }()
