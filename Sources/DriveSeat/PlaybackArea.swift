// SPDX-License-Identifier: MIT
import WestonModuleSupport

/// The rectangle a recording is mapped onto, in weston's global coordinates: an output, or
/// the client window with `fit=window` (`PlaybackFit`).
struct PlaybackArea: Equatable {
  var x: Int32
  var y: Int32
  var width: Int32
  var height: Int32

  init(_ output: OutputRectangle) {
    (x, y, width, height) = (output.x, output.y, output.width, output.height)
  }

  init(_ window: ClientWindow) {
    (x, y, width, height) = (window.x, window.y, window.width, window.height)
  }
}
