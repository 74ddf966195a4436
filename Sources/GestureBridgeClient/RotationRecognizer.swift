// SPDX-License-Identifier: MIT
/// A compositor rotation recognizer (like `UIRotationGestureRecognizer`): continuous, with the
/// rotation in radians and its velocity. It has no parameters besides the common ones.
public final class RotationRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.rotation
}
