// SPDX-License-Identifier: MIT
import ArgumentParser

/// The recognizers the demo client can attach, by the name it prints for them.
enum DemoRecognizer: String, CaseIterable, ExpressibleByArgument {
  case tap
  case doubleTap = "double-tap"
  case longPress = "long-press"
  case pan
  case pinch
  case rotation
  case swipe
  case screenEdgePan = "screen-edge-pan"
  /// Translation, scale and rotation in one (protocol version 3).
  case transform

  /// tap, double-tap (tap requires it to fail), long-press, pan, pinch and rotation
  /// (simultaneous), swipe.
  static let defaultSet: [DemoRecognizer] = [
    .tap, .doubleTap, .longPress, .pan, .pinch, .rotation, .swipe,
  ]
}
