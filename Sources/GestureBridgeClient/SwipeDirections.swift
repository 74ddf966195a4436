// SPDX-License-Identifier: MIT

/// The directions a swipe recognizer accepts (UIKit `UISwipeGestureRecognizer.Direction`), in
/// surface-local orientation: right is towards increasing x, down towards increasing y. The
/// protocol's `direction` bitfield, generated from the protocol XML into ProtocolEnums.swift.
public typealias SwipeDirections = WireRecognizerDirection

extension SwipeDirections {
  /// Every direction of the protocol.
  public static let all: SwipeDirections = [.right, .left, .up, .down]
}
