// SPDX-License-Identifier: MIT
/// The colours of fingers in a trace, by finger number: a fixed list (colour-blind friendly
/// first), so finger 1 is always blue, finger 2 always vermilion, and so on; numbers past the
/// end of the list start it again.
public enum FingerPalette {
  /// `#RRGGBB` colours for fingers 1, 2, 3, ...
  public static let colours = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
    "#56B4E9", "#8C564B", "#9467BD", "#BCBD22", "#17BECF",
  ]

  /// The colour of finger `number` (1-based).
  public static func colour(forFinger number: Int) -> String {
    colours[(max(number, 1) - 1) % colours.count]
  }
}
