// SPDX-License-Identifier: MIT
import CWeston
import GestureCore
import Glibc
import LibinputInput
import TouchInput
import WestonModuleSupport

/// Feeds real touchscreens (weston.ini `device=`) into the virtual seat: a
/// `LibinputTouchSource` on libinput's path backend (raw `LIBINPUT_EVENT_TOUCH_*` events
/// only), its fd watched by weston's event loop, each touch event sent on to the seat with
/// libinput's own timestamp and its position mapped onto one output (`outputName`, or the
/// first output) the way weston's own libinput backend maps a touchscreen: onto the output's
/// mode in the panel's own pixels (`..._get_x_transformed` for the mode's size), then through
/// the output's transform and scale into global coordinates (`OutputPointMapping`), so on an
/// output turned with `[output] transform=rotate-90` the panel's edges are the turned
/// picture's edges; through `SeatTouchFeed`, the one consumer every touch source of the seat
/// shares.
///
/// Weston touch ids are `touchIDBase + libinput's seat slot`, apart from the ids that the
/// test seat module's touch scripts and recordings use on the same seat. A cancelled touch
/// (palm, or the device removed with fingers down) cancels every touch of the seat
/// (`SeatTouchFeed`).
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

  private let feed: SeatTouchFeed
  private let compositor: UnsafeMutablePointer<weston_compositor>
  private let outputName: String?
  private var source: LibinputTouchSource?
  private var eventSource: OpaquePointer?
  /// Where the output's own pixels are in global coordinates, while it exists (the source's
  /// screen is the output's mode).
  private var mapping: OutputPointMapping?
  private var loggedNoOutput = false
  /// Screen pixels per millimetre of the devices' touch surface; nil while no device present
  /// reports a size or there is no output. Updated when devices or the output change.
  private(set) var physicalScale: PhysicalScale?

  /// Opens `paths` and starts watching them; nil (after logging why) when none can be used.
  init?(
    seat: VirtualTouchSeat, compositor: UnsafeMutablePointer<weston_compositor>,
    paths: [String], outputName: String?
  ) {
    feed = SeatTouchFeed(seat: seat, idBase: Self.touchIDBase)
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
      let cancelled = feed.takeCancelledCount(device: info.id)
      WestonLog.write(
        "device \(info.node) removed"
          + (cancelled > 0 ? " with \(cancelled) touch(es) down: touches cancelled" : ""))
    case .touch(let touch):
      handle(touch)
    }
  }

  /// Sends one touch on; a touch down while there is no output to map it onto is dropped
  /// (with its later events, the feed knowing no such touch).
  private func handle(_ touch: TouchInputEvent) {
    guard touch.kind == .down || touch.kind == .motion else { return feed.feed(touch) }
    guard let mapping = touch.kind == .down ? usableMapping() : mapping else { return }
    var global = touch
    (global.x, global.y) = mapping.global(x: touch.x, y: touch.y)
    feed.feed(global)
  }

  /// Maps the coming events onto the output: the source's screen becomes the output's mode
  /// and `mapping` its place in global coordinates; nil while the output does not exist.
  private func updateOutput() {
    guard let output = OutputPointMapping(of: compositor, named: outputName) else {
      mapping = nil
      physicalScale = nil
      return
    }
    let screen = ScreenSize(width: Int(output.modeWidth), height: Int(output.modeHeight))
    let resized = source?.screenSize != screen || mapping == nil
    source?.screenSize = screen
    mapping = output
    loggedNoOutput = false
    if resized { updateScale() }
  }

  /// `physicalScale` for the devices present now and the output.
  private func updateScale() {
    guard let source, mapping != nil else {
      physicalScale = nil
      return
    }
    // The panel's size in global pixels (the output's scale applied), in its own orientation
    // as the devices' sizes are.
    let step = mapping?.globalPixelsPerModePixel ?? 1
    let screen = ScreenSize(
      width: max(1, Int((Double(source.screenSize.width) * step).rounded())),
      height: max(1, Int((Double(source.screenSize.height) * step).rounded())))
    physicalScale = PhysicalScale(
      screen: screen, firstKnownOf: source.touchDevices.map(\.surfaceSize))
  }

  /// `mapping`, logging once while there is no output to map touches onto.
  private func usableMapping() -> OutputPointMapping? {
    if mapping == nil && !loggedNoOutput {
      WestonLog.write(
        "error: touches from the devices dropped: no output \(outputName ?? "(first)")")
      loggedNoOutput = true
    }
    return mapping
  }
}

private func deviceFeedReadable(_ fd: Int32, _ mask: UInt32, _ data: UnsafeMutableRawPointer?)
  -> Int32
{
  guard let data else { return 0 }
  Unmanaged<DeviceTouchFeed>.fromOpaque(data).takeUnretainedValue().readable()
  return 0
}
