// SPDX-License-Identifier: MIT
import CLibinput
import Logging
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Raw touchscreen events from real libinput, as `TouchInputEvent`s.
///
/// Uses the udev seat backend (all devices of a seat, hot-plug included) or the path backend
/// (explicit device nodes). Only touch devices are reported; only libinput's raw
/// `LIBINPUT_EVENT_TOUCH_*` events are used (never its touchpad gestures). `x`/`y` are mapped
/// onto `screenSize` (`libinput_event_touch_get_x_transformed`, turned by `rotation`), the
/// millimetre fields come from `libinput_event_touch_get_x/_y`. Seat slots are unique across
/// all devices of the source. When a device goes away with fingers down, its touches end as `.cancel` + `.frame`
/// (synthesized if libinput does not send them) before `.deviceRemoved`.
///
/// Frames: every group of touch events ends with a `.frame`, also when libinput never sends
/// its `TOUCH_FRAME` (libinput 1.22 on devices with fuzz): a touch event stamped later than
/// the open frame, or the end of `dispatch`, closes it (`TouchFrameCloser` says why), with
/// the open frame's time. `closedFrameCount` counts them; the first is logged.
///
/// Unplugging: the udev backend notices removed devices itself. libinput's path backend does
/// not (its device fd just stops being read, touches stay down), so with the path backend the
/// source watches udev (`DeviceRemovalMonitor`, the `input` subsystem) and removes a device
/// whose node goes away (matched by path or device number) with `removeDevice(path:)`:
/// libinput then cancels its touches and reports the removal as usual. A node that comes
/// back is not added again.
///
/// Event loop: poll `fileDescriptor` for reading together with your own timers and call
/// `dispatch(handler:)` when it is readable, or let `run(timeout:handler:)` block in `poll`.
/// Not thread-safe: use one source from one thread.
public final class LibinputTouchSource {
  public let backend: LibinputBackend
  /// The screen `x`/`y` are mapped onto, as the person holding it sees it (`rotation`).
  public var screenSize: ScreenSize
  /// How the picture is turned on the touchscreens: touches are mapped onto the panel in
  /// its own orientation (`rotation.panelSize(for: screenSize)`), then turned into
  /// `screenSize`'s.
  public var rotation = ScreenRotation.none
  /// The touch devices present now, in the order they were added (by `id`).
  public var touchDevices: [LibinputDeviceInfo] {
    devices.values.map(\.info).sorted { $0.id < $1.id }
  }
  public let logger: Logger

  private let libinput: OpaquePointer
  private let udev: OpaquePointer
  private let callbacks: LibinputCallbacks
  private let userData: UnsafeMutablePointer<gb_libinput_context>
  private let interface: UnsafeMutablePointer<libinput_interface>
  private var devices: [OpaquePointer: TrackedDevice] = [:]
  private var pathDevices: [String: OpaquePointer] = [:]
  private var nextDeviceID = 0
  /// Closes the frames libinput leaves open; the device of the open frame's last event.
  private var frameCloser = TouchFrameCloser()
  private var openFrameDevice = -1
  /// How many frames the source closed because libinput sent no `TOUCH_FRAME` for them.
  public private(set) var closedFrameCount = 0
  /// Path backend: the udev monitor that tells when a device node goes away (nil when udev
  /// cannot make one), the nodes of `pathDevices`, and the epoll fd that holds libinput's fd
  /// and the monitor's (-1 without a monitor).
  private let removals: DeviceRemovalMonitor?
  private var pathNodes: [String: DeviceRemovalMonitor.Node] = [:]
  private let pollDescriptor: Int32

  private struct TrackedDevice {
    var info: LibinputDeviceInfo
    /// Touches down: seat slot -> device slot.
    var activeTouches: [Int32: Int32] = [:]
    var lastTimeMicroseconds: UInt64 = 0
  }

  /// Creates the libinput context and adds the backend's devices.
  ///
  /// Throws `LibinputError.cannotOpenDevice` for a path-backend node that is missing or not
  /// accessible (the message names the missing group/capability), `.deviceRejected` when
  /// libinput refuses a node, `.seatAssignmentFailed` for a bad seat.
  public init(
    backend: LibinputBackend = .defaultSeatBackend, screenSize: ScreenSize = .fullHD,
    logger: Logger = Logger(label: "gesturebridge.libinput")
  ) throws {
    self.backend = backend
    self.screenSize = screenSize
    self.logger = logger
    guard let udev = udev_new() else { throw LibinputError.udevUnavailable }
    self.udev = udev
    callbacks = LibinputCallbacks(logger: logger)
    userData = .allocate(capacity: 1)
    userData.initialize(
      to: gb_libinput_context(
        log_sink: LibinputCallbacks.logSink,
        owner: Unmanaged.passUnretained(callbacks).toOpaque()))
    interface = .allocate(capacity: 1)
    interface.initialize(
      to: libinput_interface(
        open_restricted: LibinputCallbacks.openRestricted,
        close_restricted: LibinputCallbacks.closeRestricted))
    let created: OpaquePointer?
    switch backend {
    case .udev:
      created = libinput_udev_create_context(interface, userData, udev)
    case .path:
      created = libinput_path_create_context(interface, userData)
    }
    guard let created else {
      userData.deallocate()
      interface.deallocate()
      udev_unref(udev)
      throw LibinputError.contextCreationFailed
    }
    libinput = created
    gb_libinput_install_log_handler(libinput)
    libinput_log_set_priority(
      libinput,
      logger.logLevel <= .debug ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO)
    // Path backend: watch for unplugged nodes, from before the devices are opened so that no
    // removal goes unseen.
    if case .path = backend {
      (removals, pollDescriptor) = Self.removalWatch(libinputDescriptor: libinput_get_fd(created))
      if removals == nil {
        logger.warning("libinput: no udev monitor: unplugged devices will not be noticed")
      }
    } else {
      removals = nil
      pollDescriptor = -1
    }
    switch backend {
    case .udev(let seat):
      guard libinput_udev_assign_seat(libinput, seat) == 0 else {
        throw LibinputError.seatAssignmentFailed(seat: seat)
      }
      logger.info("libinput: listening on seat \(seat)")
    case .path(let paths):
      for path in paths { try addDevice(path: path) }
    }
  }

  deinit {
    for device in devices.keys { libinput_device_unref(device) }
    for device in pathDevices.values { libinput_device_unref(device) }
    libinput_unref(libinput)
    udev_unref(udev)
    if pollDescriptor >= 0 { close(pollDescriptor) }
    userData.deallocate()
    interface.deallocate()
  }

  /// The fd to poll for reading; call `dispatch(handler:)` when it is readable. With the
  /// udev backend it is libinput's fd; with the path backend an epoll fd of the source's that
  /// holds libinput's fd and the udev monitor's (readable when either is).
  public var fileDescriptor: Int32 {
    pollDescriptor >= 0 ? pollDescriptor : libinput_get_fd(libinput)
  }

  /// A udev monitor for removed nodes and an epoll fd holding it and libinput's fd; (nil, -1)
  /// when either cannot be made.
  private static func removalWatch(libinputDescriptor: Int32) -> (DeviceRemovalMonitor?, Int32) {
    guard let monitor = DeviceRemovalMonitor() else { return (nil, -1) }
    let descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard descriptor >= 0 else { return (nil, -1) }
    for watched in [libinputDescriptor, monitor.fileDescriptor] {
      var event = epoll_event()
      event.events = EPOLLIN.rawValue
      event.data.fd = watched
      if epoll_ctl(descriptor, EPOLL_CTL_ADD, watched, &event) != 0 {
        close(descriptor)
        return (nil, -1)
      }
    }
    return (monitor, descriptor)
  }

  /// Path backend: adds a device node at run time. Its `.deviceAdded` comes with the next
  /// `dispatch`.
  public func addDevice(path: String) throws {
    guard case .path = backend else {
      throw LibinputError.wrongBackend(
        "cannot add \(path): devices can only be added by path with the path backend")
    }
    let probe = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if probe < 0 {
      let error = errno
      throw LibinputError.cannotOpenDevice(
        path: path, explanation: DeviceAccess.explain(path: path, errno: error))
    }
    close(probe)
    var status = stat()
    if stat(path, &status) != 0 {
      let error = errno
      throw LibinputError.cannotOpenDevice(
        path: path, explanation: DeviceAccess.explain(path: path, errno: error))
    }
    if (status.st_mode & S_IFMT) != S_IFCHR {
      throw LibinputError.cannotOpenDevice(
        path: path, explanation: "not a character device node (expected /dev/input/eventN)")
    }
    guard let device = libinput_path_add_device(libinput, path) else {
      if let error = callbacks.openFailures[path] {
        throw LibinputError.cannotOpenDevice(
          path: path, explanation: DeviceAccess.explain(path: path, errno: error))
      }
      throw LibinputError.deviceRejected(path: path)
    }
    pathDevices[path] = libinput_device_ref(device)
    pathNodes[path] = DeviceRemovalMonitor.Node(path: path, number: status.st_rdev)
  }

  /// Path backend: removes a device added by `addDevice(path:)`; its touches are cancelled
  /// and `.deviceRemoved` follows with the next `dispatch`.
  public func removeDevice(path: String) {
    guard let device = pathDevices.removeValue(forKey: path) else { return }
    pathNodes[path] = nil
    libinput_path_remove_device(device)
    libinput_device_unref(device)
  }

  /// Reads what libinput has pending and reports it to `handler`; never blocks. With the path
  /// backend it first removes the devices whose nodes udev says are gone (their touches are
  /// then cancelled and `.deviceRemoved` follows in the same call).
  public func dispatch(handler: (LibinputSourceEvent) -> Void) throws {
    removeUnpluggedDevices()
    let result = libinput_dispatch(libinput)
    if result < 0 {
      throw LibinputError.systemCallFailed(call: "libinput_dispatch", errno: -result)
    }
    while let event = libinput_get_event(libinput) {
      handle(event, handler: handler)
      libinput_event_destroy(event)
    }
    if let time = frameCloser.sourceDrained() { closeOpenFrame(at: time, handler: handler) }
  }

  /// Hands on one touch event, closing frames libinput left open (`TouchFrameCloser`).
  private func emit(_ touch: TouchInputEvent, handler: (LibinputSourceEvent) -> Void) {
    if touch.kind == .frame {
      frameCloser.frameClosed()
    } else {
      if let time = frameCloser.frameToClose(beforeEventAtMicroseconds: touch.timeMicroseconds) {
        closeOpenFrame(at: time, handler: handler)
      }
      frameCloser.eventAdded(atMicroseconds: touch.timeMicroseconds)
      openFrameDevice = touch.device
    }
    handler(.touch(touch))
  }

  /// Sends the `.frame` libinput did not send for the open frame.
  private func closeOpenFrame(at time: UInt64, handler: (LibinputSourceEvent) -> Void) {
    frameCloser.frameClosed()
    closedFrameCount += 1
    if closedFrameCount == 1 {
      logger.info(
        "libinput sent touch events with no TOUCH_FRAME after them (libinput 1.22's frame flush on devices with fuzz); closing such frames here"
      )
    }
    var frame = TouchInputEvent.frame(at: time)
    frame.device = openFrameDevice
    handler(.touch(frame))
  }

  /// Path backend: removes the devices whose nodes the udev monitor reports removed.
  private func removeUnpluggedDevices() {
    guard let removals else { return }
    let removed = removals.removedNodes()
    guard !removed.isEmpty else { return }
    for (path, node) in pathNodes.sorted(by: { $0.key < $1.key })
    where removed.contains(where: {
      ($0.number != 0 && $0.number == node.number) || $0.path == node.path
    }) {
      logger.info("libinput: \(path) was unplugged; removing it")
      removeDevice(path: path)
    }
  }

  /// Blocks in `poll` until `fileDescriptor` is readable or `timeout` elapses (nil: forever).
  /// Returns whether it is readable. Retries on EINTR.
  public func waitForEvents(timeout: Duration?) throws -> Bool {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    while true {
      var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = deadline.map { Self.pollMilliseconds(until: $0, clock: clock) } ?? -1
      let result = poll(&descriptor, 1, milliseconds)
      if result > 0 { return true }
      if result == 0 { return false }
      let error = errno
      if error != EINTR { throw LibinputError.systemCallFailed(call: "poll", errno: error) }
    }
  }

  /// Dispatches events to `handler` until it returns `.stop` or `timeout` elapses (nil: no
  /// limit), sleeping in `poll` between events (no busy waiting, no polling interval).
  @discardableResult
  public func run(
    timeout: Duration? = nil, handler: (LibinputSourceEvent) -> LibinputRunDecision
  ) throws -> LibinputRunOutcome {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    var stopped = false
    while true {
      try dispatch { event in
        if !stopped, handler(event) == .stop { stopped = true }
      }
      if stopped { return .stopped }
      let remaining = deadline.map { $0 - clock.now }
      if let remaining, remaining <= .zero { return .timedOut }
      _ = try waitForEvents(timeout: remaining)
    }
  }

  static func pollMilliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock)
    -> Int32
  {
    let remaining = deadline - clock.now
    if remaining <= .zero { return 0 }
    let (seconds, attoseconds) = remaining.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }

  // MARK: Event translation

  private func handle(_ event: OpaquePointer, handler: (LibinputSourceEvent) -> Void) {
    let type = libinput_event_get_type(event)
    guard let device = libinput_event_get_device(event) else { return }
    switch type {
    case LIBINPUT_EVENT_DEVICE_ADDED:
      deviceAdded(device, handler: handler)
    case LIBINPUT_EVENT_DEVICE_REMOVED:
      deviceRemoved(device, handler: handler)
    case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
      LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
      guard devices[device] != nil, let touch = libinput_event_get_touch_event(event) else {
        return
      }
      emit(touchEvent(touch, type: type, device: device), handler: handler)
    default:
      break
    }
  }

  private func deviceAdded(_ device: OpaquePointer, handler: (LibinputSourceEvent) -> Void) {
    let name = String(cString: libinput_device_get_name(device))
    let sysname = String(cString: libinput_device_get_sysname(device))
    guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 else {
      logger.debug("libinput: ignoring \(sysname) '\(name)': not a touch device")
      return
    }
    var node = ""
    if let udevDevice = libinput_device_get_udev_device(device) {
      if let devnode = udev_device_get_devnode(udevDevice) { node = String(cString: devnode) }
      udev_device_unref(udevDevice)
    }
    var seat = ""
    if let libinputSeat = libinput_device_get_seat(device) {
      seat = String(cString: libinput_seat_get_physical_name(libinputSeat))
    }
    var width = 0.0
    var height = 0.0
    let hasSize = libinput_device_get_size(device, &width, &height) == 0
    let info = LibinputDeviceInfo(
      id: nextDeviceID, name: name, node: node, seat: seat,
      widthMillimetres: hasSize ? width : nil, heightMillimetres: hasSize ? height : nil)
    nextDeviceID += 1
    devices[libinput_device_ref(device)] = TrackedDevice(info: info)
    logger.info("touch device added: \(node) '\(name)' (device \(info.id), seat \(seat))")
    handler(.deviceAdded(info))
  }

  private func deviceRemoved(_ device: OpaquePointer, handler: (LibinputSourceEvent) -> Void) {
    guard let tracked = devices.removeValue(forKey: device) else { return }
    defer { libinput_device_unref(device) }
    if !tracked.activeTouches.isEmpty {
      logger.info(
        "touch device \(tracked.info.node) removed with \(tracked.activeTouches.count) touch(es) down; cancelling them"
      )
      let time = tracked.lastTimeMicroseconds
      for (seatSlot, slot) in tracked.activeTouches.sorted(by: { $0.key < $1.key }) {
        emit(
          TouchInputEvent(
            kind: .cancel, timeMicroseconds: time, device: tracked.info.id, slot: slot,
            seatSlot: seatSlot),
          handler: handler)
      }
      var frame = TouchInputEvent.frame(at: time)
      frame.device = tracked.info.id
      emit(frame, handler: handler)
    }
    logger.info("touch device removed: \(tracked.info.node) '\(tracked.info.name)'")
    handler(.deviceRemoved(tracked.info))
  }

  private func touchEvent(_ touch: OpaquePointer, type: libinput_event_type, device: OpaquePointer)
    -> TouchInputEvent
  {
    let time = libinput_event_touch_get_time_usec(touch)
    // One hash lookup per event: the device's entry is then reached by its index.
    let entry = devices.index(forKey: device)
    let id = entry.map { devices.values[$0].info.id } ?? -1
    if let entry { devices.values[entry].lastTimeMicroseconds = time }
    if type == LIBINPUT_EVENT_TOUCH_FRAME {
      var frame = TouchInputEvent.frame(at: time)
      frame.device = id
      return frame
    }
    let slot = libinput_event_touch_get_slot(touch)
    let seatSlot = libinput_event_touch_get_seat_slot(touch)
    switch type {
    case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
      if type == LIBINPUT_EVENT_TOUCH_DOWN, let entry {
        devices.values[entry].activeTouches[seatSlot] = slot
      }
      let panel = rotation.panelSize(for: screenSize)
      let point = rotation.screenPoint(
        panelX: libinput_event_touch_get_x_transformed(touch, UInt32(panel.width)),
        panelY: libinput_event_touch_get_y_transformed(touch, UInt32(panel.height)), panel: panel)
      return TouchInputEvent(
        kind: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .motion, timeMicroseconds: time,
        device: id, slot: slot, seatSlot: seatSlot, x: point.x, y: point.y,
        xMillimetres: libinput_event_touch_get_x(touch),
        yMillimetres: libinput_event_touch_get_y(touch))
    default:
      if let entry { devices.values[entry].activeTouches[seatSlot] = nil }
      return TouchInputEvent(
        kind: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel, timeMicroseconds: time,
        device: id, slot: slot, seatSlot: seatSlot)
    }
  }
}
