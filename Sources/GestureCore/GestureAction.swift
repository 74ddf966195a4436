// SPDX-License-Identifier: MIT
/// Identifies one action added with `addTarget(_:action:)`, for `removeTarget(_:action:)`.
public struct GestureActionToken: Sendable, Hashable {
  let rawValue: UInt64
}

/// A target-action pair: the closure runs on every state change except to failed.
struct GestureAction {
  let token: GestureActionToken
  /// The target the action was added for, held weakly like UIKit's targets; the action is
  /// dropped once a target it was given with is gone.
  weak var target: AnyObject?
  let hadTarget: Bool
  let body: (GestureRecognizer) -> Void
}
