// SPDX-License-Identifier: MIT
/// A weak reference in a value, for lists that must not keep their elements alive.
struct WeakBox<Object: AnyObject> {
  weak var value: Object?
  init(_ value: Object) { self.value = value }
}
