import CWeston
import GestureCore
import GestureInput
import Glibc
import LibinputInput
import TouchInput

/// Feeds real touchscreens (weston.ini `device=`) into the virtual seat: a
/// `LibinputTouchSource` on libinput's path backend (raw `LIBINPUT_EVENT_TOUCH_*` events
/// only), its fd watched by weston's event loop, each touch event sent on to the seat with
/// libinput's own timestamp and its position mapped onto one output (`outputName`, or the
/// first output) the way libinput maps onto a screen (`..._get_x_transformed` for the
/// output's size, then the output's origin added).
///
/// Weston touch ids are `touchIDBase + libinput's seat slot`, apart from the ids that touch
/// scripts and recordings use on the same seat. Weston has no per-touch cancel: a cancelled
/// touch (palm, or the device removed with fingers down) cancels every touch of the seat, as
/// a recording's cancel does; the touches then down get an up (weston counts touches down)
/// and their later events are dropped until libinput ends them.
///
/// Devices that cannot be used (missing, no permission, not an input device, no touch
/// capability) are one `error:` line each in weston's log and are left out; the others are
/// used. A device unplugged later is removed by the source (it watches udev, as libinput's
/// path backend does not notice), which cancels its touches; the removal is logged.
/// `close()` removes the fd source and releases libinput (the module calls it when the
/// compositor is destroyed).
///
/// `physicalScale` is the bridge's scale while the feed runs: the first device present that
/// reports its size (`libinput_device_get_size`) mapped onto the output, as `watch` does.
final class DeviceTouchFeed {
  static let touchIDBase: Int32 = 512

  private let seat: VirtualTouchSeat
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let outputName: String?
  private var source: LibinputTouchSource?
  private var eventSource: OpaquePointer?
  /// Seat slots down on weston, and those dropped by a cancel until libinput ends them.
  private var down: Set<Int32> = []
  private var dropped: Set<Int32> = []
  /// Whether the seat got events since its last frame.
  private var frameOpen = false
  /// The device each touch down is on, and how many touches of each device the last
  /// cancel ended (a removal says so).
  private var deviceOfSlot: [Int32: Int] = [:]
  private var cancelledPerDevice: [Int: Int] = [:]
  /// The output's origin while it exists (the source's screen is the output's size).
  private var origin: (x: Double, y: Double)?
  private var loggedNoOutput = false
  /// Screen pixels per millimetre of the devices' touch surface; nil while no device present
  /// reports a size or there is no output. Updated when devices or the output change.
  private(set) var physicalScale: PhysicalScale?

  /// Opens `paths` and starts watching them; nil (after logging why) when none can be used.
  init?(
    seat: VirtualTouchSeat, compositor: UnsafeMutablePointer<weston_compositor>,
    paths: [String], outputName: String?
  ) {
    self.seat = seat
    self.compositor = compositor
    self.outputName = outputName
    let source: LibinputTouchSource
    do {
      source = try LibinputTouchSource(
        backend: .path(devices: []), logger: WestonLogHandler.logger(label: "gesture-bridge.device")
      )
    } catch {
      WestonLog.write("error: no device used: \(error)")
      return nil
    }
    self.source = source
    updateOutput()
    var used: [String] = []
    for path in paths where add(path, to: source) { used.append(path) }
    guard !used.isEmpty else {
      self.source = nil
      return nil
    }
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    let context = Unmanaged.passUnretained(self).toOpaque()
    eventSource = wl_event_loop_add_fd(
      loop, source.fileDescriptor, UInt32(WL_EVENT_READABLE), deviceFeedReadable, context)
    WestonLog.write(
      "devices \(used.joined(separator: ",")) feed the seat, mapped onto output "
        + (outputName ?? "(first)"))
  }

  deinit { close() }

  /// Adds one device; logs and returns false when it cannot be used.
  private func add(_ path: String, to source: LibinputTouchSource) -> Bool {
    do {
      try source.addDevice(path: path)
    } catch {
      WestonLog.write("error: device not used: \(error)")
      return false
    }
    var isTouch = false
    do {
      try source.dispatch { event in
        if case .deviceAdded = event { isTouch = true }
        handle(event)
      }
    } catch {
      WestonLog.write("error: device not used: \(path): \(error)")
      source.removeDevice(path: path)
      return false
    }
    if !isTouch {
      WestonLog.write("error: device not used: \(path): libinput reports no touch capability")
      source.removeDevice(path: path)
      try? source.dispatch { _ in }
      return false
    }
    return true
  }

  /// Removes the fd source from the event loop and releases libinput (closing the devices).
  func close() {
    if let eventSource { wl_event_source_remove(eventSource) }
    eventSource = nil
    source = nil
  }

  fileprivate func readable() {
    guard let source else { return }
    updateOutput()
    do {
      try source.dispatch { handle($0) }
    } catch {
      WestonLog.write("error: reading the devices failed: \(error)")
    }
  }

  private func handle(_ event: LibinputSourceEvent) {
    switch event {
    case .deviceAdded:
      updateScale()  // LibinputTouchSource logs the device.
    case .deviceRemoved(let info):
      updateScale()
      let cancelled = cancelledPerDevice.removeValue(forKey: info.id) ?? 0
      WestonLog.write(
        "device \(info.node) removed"
          + (cancelled > 0 ? " with \(cancelled) touch(es) down: touches cancelled" : ""))
    case .touch(let touch):
      handle(touch)
    }
  }

  private func handle(_ touch: TouchInputEvent) {
    let time = VirtualTouchSeat.time(microseconds: touch.timeMicroseconds)
    let id = Self.touchIDBase + touch.seatSlot
    switch touch.kind {
    case .down:
      dropped.remove(touch.seatSlot)
      guard touch.seatSlot >= 0, touch.seatSlot < Self.touchIDBase, let origin = usableOrigin()
      else { return }
      cancelledPerDevice.removeAll()
      deviceOfSlot[touch.seatSlot] = touch.device
      down.insert(touch.seatSlot)
      seat.send(.down, id: id, x: touch.x + origin.x, y: touch.y + origin.y, time: time)
      frameOpen = true
    case .motion:
      guard down.contains(touch.seatSlot), let origin else { return }
      seat.send(.motion, id: id, x: touch.x + origin.x, y: touch.y + origin.y, time: time)
      frameOpen = true
    case .up:
      dropped.remove(touch.seatSlot)
      deviceOfSlot[touch.seatSlot] = nil
      guard down.remove(touch.seatSlot) != nil else { return }
      seat.send(.up, id: id, x: 0, y: 0, time: time)
      frameOpen = true
    case .cancel:
      if dropped.remove(touch.seatSlot) != nil { return }
      guard down.contains(touch.seatSlot) else { return }
      cancelSeat(time: time)
    case .frame:
      if frameOpen { seat.frame() }
      frameOpen = false
    }
  }

  /// Cancels every touch of the seat; the touches down get an up so weston's count of
  /// touches down stays right (the bridge ignores ups after a cancel).
  private func cancelSeat(time: Glibc.timespec) {
    if frameOpen { seat.frame() }
    seat.cancel()
    for slot in down.sorted() {
      seat.send(.up, id: Self.touchIDBase + slot, x: 0, y: 0, time: time)
    }
    seat.frame()
    frameOpen = false
    dropped.formUnion(down)
    down.removeAll()
    cancelledPerDevice = Dictionary(deviceOfSlot.map { ($0.value, 1) }, uniquingKeysWith: +)
    deviceOfSlot.removeAll()
  }

  /// Maps the coming events onto the output: the source's screen becomes the output's size
  /// and `origin` its top-left corner; nil while the output does not exist.
  private func updateOutput() {
    guard let output = OutputRectangle(of: compositor, named: outputName) else {
      origin = nil
      physicalScale = nil
      return
    }
    let screen = ScreenSize(width: Int(output.width), height: Int(output.height))
    let resized = source?.screenSize != screen || origin == nil
    source?.screenSize = screen
    origin = (Double(output.x), Double(output.y))
    loggedNoOutput = false
    if resized { updateScale() }
  }

  /// `physicalScale` for the devices present now and the output.
  private func updateScale() {
    guard let source, origin != nil else {
      physicalScale = nil
      return
    }
    physicalScale = PhysicalScale(
      screen: source.screenSize, firstKnownOf: source.touchDevices.map(\.surfaceSize))
  }

  /// `origin`, logging once while there is no output to map touches onto.
  private func usableOrigin() -> (x: Double, y: Double)? {
    if origin == nil && !loggedNoOutput {
      WestonLog.write(
        "error: touches from the devices dropped: no output \(outputName ?? "(first)")")
      loggedNoOutput = true
    }
    return origin
  }
}

private func deviceFeedReadable(_ fd: Int32, _ mask: UInt32, _ data: UnsafeMutableRawPointer?)
  -> Int32
{
  guard let data else { return 0 }
  Unmanaged<DeviceTouchFeed>.fromOpaque(data).takeUnretainedValue().readable()
  return 0
}
