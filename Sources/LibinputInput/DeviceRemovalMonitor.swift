// SPDX-License-Identifier: MIT
import CLibinput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tells when input device nodes go away: a udev monitor on the `input` subsystem. libinput's
/// path backend never reports an unplugged device by itself (1.22: on the read error it only
/// stops reading the device's fd), so touches down would stay down for ever.
/// `LibinputTouchSource` asks this monitor which of its path-backend nodes were removed and
/// removes them from libinput, which then cancels their touches and reports the removal.
final class DeviceRemovalMonitor {
  /// A device node identified by its path and device number (which also matches a node
  /// given through a symlink).
  struct Node: Equatable {
    var path: String
    var number: dev_t

    init(path: String, number: dev_t) {
      self.path = path
      self.number = number
    }
  }

  private let udev: OpaquePointer
  private let monitor: OpaquePointer

  /// nil when udev cannot make a monitor (no netlink, no /sys).
  init?() {
    guard let udev = udev_new() else { return nil }
    guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
      udev_unref(udev)
      return nil
    }
    udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
    guard udev_monitor_enable_receiving(monitor) == 0 else {
      udev_monitor_unref(monitor)
      udev_unref(udev)
      return nil
    }
    self.udev = udev
    self.monitor = monitor
  }

  deinit {
    udev_monitor_unref(monitor)
    udev_unref(udev)
  }

  /// The fd to watch for reading (non-blocking).
  var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

  /// Reads every pending uevent; the nodes that were removed.
  func removedNodes() -> [Node] {
    var removed: [Node] = []
    while let device = udev_monitor_receive_device(monitor) {
      defer { udev_device_unref(device) }
      guard let action = udev_device_get_action(device), String(cString: action) == "remove",
        let devnode = udev_device_get_devnode(device)
      else { continue }
      removed.append(Node(path: String(cString: devnode), number: udev_device_get_devnum(device)))
    }
    return removed
  }
}
