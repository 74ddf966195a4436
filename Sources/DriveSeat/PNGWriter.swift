// SPDX-License-Identifier: MIT
import Glibc

/// Writes 8-bit RGB PNG files for the test seat's screenshots: no interlace, filter 0 on every
/// row, and the zlib stream made of stored (uncompressed) deflate blocks, so the module needs
/// no compression library (and the installed module no Depends beyond weston's); a 1024x640
/// screenshot is about 2 MB. Any PNG reader reads them; `optipng` or `pngcrush` shrink them.
enum PNGWriter {
  struct WriteError: Error {
    var message: String
  }

  /// Writes `rgb` (3 bytes a pixel, `width` * `height` pixels, top row first) to `path`
  /// (through a temporary name and a rename, so a reader never sees half of it).
  static func write(rgb: [UInt8], width: Int, height: Int, to path: String) throws(WriteError) {
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 3 + 1) * height)
    for row in 0..<height {
      raw.append(0)
      raw.append(contentsOf: rgb[(row * width * 3)..<((row + 1) * width * 3)])
    }
    var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    var header: [UInt8] = []
    append(UInt32(width), to: &header)
    append(UInt32(height), to: &header)
    header += [8, 2, 0, 0, 0]  // depth 8, RGB, deflate, filter 0, no interlace
    chunk("IHDR", header, into: &png)
    chunk("IDAT", zlibStored(raw), into: &png)
    chunk("IEND", [], into: &png)

    let temporary = path + ".part"
    guard let file = fopen(temporary, "w") else {
      throw WriteError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let written = png.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == png.count, closed == 0, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw WriteError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// A zlib stream (RFC 1950) of `data` in stored deflate blocks (RFC 1951, BTYPE 00) of at
  /// most 65,535 bytes, with its Adler-32.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    stream.reserveCapacity(data.count + data.count / 65_535 * 5 + 16)
    var offset = 0
    repeat {
      let length = min(65_535, data.count - offset)
      let last: UInt8 = offset + length == data.count ? 1 : 0
      stream += [
        last, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff),
        UInt8((~length >> 8) & 0xff),
      ]
      stream += data[offset..<(offset + length)]
      offset += length
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    append(b << 16 | a, to: &stream)
    return stream
  }

  /// CRC-32 (ISO 3309, the one PNG chunks carry) of `bytes`.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
    }
    return crc ^ 0xffff_ffff
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 != 0 ? 0xedb8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff),
      UInt8(value & 0xff),
    ]
  }

  private static func chunk(_ type: String, _ body: [UInt8], into png: inout [UInt8]) {
    let typed = Array(type.utf8) + body
    append(UInt32(body.count), to: &png)
    png += typed
    append(crc32(typed), to: &png)
  }
}
