// SPDX-License-Identifier: MIT
/// A compositor pinch recognizer (like `UIPinchGestureRecognizer`): continuous, with scale and
/// its velocity. It has no parameters besides the common ones.
public final class PinchRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.pinch
}
