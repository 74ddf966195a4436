import CGestureBridgeProtocol
import CGestureBridgeProtocol.Client
import CWaylandClient
import Foundation

/// A libwayland-client connection used by the tests. All its methods run on the caller's
/// thread; dispatching never blocks longer than the timeout given, so a silent server makes
/// the test fail instead of hang.
final class TestClient {
  let display: OpaquePointer
  let log = ClientEventLog()
  private var registry: OpaquePointer?

  /// Connects to the server socket at `socketPath` (absolute) and starts listening to the
  /// registry. Throws if the connection fails.
  init(socketPath: String) throws {
    guard let display = wl_display_connect(socketPath) else {
      throw WaylandTestError("TestClient: wl_display_connect(\(socketPath)) failed: errno \(errno)")
    }
    self.display = display
    registry = wl_display_get_registry(display)
    wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(log).toOpaque())
  }

  deinit {
    if let registry { wl_registry_destroy(registry) }
    wl_display_disconnect(display)
  }

  /// Binds a global advertised under `interfaceName`, or returns nil if it was not seen.
  func bind(
    _ interfaceName: String, interface: UnsafePointer<wl_interface>, version: UInt32
  ) -> OpaquePointer? {
    guard let global = log.globals[interfaceName], let registry else { return nil }
    return OpaquePointer(wl_registry_bind(registry, global.name, interface, version))
  }

  /// Listens to a recognizer's events, appending them to `log.recognizerEvents`.
  func listen(toRecognizer recognizer: OpaquePointer) {
    gesture_bridge_recognizer_v1_add_listener(
      recognizer, recognizerListener, Unmanaged.passUnretained(log).toOpaque())
  }

  /// The protocol error the connection died of, if any.
  var protocolError:
    (
      interfaceName: String, interface: UnsafePointer<wl_interface>?, objectID: UInt32, code: UInt32
    )?
  {
    guard wl_display_get_error(display) == EPROTO else { return nil }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let code = wl_display_get_protocol_error(display, &interface, &objectID)
    let name = interface.map { String(cString: $0.pointee.name) } ?? "?"
    return (name, interface, objectID, code)
  }

  /// Sends wl_display.sync and dispatches until the server answered it. Returns false if the
  /// connection failed (for example with a protocol error) before the answer; throws if
  /// nothing happened within the timeout.
  @discardableResult
  func roundtrip(timeoutMilliseconds: Int = 5_000) throws -> Bool {
    let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    done.initialize(to: false)
    defer { done.deallocate() }
    guard let callback = wl_display_sync(display) else { return false }
    defer { wl_callback_destroy(callback) }
    wl_callback_add_listener(callback, syncListener, done)
    return try dispatch(timeoutMilliseconds: timeoutMilliseconds) { done.pointee }
  }

  /// Flushes requests and dispatches events until `condition` holds (true), the connection
  /// fails (false), or the timeout passes (throws).
  private func dispatch(timeoutMilliseconds: Int, until condition: () -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
    while !condition() {
      if wl_display_get_error(display) != 0 { return false }
      if wl_display_prepare_read(display) != 0 {
        if wl_display_dispatch_pending(display) < 0 { return false }
        continue
      }
      _ = wl_display_flush(display)
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, remaining)
      if ready > 0 {
        if wl_display_read_events(display) < 0 { return false }
      } else {
        wl_display_cancel_read(display)
        if ready == 0 {
          throw WaylandTestError(
            "TestClient: no answer from the server within \(timeoutMilliseconds) ms")
        }
        if errno != EINTR { throw WaylandTestError("TestClient: poll failed: errno \(errno)") }
      }
      if wl_display_dispatch_pending(display) < 0 { return false }
    }
    return true
  }
}

// MARK: - Listeners (C function pointers without captures; the log travels as user data)

private func eventLog(_ data: UnsafeMutableRawPointer?) -> ClientEventLog {
  Unmanaged<ClientEventLog>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
  let pointer = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_callback_listener(done: { data, _, _ in
      data?.assumingMemoryBound(to: Bool.self).pointee = true
    }))
  return pointer
}()

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let interface else { return }
        eventLog(data).globals[String(cString: interface)] = (name, version)
      },
      global_remove: { _, _, _ in }))
  return pointer
}()

nonisolated(unsafe) private let recognizerListener:
  UnsafeMutablePointer<
    gesture_bridge_recognizer_v1_listener
  > = {
    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: gesture_bridge_recognizer_v1_listener(
        location: { data, _, x, y in
          eventLog(data).recognizerEvents.append(
            .location(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
        },
        touches: { data, _, number in eventLog(data).recognizerEvents.append(.touches(number)) },
        translation: { data, _, dx, dy in
          eventLog(data).recognizerEvents.append(
            .translation(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)))
        },
        velocity: { data, _, vx, vy in
          eventLog(data).recognizerEvents.append(
            .velocity(vx: wl_fixed_to_double(vx), vy: wl_fixed_to_double(vy)))
        },
        scale: { data, _, scale, velocity in
          eventLog(data).recognizerEvents.append(
            .scale(scale: wl_fixed_to_double(scale), velocity: wl_fixed_to_double(velocity)))
        },
        rotation: { data, _, rotation, velocity in
          eventLog(data).recognizerEvents.append(
            .rotation(radians: wl_fixed_to_double(rotation), velocity: wl_fixed_to_double(velocity))
          )
        },
        direction: { data, _, direction in
          eventLog(data).recognizerEvents.append(.direction(direction))
        },
        taps: { data, _, number in eventLog(data).recognizerEvents.append(.taps(number)) },
        frame: { data, _, state, high, low in
          eventLog(data).recognizerEvents.append(
            .frame(state: state, microseconds: UInt64(high) << 32 | UInt64(low)))
        }))
    return pointer
  }()
