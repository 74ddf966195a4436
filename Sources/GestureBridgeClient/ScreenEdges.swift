// SPDX-License-Identifier: MIT

/// Output edges a screen-edge pan may start from (UIKit `UIRectEdge`), as the user sees them:
/// the protocol's `edges` bitfield, generated from the protocol XML into ProtocolEnums.swift.
public typealias ScreenEdges = WireRecognizerEdges

extension ScreenEdges {
  /// Every edge (UIKit `.all`).
  public static let all: ScreenEdges = [.top, .left, .bottom, .right]
}
