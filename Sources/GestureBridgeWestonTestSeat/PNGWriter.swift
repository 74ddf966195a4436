// SPDX-License-Identifier: MIT
import CZlib
import Glibc

/// Writes 8-bit RGB PNG files (no interlace, filter 0 on every row; IDAT compressed and every
/// chunk's CRC computed with zlib), for the test seat's screenshots.
enum PNGWriter {
  struct WriteError: Error {
    var message: String
  }

  /// Writes `rgb` (3 bytes a pixel, `width` * `height` pixels, top row first) to `path`.
  static func write(rgb: [UInt8], width: Int, height: Int, to path: String) throws(WriteError) {
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 3 + 1) * height)
    for row in 0..<height {
      raw.append(0)
      raw.append(contentsOf: rgb[(row * width * 3)..<((row + 1) * width * 3)])
    }
    var compressedSize = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
    let status = compress2(&compressed, &compressedSize, raw, uLong(raw.count), 6)
    guard status == Z_OK else { throw WriteError(message: "zlib compress2 failed (\(status))") }
    compressed.removeSubrange(Int(compressedSize)...)

    var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    var header: [UInt8] = []
    append(UInt32(width), to: &header)
    append(UInt32(height), to: &header)
    header += [8, 2, 0, 0, 0]  // depth 8, RGB, deflate, filter 0, no interlace
    chunk("IHDR", header, into: &png)
    chunk("IDAT", compressed, into: &png)
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
    let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    append(UInt32(truncatingIfNeeded: crc), to: &png)
  }
}
