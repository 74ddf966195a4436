// SPDX-License-Identifier: MIT
import CUmockdev
import LibinputRecording
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A umockdev testbed (`umockdev_testbed_new`) in this process holding mocked evdev devices.
/// libumockdev is loaded when the first testbed is made (`CUmockdev`), so programs that only
/// may mock devices do not link it.
///
/// Only works in a process started with `LD_PRELOAD=libumockdev-preload.so.0` (plus
/// `libUmockdevPreloadFix.so` for libinput); see `UmockdevPreload.reexecIfNeeded()`.
/// Creating the testbed sets `UMOCKDEV_DIR`, so create it before any udev/libinput context.
public final class MockedTestbed {
  private let testbed: OpaquePointer
  private var usedEventNumbers: Set<Int> = []
  public private(set) var devices: [MockedTouchscreen] = []

  /// Throws `MockedDeviceError.preloadNotActive` when libumockdev-preload is not loaded, and
  /// `.umockdevFailed` when libumockdev cannot be loaded.
  public init() throws {
    guard UmockdevPreload.isUmockdevPreloadLoaded else {
      throw MockedDeviceError.preloadNotActive(
        "umockdev testbeds need LD_PRELOAD=libumockdev-preload.so.0 "
          + "(run through umockdev-wrapper or UmockdevPreload.reexecIfNeeded())")
    }
    if let problem = gb_umockdev_load() {
      defer { free(problem) }
      throw MockedDeviceError.umockdevFailed(node: "testbed", message: String(cString: problem))
    }
    guard let testbed = gb_umockdev_testbed_new() else {
      throw MockedDeviceError.umockdevFailed(
        node: "testbed", message: "umockdev_testbed_new failed")
    }
    self.testbed = testbed
  }

  deinit {
    gb_umockdev_testbed_free(testbed)
  }

  /// The testbed's root directory (`$UMOCKDEV_DIR`).
  public var rootDirectory: String {
    guard let root = gb_umockdev_testbed_get_root_dir(testbed) else { return "" }
    defer { free(root) }
    return String(cString: root)
  }

  /// Adds a mocked evdev device for `description` (its sysfs/udev description and ioctl
  /// answers), announcing it with an `add` uevent. The node is the description's
  /// `/dev/input/eventN` unless that number is taken, then the next free one.
  public func addDevice(_ description: EvdevDeviceDescription) throws -> MockedTouchscreen {
    let files = MockedDeviceFiles(
      description: description, eventNumber: nextEventNumber(preferred: description.node))
    var error: UnsafeMutablePointer<CChar>? = nil
    guard gb_umockdev_testbed_add_from_string(testbed, files.umockdevDescription, &error) else {
      throw MockedDeviceError.umockdevFailed(node: files.node, message: Self.take(error))
    }
    let ioctlPath = "\(rootDirectory)/gesturebridge-event\(files.eventNumber).ioctl"
    try Self.writeFile(ioctlPath, contents: files.ioctlRecord, node: files.node)
    guard gb_umockdev_testbed_load_ioctl(testbed, files.node, ioctlPath, &error) else {
      throw MockedDeviceError.umockdevFailed(node: files.node, message: Self.take(error))
    }
    let fd = gb_umockdev_testbed_get_dev_fd(testbed, files.node)
    guard fd >= 0 else {
      throw MockedDeviceError.umockdevFailed(
        node: files.node, message: "umockdev_testbed_get_dev_fd returned \(fd)")
    }
    usedEventNumbers.insert(files.eventNumber)
    let device = MockedTouchscreen(description: description, files: files, writeDescriptor: fd)
    devices.append(device)
    gb_umockdev_testbed_uevent(testbed, files.syspath, "add")
    return device
  }

  /// Removes the device (`remove` uevent, then `umockdev_testbed_remove_device`), as if it
  /// was unplugged.
  public func remove(_ device: MockedTouchscreen) {
    guard !device.isRemoved else { return }
    gb_umockdev_testbed_uevent(testbed, device.files.syspath, "remove")
    gb_umockdev_testbed_remove_device(testbed, device.files.syspath)
    device.isRemoved = true
  }

  private func nextEventNumber(preferred node: String) -> Int {
    let digits = node.reversed().prefix { $0.isNumber }.reversed()
    var number = Int(String(digits)) ?? 0
    while usedEventNumbers.contains(number) { number += 1 }
    return number
  }

  /// The message `CUmockdev` handed over, freed.
  private static func take(_ error: UnsafeMutablePointer<CChar>?) -> String {
    guard let message = error else { return "unknown error" }
    defer { free(message) }
    return String(cString: message)
  }

  private static func writeFile(_ path: String, contents: String, node: String) throws {
    guard let file = fopen(path, "w") else {
      throw MockedDeviceError.umockdevFailed(
        node: node, message: "cannot write \(path) (errno \(errno))")
    }
    defer { fclose(file) }
    let bytes = Array(contents.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
      throw MockedDeviceError.umockdevFailed(node: node, message: "cannot write \(path)")
    }
  }
}
