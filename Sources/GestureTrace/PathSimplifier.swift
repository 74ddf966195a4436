// SPDX-License-Identifier: MIT
/// Simplifies polylines for drawing (Ramer-Douglas-Peucker): drops the points that lie within
/// `tolerance` of the line through the points kept around them. The first and the last point
/// are always kept, so a path still starts and ends where the finger did. Long paths are
/// simplified in windows of `window` points (whose ends are kept), which bounds the work on
/// paths that hardly simplify.
public enum PathSimplifier {
  static let window = 2048

  /// The indices of the points of `points` to keep, ascending; always includes the first and
  /// the last index (for one point: just 0; for none: none).
  public static func keptIndices(_ points: [(x: Double, y: Double)], tolerance: Double) -> [Int] {
    guard points.count > 2 else { return Array(points.indices) }
    var keep = [Bool](repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    // An explicit stack instead of recursion: paths may have many thousand points.
    var ranges: [(Int, Int)] = []
    var windowStart = 0
    while windowStart < points.count - 1 {
      let windowEnd = min(windowStart + window, points.count - 1)
      keep[windowEnd] = true
      ranges.append((windowStart, windowEnd))
      windowStart = windowEnd
    }
    while let (first, last) = ranges.popLast() {
      guard last - first > 1 else { continue }
      var farthest = first
      var farthestDistance = -1.0
      for index in (first + 1)..<last {
        let distance = distanceToSegment(points[index], points[first], points[last])
        if distance > farthestDistance {
          farthestDistance = distance
          farthest = index
        }
      }
      if farthestDistance > tolerance {
        keep[farthest] = true
        ranges.append((first, farthest))
        ranges.append((farthest, last))
      }
    }
    return keep.indices.filter { keep[$0] }
  }

  /// The distance from `point` to the segment from `start` to `end`.
  static func distanceToSegment(
    _ point: (x: Double, y: Double), _ start: (x: Double, y: Double),
    _ end: (x: Double, y: Double)
  ) -> Double {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let lengthSquared = dx * dx + dy * dy
    var t = 0.0
    if lengthSquared > 0 {
      t = ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared
      t = min(1, max(0, t))
    }
    let nearestX = start.x + t * dx - point.x
    let nearestY = start.y + t * dy - point.y
    return (nearestX * nearestX + nearestY * nearestY).squareRoot()
  }
}
