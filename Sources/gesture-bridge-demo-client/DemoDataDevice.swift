// SPDX-License-Identifier: MIT
import CWaylandClient
import Glibc

/// The demo's drag-and-drop side (`--data-device`, `--drag-on-touch-down`): a `wl_data_device`
/// per seat whose events are printed as JSON lines (`drag-enter`, `drag-leave`, `drag-motion`,
/// `drag-drop`; offers are accepted as text/plain with the copy action), and, with
/// `dragsOnTouchDown`, one touch drag: at the first wl_touch.down the window gets, a
/// `wl_data_source` (text/plain, copy) and `wl_data_device.start_drag` with that down's serial
/// and the window as origin, printed as `{"event":"drag-started","serial":N}`; the source's
/// events are printed as `drag-source-...`. A source always exists: weston 10 crashes on a
/// start_drag without one (`source->seat` on NULL in data_device_start_drag).
final class DemoDataDevice {
  private let manager: OpaquePointer
  private let surface: OpaquePointer
  private var devices: [(seat: OpaquePointer, device: OpaquePointer)] = []
  private var dragsOnTouchDown: Bool
  private var source: OpaquePointer?
  private var offer: OpaquePointer?

  init(
    registry: OpaquePointer, name: UInt32, version: UInt32, surface: OpaquePointer,
    dragsOnTouchDown: Bool
  ) throws {
    guard
      let manager = OpaquePointer(
        wl_registry_bind(
          registry, name, cwl_client_data_device_manager_interface(), min(version, 3)))
    else { throw DemoError("cannot bind wl_data_device_manager") }
    self.manager = manager
    self.surface = surface
    self.dragsOnTouchDown = dragsOnTouchDown
  }

  /// Gets the seat's wl_data_device (once per seat).
  func add(seat: OpaquePointer) {
    guard !devices.contains(where: { $0.seat == seat }),
      let device = wl_data_device_manager_get_data_device(manager, seat)
    else { return }
    devices.append((seat, device))
    wl_data_device_add_listener(
      device, dataDeviceListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// A wl_touch.down with `serial` on `seat`: starts the drag if asked to and not done yet.
  func touchDown(serial: UInt32, seat: OpaquePointer) {
    guard dragsOnTouchDown else { return }
    add(seat: seat)
    guard let device = devices.first(where: { $0.seat == seat })?.device,
      let source = wl_data_device_manager_create_data_source(manager)
    else { return }
    dragsOnTouchDown = false
    self.source = source
    wl_data_source_add_listener(source, dataSourceListener, nil)
    wl_data_source_offer(source, "text/plain")
    wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
    wl_data_device_start_drag(device, source, surface, nil, serial)
    Output.line("{\"event\":\"drag-started\",\"serial\":\(serial)}")
  }

  fileprivate func entered(serial: UInt32, offer: OpaquePointer?) {
    Output.line("{\"event\":\"drag-enter\"}")
    self.offer = offer
    guard let offer else { return }
    wl_data_offer_accept(offer, serial, "text/plain")
    wl_data_offer_set_actions(
      offer, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue,
      WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
  }

  fileprivate func newOffer(_ offer: OpaquePointer?) {
    // Offers not entered with (selection offers) are released at once.
    if let offer, offer != self.offer { pendingOffers.append(offer) }
  }

  fileprivate func left() {
    Output.line("{\"event\":\"drag-leave\"}")
    releaseOffers()
  }

  fileprivate func dropped() {
    Output.line("{\"event\":\"drag-drop\"}")
    releaseOffers()
  }

  private var pendingOffers: [OpaquePointer] = []

  private func releaseOffers() {
    for offer in pendingOffers { wl_data_offer_destroy(offer) }
    pendingOffers.removeAll()
    offer = nil
  }
}

private func dataDevice(_ data: UnsafeMutableRawPointer?) -> DemoDataDevice? {
  data.map { Unmanaged<DemoDataDevice>.fromOpaque($0).takeUnretainedValue() }
}

nonisolated(unsafe) private let dataDeviceListener: UnsafeMutablePointer<wl_data_device_listener> =
  {
    var listener = wl_data_device_listener()
    listener.data_offer = { data, _, offer in dataDevice(data)?.newOffer(offer) }
    listener.enter = { data, _, serial, _, _, _, offer in
      dataDevice(data)?.entered(serial: serial, offer: offer)
    }
    listener.leave = { data, _ in dataDevice(data)?.left() }
    listener.motion = { _, _, _, _, _ in Output.line("{\"event\":\"drag-motion\"}") }
    listener.drop = { data, _ in dataDevice(data)?.dropped() }
    listener.selection = { _, _, _ in }
    let pointer = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
    pointer.initialize(to: listener)
    return pointer
  }()

nonisolated(unsafe) private let dataSourceListener: UnsafeMutablePointer<wl_data_source_listener> =
  {
    var listener = wl_data_source_listener()
    listener.target = { _, _, _ in Output.line("{\"event\":\"drag-source-target\"}") }
    listener.send = { _, _, _, fd in
      Glibc.close(fd)
      Output.line("{\"event\":\"drag-source-send\"}")
    }
    listener.cancelled = { _, _ in Output.line("{\"event\":\"drag-source-cancelled\"}") }
    listener.dnd_drop_performed = { _, _ in
      Output.line("{\"event\":\"drag-source-drop-performed\"}")
    }
    listener.dnd_finished = { _, _ in Output.line("{\"event\":\"drag-source-finished\"}") }
    listener.action = { _, _, _ in }
    let pointer = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
    pointer.initialize(to: listener)
    return pointer
  }()
