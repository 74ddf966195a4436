/// Measures of a set of touches the built-in recognizers share. None allocates: they walk
/// the underlying array, because iterating a `TouchSet` through its `Collection`
/// conformance allocates a coroutine frame per element in unspecialized code (a `Touch` is
/// larger than the inline coroutine buffer).
extension TouchSet {
  /// How many of the touches are still down (began, moved or stationary).
  var liveCount: Int {
    var count = 0
    for touch in storage where touch.phase.isLive { count += 1 }
    return count
  }

  /// Whether a touch still down is farther than `distance` pixels from where it landed.
  func anyLiveTouch(movedFartherThan distance: Double) -> Bool {
    for touch in storage where touch.phase.isLive {
      if touch.screenLocation.distance(to: touch.initialScreenLocation) > distance { return true }
    }
    return false
  }

  /// How far, in this frame, the centroid of the fingers that were down in the previous
  /// frame and still are moved: the mean of their displacements (zero for a stationary
  /// one). Fingers landing or lifting in this frame do not count, so they never make the
  /// centroid jump. Zero when no finger was down in both frames.
  var commonCentroidDelta: Point {
    var sum = Point.zero
    var count = 0
    for touch in storage where touch.phase == .moved || touch.phase == .stationary {
      count += 1
      if touch.phase == .moved { sum += touch.screenLocation - touch.previousScreenLocation }
    }
    return count == 0 ? .zero : sum / Double(count)
  }

  /// The mean of the landing locations of the touches still down (the origin when none).
  var initialCentroidOfLiveTouches: Point {
    var sum = Point.zero
    var count = 0
    for touch in storage where touch.phase.isLive {
      sum += touch.initialScreenLocation
      count += 1
    }
    return count == 0 ? .zero : sum / Double(count)
  }

  /// The mean of the current locations of the touches still down (the origin when none).
  var centroidOfLiveTouches: Point {
    var sum = Point.zero
    var count = 0
    for touch in storage where touch.phase.isLive {
      sum += touch.screenLocation
      count += 1
    }
    return count == 0 ? .zero : sum / Double(count)
  }
}
