// SPDX-License-Identifier: MIT
/// Measures of a set of touches the built-in recognizers share. None allocates: they walk
/// the underlying array, because iterating a `TouchSet` through its `Collection`
/// conformance allocates a coroutine frame per element in unspecialized code (a `Touch` is
/// larger than the inline coroutine buffer). They read the fields they need by index rather
/// than copying whole touches (a copy retains the touch's view anchor).
extension TouchSet {
  /// How many of the touches are still down (began, moved or stationary).
  var liveCount: Int {
    var count = 0
    for index in storage.indices where storage[index].phase.isLive { count += 1 }
    return count
  }

  /// Whether a touch still down is farther than `distance` pixels from where it landed.
  func anyLiveTouch(movedFartherThan distance: Double) -> Bool {
    for index in storage.indices where storage[index].phase.isLive {
      let travel = storage[index].screenLocation.distance(to: storage[index].initialScreenLocation)
      if travel > distance { return true }
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
    for index in storage.indices {
      let phase = storage[index].phase
      guard phase == .moved || phase == .stationary else { continue }
      count += 1
      if phase == .moved {
        sum += storage[index].screenLocation - storage[index].previousScreenLocation
      }
    }
    return count == 0 ? .zero : sum / Double(count)
  }

  /// The mean of the landing locations of the touches still down (the origin when none).
  var initialCentroidOfLiveTouches: Point {
    var sum = Point.zero
    var count = 0
    for index in storage.indices where storage[index].phase.isLive {
      sum += storage[index].initialScreenLocation
      count += 1
    }
    return count == 0 ? .zero : sum / Double(count)
  }

  /// The mean of the current locations of the touches still down (the origin when none).
  var centroidOfLiveTouches: Point {
    var sum = Point.zero
    var count = 0
    for index in storage.indices where storage[index].phase.isLive {
      sum += storage[index].screenLocation
      count += 1
    }
    return count == 0 ? .zero : sum / Double(count)
  }

  /// Where touch `index` was in the previous frame: its previous location if it moved in
  /// this frame, its location otherwise.
  func previousScreenLocation(at index: Int) -> Point {
    storage[index].phase == .moved
      ? storage[index].previousScreenLocation : storage[index].screenLocation
  }

  /// Whether touch `index` was down in the previous frame and still is (moved or
  /// stationary).
  func wasAndIsDown(at index: Int) -> Bool {
    storage[index].phase == .moved || storage[index].phase == .stationary
  }
}
