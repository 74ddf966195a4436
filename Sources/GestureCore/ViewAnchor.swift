/// Stands for one `View` in the touches that began in it: refers to the view weakly, so a
/// touch never keeps its view alive, while a touch refers to the anchor strongly, so copying a
/// touch is a plain retain instead of a weak-reference copy. Lives as long as the view and
/// the touches that point to it; `view` is `nil` once the view is gone.
final class ViewAnchor {
  weak var view: View?
}
