// SPDX-License-Identifier: MIT
import CWaylandServer

/// A `wl_listener` on a destroy signal (a resource's or the display's) that calls a Swift
/// closure once.
///
/// The listener lives in memory this object owns: a `wl_listener` followed by a pointer back
/// to the object, so the C notify function finds it without captures. `remove()` unlinks it
/// (call it before the object goes away if the resource may outlive it).
final class DestroyListener {
  private let storage: UnsafeMutableRawPointer
  private var onDestroy: (() -> Void)?
  private var isLinked = false

  private static let listenerSize = MemoryLayout<wl_listener>.stride

  /// Listens to `resource`'s destruction.
  convenience init(resource: OpaquePointer, onDestroy: @escaping () -> Void) {
    self.init(onDestroy: onDestroy) { wl_resource_add_destroy_listener(resource, $0) }
  }

  /// Listens to the display's destruction.
  convenience init(display: OpaquePointer, onDestroy: @escaping () -> Void) {
    self.init(onDestroy: onDestroy) { wl_display_add_destroy_listener(display, $0) }
  }

  private init(
    onDestroy: @escaping () -> Void, add: (UnsafeMutablePointer<wl_listener>) -> Void
  ) {
    storage = UnsafeMutableRawPointer.allocate(
      byteCount: Self.listenerSize + MemoryLayout<UnsafeMutableRawPointer>.stride,
      alignment: max(MemoryLayout<wl_listener>.alignment, MemoryLayout<UnsafeRawPointer>.alignment))
    self.onDestroy = onDestroy
    let listener = storage.bindMemory(to: wl_listener.self, capacity: 1)
    listener.initialize(to: wl_listener(link: wl_list(), notify: destroyListenerNotify))
    (storage + Self.listenerSize).storeBytes(
      of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
    add(listener)
    isLinked = true
  }

  deinit {
    remove()
    storage.deallocate()
  }

  /// Stops listening (the closure will not run).
  func remove() {
    guard isLinked else { return }
    isLinked = false
    wl_list_remove(&storage.assumingMemoryBound(to: wl_listener.self).pointee.link)
    onDestroy = nil
  }

  fileprivate static func owner(of listener: UnsafeMutablePointer<wl_listener>) -> DestroyListener {
    let raw = UnsafeMutableRawPointer(listener) + listenerSize
    return Unmanaged<DestroyListener>.fromOpaque(raw.load(as: UnsafeMutableRawPointer.self))
      .takeUnretainedValue()
  }

  fileprivate func fire() {
    let action = onDestroy
    // Unlinking inside the signal's emission is allowed; deinit must not unlink again.
    remove()
    action?()
  }
}

private func destroyListenerNotify(
  _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
) {
  guard let listener else { return }
  DestroyListener.owner(of: listener).fire()
}
