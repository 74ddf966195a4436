// SPDX-License-Identifier: MIT
import CWaylandClient
import CWaylandProtocols
import GestureBridgeClient
import Glibc
import SignalPipe

/// One run of the demo client: connect, bind, map, attach recognizers, loop until told to stop.
/// Returns the process exit code; every failure is printed as one line on stderr.
struct DemoSession {
  let options: DemoClient

  func run() -> Int32 {
    guard let signals = SignalPipe.install([SIGINT, SIGTERM, SIGUSR1]) else {
      Output.error("cannot create the signal pipe: errno \(errno)")
      return 1
    }
    let displayName = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    guard let display = wl_display_connect(nil) else {
      Output.error("cannot connect to Wayland display \(displayName) (errno \(errno))")
      return 1
    }
    defer { wl_display_disconnect(display) }
    do {
      return try runConnected(display: display, signals: signals)
    } catch let error as GestureBridgeError {
      if case .connectionLost = error {
        Output.error("the compositor closed the connection")
        return 0
      }
      Output.error("\(error)")
      return 1
    } catch {
      Output.error("\(error)")
      return 1
    }
  }

  private func runConnected(display: OpaquePointer, signals: SignalPipe) throws -> Int32 {
    let globals = WaylandGlobals()
    guard let registry = wl_display_get_registry(display) else {
      throw DemoError("wl_display.get_registry failed")
    }
    defer { wl_registry_destroy(registry) }
    wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(globals).toOpaque())
    try GestureBridgeClient.roundtrip(
      on: display, timeoutMilliseconds: options.timeoutMilliseconds)

    let managerGlobal = globals.announced[GestureBridgeClient.interfaceName]
    if managerGlobal == nil && !options.noGestureBridge {
      throw GestureBridgeError.managerNotAdvertised
    }
    let compositor = try bind(
      globals, registry, "wl_compositor", cwl_client_compositor_interface(), 4)
    defer { wl_proxy_destroy(compositor) }
    let shm = try bind(globals, registry, "wl_shm", cxdg_wl_shm_interface_pointer(), 1)
    defer { wl_proxy_destroy(shm) }
    let wmBase = try bind(globals, registry, "xdg_wm_base", xdg_wm_base_interface_pointer(), 1)

    let window = try DemoWindow(
      compositor: compositor, shm: shm, wmBase: wmBase, title: options.title, appID: options.appID,
      width: options.width, height: options.height,
      colour: UInt32(options.colour, radix: 16) ?? 0,
      printTouches: options.printTouches || options.dragOnTouchDown || options.popupOnTouchUp)
    var dataDevice: DemoDataDevice?
    if options.dataDevice || options.dragOnTouchDown {
      guard let global = globals.announced["wl_data_device_manager"] else {
        throw DemoError("compositor does not support wl_data_device_manager")
      }
      let device = try DemoDataDevice(
        registry: registry, name: global.name, version: global.version, surface: window.surface,
        dragsOnTouchDown: options.dragOnTouchDown)
      window.onTouchDown = { serial, seat in device.touchDown(serial: serial, seat: seat) }
      dataDevice = device
    }
    if options.popupOnTouchUp {
      var lastDown: (serial: UInt32, seat: OpaquePointer)?
      var popup: DemoPopup?
      var opened = false
      let previous = window.onTouchDown
      window.onTouchDown = { serial, seat in
        previous?(serial, seat)
        lastDown = (serial, seat)
      }
      window.onTouchUp = {
        if let open = popup {
          open.destroy()
          popup = nil
        } else if !opened, let down = lastDown {
          opened = true
          do {
            popup = try DemoPopup(
              compositor: compositor, shm: shm, wmBase: wmBase, parent: window.xdgSurface,
              seat: down.seat, serial: down.serial)
          } catch {
            Output.error("\(error)")
          }
        }
      }
    }
    globals.onSeat = { name, version in
      window.addSeat(registry: registry, name: name, version: version)
      for seat in window.seats { dataDevice?.add(seat: seat) }
    }
    if let seat = globals.announced["wl_seat"] {
      window.addSeat(registry: registry, name: seat.name, version: seat.version)
    }
    for seat in window.seats { dataDevice?.add(seat: seat) }
    // Map the window and get the touch objects first: the compositor then handles the
    // recognizers' commits after both.
    try mapWindow(window, display: display)

    // With --no-gesture-bridge the manager is never bound: the window is a plain wl_touch
    // client (system gestures must still reach its touches).
    var client: GestureBridgeClient?
    var recognizers: [CompositorGestureRecognizer] = []
    var deferral: SystemGestureSurface?
    var printed = 0
    if let managerGlobal, !options.noGestureBridge {
      let bound = GestureBridgeClient(
        display: display, registry: registry, name: managerGlobal.name,
        version: managerGlobal.version)
      bound.onGesture = { gesture in
        guard gesture.state != .failed || options.printFailed else { return }
        Output.line(JSONLine.gesture(gesture))
        printed += 1
      }
      recognizers = try attachRecognizers(client: bound, surface: window.surface)
      deferral = try deferSystemGestures(client: bound, compositor: compositor, window: window)
      client = bound
    }
    try GestureBridgeClient.roundtrip(on: display, timeoutMilliseconds: options.timeoutMilliseconds)
    if options.printReady { Output.line("{\"event\":\"ready\"}") }

    let loop = EventLoop(display: display, signals: signals)
    while true {
      if let limit = options.exitAfter, printed >= limit { break }
      if window.closeRequested { break }
      if let limit = options.destroyWindowAfter, printed >= limit, !window.isDestroyed {
        window.destroySurface()
        try GestureBridgeClient.roundtrip(
          on: display, timeoutMilliseconds: options.timeoutMilliseconds)
        Output.line("{\"event\":\"window-destroyed\"}")
      }
      switch try loop.waitAndDispatch() {
      case .dispatched: continue
      case .syncRequested:
        try GestureBridgeClient.roundtrip(
          on: display, timeoutMilliseconds: options.timeoutMilliseconds)
        Output.line("{\"event\":\"synced\"}")
        continue
      case .signalled: break
      }
      break
    }
    for recognizer in recognizers { recognizer.destroy() }
    deferral?.destroy()
    client?.flush()
    return 0
  }

  /// Roundtrips until the first configure was acknowledged and the buffer committed (at most
  /// 10 roundtrips), so the seats' capabilities and the configure have been handled, then
  /// until the compositor has presented that buffer (its frame callback is done, within
  /// `--timeout-milliseconds`): a compositor can pick the window for touches from then on (a
  /// weston view is placed at its first repaint), so input started at the recognizers'
  /// commit is never lost.
  private func mapWindow(_ window: DemoWindow, display: OpaquePointer) throws {
    for _ in 0..<10 where !window.isMapped {
      try GestureBridgeClient.roundtrip(
        on: display, timeoutMilliseconds: options.timeoutMilliseconds)
    }
    guard window.isMapped else { throw DemoError("the compositor did not configure the window") }
    var waited = 0
    while !window.isPresented {
      guard waited < options.timeoutMilliseconds else {
        throw DemoError("the compositor did not present the window")
      }
      try GestureBridgeClient.roundtrip(
        on: display, timeoutMilliseconds: options.timeoutMilliseconds)
      if !window.isPresented {
        usleep(2_000)
        waited += 2
      }
    }
  }

  private func bind(
    _ globals: WaylandGlobals, _ registry: OpaquePointer, _ interfaceName: String,
    _ interface: UnsafePointer<wl_interface>, _ version: UInt32
  ) throws -> OpaquePointer {
    guard let global = globals.announced[interfaceName] else {
      throw DemoError("compositor does not support \(interfaceName)")
    }
    guard
      let proxy = OpaquePointer(
        wl_registry_bind(registry, global.name, interface, min(global.version, version)))
    else { throw DemoError("cannot bind \(interfaceName)") }
    return proxy
  }

  /// `--exclude-system-gestures` and `--defer-system-edges`: the window's
  /// gesture_bridge_system_gesture_surface_v1 with its exclusion region and deferred edges,
  /// applied by a wl_surface.commit; nil when neither option is given.
  private func deferSystemGestures(
    client: GestureBridgeClient, compositor: OpaquePointer, window: DemoWindow
  ) throws -> SystemGestureSurface? {
    let rectangles = options.exclusionRectangles
    let edges = options.deferredEdges
    guard !rectangles.isEmpty || !edges.isEmpty else { return nil }
    let deferral = try client.systemGestureSurface(for: window.surface)
    if !rectangles.isEmpty {
      guard let region = wl_compositor_create_region(compositor) else {
        throw DemoError("wl_compositor.create_region failed")
      }
      for (x, y, width, height) in rectangles { wl_region_add(region, x, y, width, height) }
      try deferral.setExclusionRegion(region)
      wl_region_destroy(region)
    }
    if !edges.isEmpty { try deferral.setDeferredEdges(edges) }
    wl_surface_commit(window.surface)
    return deferral
  }

  /// Creates, configures and commits the chosen recognizers with the demo's relations.
  private func attachRecognizers(client: GestureBridgeClient, surface: OpaquePointer) throws
    -> [CompositorGestureRecognizer]
  {
    var chosen: [DemoRecognizer] = []
    for recognizer in options.recognizers.isEmpty ? DemoRecognizer.defaultSet : options.recognizers
    where !chosen.contains(recognizer) {
      chosen.append(recognizer)
    }
    var made: [DemoRecognizer: CompositorGestureRecognizer] = [:]
    for choice in chosen {
      let recognizer = try client.recognizer(of: choice.kind, on: surface, name: choice.name)
      // The demo's settings: the double tap's two taps, swipes and edge pans every way.
      if choice == .doubleTap, let doubleTap = recognizer as? TapRecognizer {
        doubleTap.numberOfTapsRequired = 2
      }
      if let swipe = recognizer as? SwipeRecognizer { swipe.direction = .all }
      if let edgePan = recognizer as? ScreenEdgePanRecognizer { edgePan.edges = .all }
      made[choice] = recognizer
    }
    if let tap = made[DemoRecognizer(.tap)], let doubleTap = made[.doubleTap] {
      try tap.require(toFail: doubleTap)
    }
    if let pinch = made[DemoRecognizer(.pinch)], let rotation = made[DemoRecognizer(.rotation)] {
      try pinch.recognizeSimultaneously(with: rotation)
    }
    let ordered = chosen.compactMap { made[$0] }
    for recognizer in ordered {
      if let value = options.cancelsTouchesInView { recognizer.cancelsTouchesInView = value }
      if let value = options.delaysTouchesBegan { recognizer.delaysTouchesBegan = value }
      if let value = options.delaysTouchesEnded { recognizer.delaysTouchesEnded = value }
      try recognizer.commit()
    }
    return ordered
  }
}
