// SPDX-License-Identifier: MIT
import ArgumentParser
import CWaylandClient
import CWaylandProtocols
import GestureBridgeClient
import Glibc

/// `gesture-latency-client`: a Wayland window with compositor recognizers that records, for
/// every gesture event it receives, CLOCK_MONOTONIC at receipt minus the event's timestamp
/// (the CLOCK_MONOTONIC time of the touch event that caused it, as the compositor saw it).
@main
struct LatencyClient: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gesture-latency-client",
    abstract: "Measure the latency of compositor gesture events (for scripts/bench.sh).",
    discussion: """
      Connects to $WAYLAND_DISPLAY, maps a window of --width x --height, attaches the \
      recognizers and prints `ready`. For every gesture event (the protocol's frame event) \
      it records the receipt time (CLOCK_MONOTONIC, taken in the GestureBridgeClient \
      callback) minus the event's timestamp. After --strokes pan gestures have ended (or \
      been cancelled) it writes one line per event to --output (`kind state latency_ns`), \
      prints a summary line (with its own CPU seconds) and exits 0; exit 1 on any failure or after --timeout seconds.
      """)

  @Option(help: "Recognizers on the window: pan (one pan, any number of touches) or all.")
  var recognizers: String = "pan"

  @Option(help: "Exit after this many pan gestures ended or were cancelled.")
  var strokes: Int = 1

  @Option(help: "File for the samples (one `kind state latency_ns` line each).")
  var output: String

  @Option(help: "Window width.")
  var width: Int32 = 1024

  @Option(help: "Window height.")
  var height: Int32 = 640

  @Option(help: "Give up after this many seconds.")
  var timeout: Double = 120

  func validate() throws {
    guard recognizers == "pan" || recognizers == "all" else {
      throw ValidationError("--recognizers must be pan or all")
    }
    guard strokes >= 1 else { throw ValidationError("--strokes must be >= 1") }
    guard width > 0, height > 0 else { throw ValidationError("--width/--height must be > 0") }
  }

  func run() throws {
    guard let display = wl_display_connect(nil) else {
      throw LatencyClientError("cannot connect to the Wayland display (errno \(errno))")
    }
    defer { wl_display_disconnect(display) }
    try measure(display: display)
  }

  private func measure(display: OpaquePointer) throws {
    let globals = RegistryGlobals()
    guard let registry = wl_display_get_registry(display) else {
      throw LatencyClientError("wl_display.get_registry failed")
    }
    defer { wl_registry_destroy(registry) }
    wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(globals).toOpaque())
    try GestureBridgeClient.roundtrip(on: display)
    let compositor = try globals.bind(
      registry, "wl_compositor", cwl_client_compositor_interface(), 4)
    defer { wl_proxy_destroy(compositor) }
    let shm = try globals.bind(registry, "wl_shm", cxdg_wl_shm_interface_pointer(), 1)
    defer { wl_proxy_destroy(shm) }
    let wmBase = try globals.bind(registry, "xdg_wm_base", xdg_wm_base_interface_pointer(), 1)
    let window = try LatencyWindow(
      compositor: compositor, shm: shm, wmBase: wmBase, width: width, height: height)
    guard let manager = globals.announced[GestureBridgeClient.interfaceName] else {
      throw GestureBridgeError.managerNotAdvertised
    }
    let client = GestureBridgeClient(
      display: display, registry: registry, name: manager.name, version: manager.version)

    var samples = LatencySamples(capacity: 1 << 20)
    var strokesDone = 0
    client.onGesture = { gesture in
      samples.record(gesture, receivedNanoseconds: MonotonicTime.nanoseconds())
      if gesture.kind == .pan && (gesture.state == .ended || gesture.state == .cancelled) {
        strokesDone += 1
      }
    }
    let attached = try attach(client: client, surface: window.surface)
    try client.roundtrip()
    while !window.isMapped { try client.roundtrip() }
    try client.roundtrip()
    print("ready")
    fflush(nil)

    let deadline = MonotonicTime.nanoseconds() + Int64(timeout * 1e9)
    while strokesDone < strokes {
      let left = deadline - MonotonicTime.nanoseconds()
      guard left > 0 else {
        throw LatencyClientError(
          "timed out after \(timeout) s: \(strokesDone) of \(strokes) pan strokes ended, "
            + "\(samples.count) gesture events received")
      }
      try dispatch(display: display, timeoutMilliseconds: Int32(min(left / 1_000_000 + 1, 1000)))
    }
    for recognizer in attached { recognizer.destroy() }
    client.flush()
    try samples.write(to: output)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    print("\(samples.summary) client_cpu_s=\(cpu)")
  }

  /// Creates and commits the recognizers.
  private func attach(client: GestureBridgeClient, surface: OpaquePointer) throws
    -> [CompositorGestureRecognizer]
  {
    var made: [CompositorGestureRecognizer] = []
    let pan = try client.recognizer(PanRecognizer.self, on: surface)
    pan.maximumNumberOfTouches = nil
    made.append(pan)
    if recognizers == "all" {
      made.append(try client.recognizer(TapRecognizer.self, on: surface))
      let doubleTap = try client.recognizer(TapRecognizer.self, on: surface, name: "double-tap")
      doubleTap.numberOfTapsRequired = 2
      made.append(doubleTap)
      made.append(try client.recognizer(LongPressRecognizer.self, on: surface))
      let pinch = try client.recognizer(PinchRecognizer.self, on: surface)
      let rotation = try client.recognizer(RotationRecognizer.self, on: surface)
      try pinch.recognizeSimultaneously(with: rotation)
      made += [pinch, rotation]
      let swipe = try client.recognizer(SwipeRecognizer.self, on: surface)
      swipe.direction = .all
      made.append(swipe)
      let edgePan = try client.recognizer(ScreenEdgePanRecognizer.self, on: surface)
      edgePan.edges = .all
      made.append(edgePan)
    }
    for recognizer in made { try recognizer.commit() }
    return made
  }

  /// Waits at most `timeoutMilliseconds` for the display and dispatches what arrived.
  private func dispatch(display: OpaquePointer, timeoutMilliseconds: Int32) throws {
    while wl_display_prepare_read(display) != 0 {
      guard wl_display_dispatch_pending(display) >= 0 else { throw failure(display) }
    }
    _ = wl_display_flush(display)
    var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, timeoutMilliseconds)
    if ready > 0 {
      guard wl_display_read_events(display) >= 0 else { throw failure(display) }
    } else {
      wl_display_cancel_read(display)
      if ready < 0 && errno != EINTR { throw GestureBridgeError.connectionLost(errno: errno) }
    }
    guard wl_display_dispatch_pending(display) >= 0 else { throw failure(display) }
  }

  private func failure(_ display: OpaquePointer) -> GestureBridgeError {
    GestureBridgeClient.connectionError(of: display) ?? .connectionLost(errno: errno)
  }
}
