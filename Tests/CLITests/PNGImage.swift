// SPDX-License-Identifier: MIT
import CZlib
import Foundation

/// A decoded PNG picture (8-bit RGB or RGBA, not interlaced: what rsvg-convert writes), as
/// RGBA pixels, for checking what a rendering shows.
struct PNGImage {
  struct DecodeError: Error, CustomStringConvertible {
    var description: String
  }

  let width: Int
  let height: Int
  /// RGBA bytes, row by row.
  let pixels: [UInt8]

  init(path: String) throws {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard data.count > 8, data[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
      throw DecodeError(description: "\(path): not a PNG file")
    }
    var offset = 8
    var header: (width: Int, height: Int, depth: UInt8, colour: UInt8, interlace: UInt8)?
    var compressed: [UInt8] = []
    func integer(_ at: Int) -> Int {
      Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }
    while offset + 8 <= data.count {
      let length = integer(offset)
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let body = offset + 8
      guard body + length + 4 <= data.count else {
        throw DecodeError(description: "\(path): truncated \(type) chunk")
      }
      switch type {
      case "IHDR":
        header = (integer(body), integer(body + 4), data[body + 8], data[body + 9], data[body + 12])
      case "IDAT":
        compressed.append(contentsOf: data[body..<(body + length)])
      default:
        break
      }
      offset = body + length + 4
      if type == "IEND" { break }
    }
    guard let header, header.depth == 8, header.colour == 2 || header.colour == 6,
      header.interlace == 0
    else {
      throw DecodeError(description: "\(path): not an 8-bit RGB(A), non-interlaced PNG")
    }
    let channels = header.colour == 6 ? 4 : 3
    let rowBytes = header.width * channels
    var raw = [UInt8](repeating: 0, count: header.height * (rowBytes + 1))
    var rawLength = uLongf(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { output in
      compressed.withUnsafeBufferPointer { input in
        uncompress(output.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, Int(rawLength) == raw.count else {
      throw DecodeError(description: "\(path): image data does not inflate (zlib \(status))")
    }
    // Undo the per-row filters (PNG specification, section 9).
    var image = [UInt8](repeating: 0, count: header.height * rowBytes)
    for row in 0..<header.height {
      let filter = raw[row * (rowBytes + 1)]
      let source = row * (rowBytes + 1) + 1
      let target = row * rowBytes
      for index in 0..<rowBytes {
        let value = raw[source + index]
        let left = index >= channels ? Int(image[target + index - channels]) : 0
        let up = row > 0 ? Int(image[target - rowBytes + index]) : 0
        let upLeft =
          row > 0 && index >= channels ? Int(image[target - rowBytes + index - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predicted =
            distances.0 <= distances.1 && distances.0 <= distances.2
            ? left : (distances.1 <= distances.2 ? up : upLeft)
        default:
          throw DecodeError(description: "\(path): unknown row filter \(filter)")
        }
        image[target + index] = UInt8(truncatingIfNeeded: Int(value) + predicted)
      }
    }
    width = header.width
    height = header.height
    if channels == 4 {
      pixels = image
    } else {
      var rgba: [UInt8] = []
      rgba.reserveCapacity(width * height * 4)
      for index in stride(from: 0, to: image.count, by: 3) {
        rgba.append(contentsOf: [image[index], image[index + 1], image[index + 2], 255])
      }
      pixels = rgba
    }
  }

  /// How many pixels differ from opaque white.
  var nonWhitePixels: Int {
    var count = 0
    for index in stride(from: 0, to: pixels.count, by: 4)
    where pixels[index] != 255 || pixels[index + 1] != 255 || pixels[index + 2] != 255
      || pixels[index + 3] != 255
    {
      count += 1
    }
    return count
  }

  /// How many opaque pixels have exactly the colour `#RRGGBB`.
  func pixels(ofColour hex: String) -> Int {
    let value = Int(hex.dropFirst(), radix: 16) ?? -1
    let (red, green, blue) = (UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255))
    var count = 0
    for index in stride(from: 0, to: pixels.count, by: 4)
    where pixels[index] == red && pixels[index + 1] == green && pixels[index + 2] == blue
      && pixels[index + 3] == 255
    {
      count += 1
    }
    return count
  }
}
