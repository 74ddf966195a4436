import CDriveSeat
// SPDX-License-Identifier: MIT
import CWeston

/// A PNG of what an output shows, read back with the renderer's `read_pixels` (pixman or GL:
/// what weston last painted) and written with `PNGWriter`.
enum OutputScreenshot {
  /// Writes output `name`'s (nil: the first output's) pixels to `path`; a one-line message
  /// when it cannot.
  static func write(
    _ compositor: UnsafeMutablePointer<weston_compositor>, output name: String?, to path: String
  ) -> Result<(width: Int, height: Int), PNGWriter.WriteError> {
    var width: Int32 = 0
    var height: Int32 = 0
    guard let output = cweston_output_named(compositor, name),
      cwts_output_pixel_size(output, &width, &height)
    else { return .failure(PNGWriter.WriteError(message: "no output \(name ?? "(first)")")) }
    let count = Int(width) * Int(height)
    var pixels = [UInt32](repeating: 0, count: count)
    let read = pixels.withUnsafeMutableBytes {
      cwts_read_output_pixels(output, $0.baseAddress, width, height)
    }
    guard read else {
      return .failure(PNGWriter.WriteError(message: "the renderer cannot read pixels"))
    }
    let flipped = cwts_capture_y_flipped(compositor)
    var rgb = [UInt8](repeating: 0, count: count * 3)
    for row in 0..<Int(height) {
      let source = (flipped ? Int(height) - 1 - row : row) * Int(width)
      for column in 0..<Int(width) {
        let pixel = pixels[source + column]  // a8r8g8b8, native endian
        let target = (row * Int(width) + column) * 3
        rgb[target] = UInt8((pixel >> 16) & 0xff)
        rgb[target + 1] = UInt8((pixel >> 8) & 0xff)
        rgb[target + 2] = UInt8(pixel & 0xff)
      }
    }
    do {
      try PNGWriter.write(rgb: rgb, width: Int(width), height: Int(height), to: path)
    } catch {
      return .failure(error)
    }
    return .success((Int(width), Int(height)))
  }
}
