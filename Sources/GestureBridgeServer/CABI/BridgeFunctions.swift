// SPDX-License-Identifier: MIT
import CGestureBridge
import GestureCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The gb_* functions of gesture_bridge.h. A `struct gb_bridge *` is a retained
// `BridgeHandle` (the server and its system gestures); every function accepts NULL and then
// does nothing.

func handle(_ bridge: OpaquePointer?) -> BridgeHandle? {
  bridge.map { Unmanaged<BridgeHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

private func server(_ bridge: OpaquePointer?) -> GestureBridgeServer? { handle(bridge)?.server }

/// Clamps a time to the engine's signed microseconds.
private func microseconds(_ time: UInt64) -> Int64 { Int64(clamping: time) }

/// A finite screen point, or nil for NaN/infinite input (ignored, never a crash).
private func point(_ x: Double, _ y: Double) -> Point? {
  x.isFinite && y.isFinite ? Point(x: x, y: y) : nil
}

@_cdecl("gb_bridge_create")
public func gbBridgeCreate(
  _ display: OpaquePointer?, _ callbacks: UnsafePointer<gb_host_callbacks>?,
  _ userData: UnsafeMutableRawPointer?
) -> OpaquePointer? {
  guard let display, let callbacks,
    let host = CallbackHost(callbacks: callbacks.pointee, userData: userData),
    let bridge = GestureBridgeServer(display: display, host: host)
  else { return nil }
  return OpaquePointer(Unmanaged.passRetained(BridgeHandle(server: bridge)).toOpaque())
}

@_cdecl("gb_bridge_destroy")
public func gbBridgeDestroy(_ bridge: OpaquePointer?) {
  guard let bridge else { return }
  Unmanaged<BridgeHandle>.fromOpaque(UnsafeRawPointer(bridge)).release()
}

@_cdecl("gb_bridge_set_screen")
public func gbBridgeSetScreen(
  _ bridge: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double
) {
  guard let origin = point(x, y), let size = point(width, height) else { return }
  server(bridge)?.screenRectangle = Rect(
    origin: origin, size: Size(width: size.x, height: size.y))
}

@_cdecl("gb_bridge_surface_committed")
public func gbBridgeSurfaceCommitted(_ bridge: OpaquePointer?, _ surface: OpaquePointer?) {
  guard let surface else { return }
  server(bridge)?.surfaceCommitted(surface)
}

@_cdecl("gb_bridge_set_pixels_per_millimetre")
public func gbBridgeSetPixelsPerMillimetre(_ bridge: OpaquePointer?, _ pixelsPerMm: Double) {
  server(bridge)?.physicalScale = PhysicalScale(pixelsPerMillimetre: pixelsPerMm)
}

@_cdecl("gb_bridge_touch_down")
public func gbBridgeTouchDown(
  _ bridge: OpaquePointer?, _ time: UInt64, _ id: Int32, _ x: Double, _ y: Double
) {
  guard let location = point(x, y) else { return }
  server(bridge)?.touchDown(id: id, timeMicroseconds: microseconds(time), at: location)
}

@_cdecl("gb_bridge_touch_motion")
public func gbBridgeTouchMotion(
  _ bridge: OpaquePointer?, _ time: UInt64, _ id: Int32, _ x: Double, _ y: Double
) {
  guard let location = point(x, y) else { return }
  server(bridge)?.touchMotion(id: id, timeMicroseconds: microseconds(time), at: location)
}

@_cdecl("gb_bridge_touch_up")
public func gbBridgeTouchUp(_ bridge: OpaquePointer?, _ time: UInt64, _ id: Int32) {
  server(bridge)?.touchUp(id: id, timeMicroseconds: microseconds(time))
}

@_cdecl("gb_bridge_touch_cancel")
public func gbBridgeTouchCancel(_ bridge: OpaquePointer?, _ time: UInt64) {
  server(bridge)?.touchCancel(timeMicroseconds: microseconds(time))
}

@_cdecl("gb_bridge_touch_frame")
public func gbBridgeTouchFrame(_ bridge: OpaquePointer?) {
  server(bridge)?.touchFrame()
}

@_cdecl("gb_bridge_recognizer_count")
public func gbBridgeRecognizerCount(_ bridge: OpaquePointer?) -> UInt32 {
  UInt32(clamping: server(bridge)?.committedRecognizerCount ?? 0)
}

// MARK: System gestures

private func systemGestures(_ bridge: OpaquePointer?) -> SystemGestureController? {
  guard let handle = handle(bridge) else { return nil }
  if let existing = handle.systemGestures { return existing }
  let made = SystemGestureController(server: handle.server)
  handle.systemGestures = made
  return made
}

@_cdecl("gb_bridge_set_system_callbacks")
public func gbBridgeSetSystemCallbacks(
  _ bridge: OpaquePointer?, _ callbacks: UnsafePointer<gb_system_callbacks>?,
  _ userData: UnsafeMutableRawPointer?
) {
  systemGestures(bridge)?.setCallbacks(
    callbacks?.pointee ?? gb_system_callbacks(), userData: userData)
}

@_cdecl("gb_bridge_load_system_gestures")
public func gbBridgeLoadSystemGestures(
  _ bridge: OpaquePointer?, _ path: UnsafePointer<CChar>?,
  _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Bool {
  errorMessage?.pointee = nil
  guard let controller = systemGestures(bridge) else { return false }
  guard let path else {
    errorMessage?.pointee = strdup("no config path given")
    return false
  }
  do {
    try controller.load(path: String(cString: path))
    return true
  } catch {
    errorMessage?.pointee = strdup(error.description)
    return false
  }
}

@_cdecl("gb_bridge_unload_system_gestures")
public func gbBridgeUnloadSystemGestures(_ bridge: OpaquePointer?) {
  handle(bridge)?.systemGestures?.unload()
}

@_cdecl("gb_bridge_system_recognizer_count")
public func gbBridgeSystemRecognizerCount(_ bridge: OpaquePointer?) -> UInt32 {
  UInt32(clamping: server(bridge)?.systemRecognizerCount ?? 0)
}

@_cdecl("gb_bridge_command_exited")
public func gbBridgeCommandExited(_ bridge: OpaquePointer?, _ pid: Int32, _ status: Int32) {
  handle(bridge)?.systemGestures?.commandExited(pid: pid, status: status)
}

@_cdecl("gb_string_free")
public func gbStringFree(_ string: UnsafeMutablePointer<CChar>?) {
  free(string)
}
