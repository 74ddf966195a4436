// SPDX-License-Identifier: MIT
/// A set of bit numbers rendered the ways the kernel and evdev ioctls show them.
struct KernelBitmap {
  var bits: Set<Int>

  init<S: Sequence>(_ bits: S) where S.Element: BinaryInteger {
    self.bits = Set(bits.map { Int($0) })
  }

  /// sysfs `capabilities/*` format: 64-bit words in hex from the highest non-zero word down
  /// to word 0, separated by spaces; `"0"` when empty. E.g. bit 330 -> `"400 0 0 0 0 0"`.
  var sysfsText: String {
    guard let highest = bits.max() else { return "0" }
    let wordCount = highest / 64 + 1
    var words = [UInt64](repeating: 0, count: wordCount)
    for bit in bits { words[bit / 64] |= UInt64(1) << UInt64(bit % 64) }
    return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
  }

  /// The little-endian byte array an `EVIOCGBIT`-style ioctl fills, `byteCount` bytes long.
  func bytes(count byteCount: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: byteCount)
    for bit in bits where bit / 8 < byteCount { bytes[bit / 8] |= UInt8(1) << UInt8(bit % 8) }
    return bytes
  }
}

extension Array where Element == UInt8 {
  /// Upper-case hex without separators, as in umockdev ioctl records.
  var upperHex: String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(count * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    var littleEndian = value.littleEndian
    Swift.withUnsafeBytes(of: &littleEndian) { append(contentsOf: $0) }
  }
}
