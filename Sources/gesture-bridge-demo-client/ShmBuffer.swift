// SPDX-License-Identifier: MIT
import CWaylandClient
import Glibc

/// One XRGB8888 `wl_buffer` of a fixed size filled with one colour, in shared memory
/// (an unlinked POSIX shared memory object) handed to the compositor through `wl_shm`.
final class ShmBuffer {
  let buffer: OpaquePointer

  /// Creates the buffer; returns nil (with `reason` set) if memory or the pool cannot be made.
  init?(shm: OpaquePointer, width: Int32, height: Int32, colour: UInt32, reason: inout String) {
    let stride = width * 4
    let size = Int(stride) * Int(height)
    let name = "/gesture-bridge-demo-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      reason = "shm_open(\(name)) failed: errno \(errno)"
      return nil
    }
    shm_unlink(name)
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0,
      let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
      memory != MAP_FAILED
    else {
      reason = "cannot map \(size) bytes of shared memory: errno \(errno)"
      return nil
    }
    let pixels = memory.bindMemory(to: UInt32.self, capacity: size / 4)
    pixels.initialize(repeating: colour | 0xFF00_0000, count: size / 4)
    munmap(memory, size)
    guard let pool = wl_shm_create_pool(shm, descriptor, Int32(size)) else {
      reason = "wl_shm.create_pool failed"
      return nil
    }
    defer { wl_shm_pool_destroy(pool) }
    guard
      let buffer = wl_shm_pool_create_buffer(
        pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888.rawValue)
    else {
      reason = "wl_shm_pool.create_buffer failed"
      return nil
    }
    self.buffer = buffer
  }

  deinit {
    wl_buffer_destroy(buffer)
  }
}
