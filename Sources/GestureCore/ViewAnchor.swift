/// Stands for one `View` in the touches that began in it: a touch refers to the anchor
/// strongly, so copying a touch is a plain retain, and never keeps its view alive. Lives as
/// long as the view and the touches that point to it; `view` is `nil` once the view is gone.
final class ViewAnchor {
  /// Not `weak`: a weakly referenced view gets a side table, and then every retain and release
  /// of it (several per touch event) takes the runtime's slow path. Lifetime: the view owns
  /// its anchor and sets this to nil in its `deinit`, so a non-nil value is a live view (views
  /// are used from one thread at a time, like the engine).
  unowned(unsafe) var view: View?
}
