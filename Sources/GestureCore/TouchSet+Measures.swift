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

  /// The turn, in radians clockwise positive, of the vector from the first live touch to the
  /// second (in the order they landed) since the previous frame, when both were down then and
  /// still are; nil otherwise (the shortest turn, so it never jumps by 2 pi).
  var firstPairTurn: Double? {
    let storage = self.storage
    var first: Int?
    var second: Int?
    for index in storage.indices where storage[index].phase.isLive {
      if first == nil {
        first = index
      } else {
        second = index
        break
      }
    }
    guard let a = first, let b = second, storage[a].phase != .began, storage[b].phase != .began
    else { return nil }
    let before = previousScreenLocation(at: b) - previousScreenLocation(at: a)
    let now = storage[b].screenLocation - storage[a].screenLocation
    guard before.length > 1e-9, now.length > 1e-9 else { return nil }
    return wrappedAngle(arcTangent(y: now.y, x: now.x) - arcTangent(y: before.y, x: before.x))
  }

  /// The mean distance of the live touches from their centroid.
  var spreadOfLiveTouches: Double {
    let center = centroidOfLiveTouches
    var sum = 0.0
    var count = 0
    let storage = self.storage
    for index in storage.indices where storage[index].phase.isLive {
      sum += storage[index].screenLocation.distance(to: center)
      count += 1
    }
    return count == 0 ? 0 : sum / Double(count)
  }

  /// The spread now over the spread in the previous frame, of the fingers down in both
  /// frames (moved or stationary); nil when fewer than two or the old spread is ~0.
  var commonSpreadRatio: Double? {
    var now = Point.zero
    var before = Point.zero
    var count = 0
    let storage = self.storage
    for index in storage.indices where wasAndIsDown(at: index) {
      now += storage[index].screenLocation
      before += previousScreenLocation(at: index)
      count += 1
    }
    guard count >= 2 else { return nil }
    now = now / Double(count)
    before = before / Double(count)
    var spreadNow = 0.0
    var spreadBefore = 0.0
    for index in storage.indices where wasAndIsDown(at: index) {
      spreadNow += storage[index].screenLocation.distance(to: now)
      spreadBefore += previousScreenLocation(at: index).distance(to: before)
    }
    guard spreadBefore > 1e-9 else { return nil }
    return spreadNow / spreadBefore
  }
}
