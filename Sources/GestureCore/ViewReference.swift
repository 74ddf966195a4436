// SPDX-License-Identifier: MIT
/// A weak reference to a view, made once per view (`View.reference`) and held strongly by
/// every `Touch` of the view. A touch is copied often (each recognizer keeps its touches, a
/// recognizer's touches are lent and remembered); copying one retains this object, which
/// nothing references weakly (the runtime's fast path), where copying a weak reference to the
/// view itself would go through the view's side table (the slow path). The view stays free
/// to go: `view` turns nil when it does, as a weak reference does.
final class ViewReference {
  weak var view: View?
  /// False once the view has gone (its `deinit`): read where loading `view` would only be
  /// to know whether it is still there.
  var isViewAlive = true

  init() {}
}
