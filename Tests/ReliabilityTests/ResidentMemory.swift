// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's resident set size, from the second field of `/proc/self/statm` (pages)
/// times the page size; nil where `/proc` is not available.
enum ResidentMemory {
  static func bytes() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return nil
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// True when the process runs under a sanitizer that holds freed memory back (address
  /// sanitizer quarantine, thread sanitizer shadow), so resident size says nothing about leaks.
  static var isDistortedBySanitizer: Bool {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
  }
}
