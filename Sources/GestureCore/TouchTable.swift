// SPDX-License-Identifier: MIT
/// The engine's touch records, by slot, and what their views are to hear: one value the
/// engine owns and mutates in place. A frame's bookkeeping of its fingers (finding each
/// sample's record, its new snapshot, each recognizer's copy, the frame's deliveries) runs in
/// methods of this value, so it costs one access to the engine's state, not one per field and
/// finger (each access to a class's stored property is checked for exclusivity at run time;
/// within a value's own mutating method they are checked when compiling).
///
/// A slot is a record's from its finger's `began` until the finger has lifted and its view
/// has heard the last of it; it is then free for the next finger, with its arrays' capacity,
/// so fingers coming and going allocate nothing once warm. Recognizers' books name their
/// records by slot (`RecognizerRecord.touchSlots`).
///
/// Nothing here calls a delegate, an action or a view's observer: those run in the engine,
/// outside any access to the table.
struct TouchTable {
  /// The records, by slot (free slots included).
  private(set) var records: [TouchRecord] = []
  /// The slots in use, in the order their fingers began.
  private(set) var order: [Int] = []
  /// Beside `order`, each record's touch id while its finger is down, nil once it lifted or
  /// was cancelled: a sample finds its record here without reading every record.
  private(set) var liveIDs: [TouchID?] = []
  private var freeSlots: [Int] = []
  /// The records of the frame's samples and the phase each sample gave its touch.
  private(set) var frameRecords: [FrameRecord] = []
  /// Recognizers that hear the frame, collected as its samples reach them.
  var frameRecognizers: [GestureRecognizer] = []
  /// What the views are to hear of their touches.
  var regulator = TouchDeliveryRegulator()
  var diagnostics = EngineDiagnostics()
  /// Whether a finger lifted or was cancelled since the last settle of the engine.
  var touchLiftedSinceSettle = false

  init() {
    records.reserveCapacity(16)
    order.reserveCapacity(16)
    liveIDs.reserveCapacity(16)
    freeSlots.reserveCapacity(16)
    frameRecords.reserveCapacity(16)
    frameRecognizers.reserveCapacity(32)
  }

  /// The fingers currently down, in the order they touched down.
  var liveTouchIDs: [TouchID] { liveIDs.compactMap { $0 } }

  /// Whether finger `id` is down.
  func isLive(_ id: TouchID) -> Bool { liveIDs.contains(id) }

  // MARK: A frame

  /// Starts a frame: touches that began or moved in the last one become stationary, and the
  /// frame's lists start empty.
  mutating func startFrame() {
    for slot in order { records[slot].touch.markStationary() }
    frameRecognizers.removeAllKeepingCapacity()
    frameRecords.removeAllKeepingCapacity()
  }

  /// A record for a finger that touched down, in a free slot or a new one; its `began` is
  /// part of the frame. A touch outside every view is never delivered.
  mutating func open(_ touch: Touch, view: View?) -> Int {
    let slot: Int
    if let free = freeSlots.popLast() {
      records[free].reuse(for: touch, view: view)
      slot = free
    } else {
      slot = records.count
      records.append(TouchRecord(touch: touch, view: view))
    }
    if view == nil { records[slot].delivery.close() }
    order.append(slot)
    liveIDs.append(touch.id)
    frameRecords.append(FrameRecord(slot: slot, phase: .began))
    return slot
  }

  /// Takes the frame's samples from `start` up to the next `began` (which needs the engine:
  /// hit test and delegates) or the end; returns where it stopped. A sample of a finger that
  /// is not down, and a stationary one, are skipped and counted.
  mutating func take(
    _ samples: ArraySlice<TouchSample>, from start: Int, atMicroseconds now: Int64,
    frame: UInt64
  ) -> Int {
    var index = start
    while index < samples.endIndex {
      let sample = samples[index]
      switch sample.phase {
      case .began: return index
      case .moved, .ended, .cancelled: update(sample, atMicroseconds: now, frame: frame)
      case .stationary: diagnostics.stationarySamples += 1
      }
      index += 1
    }
    return index
  }

  private mutating func update(_ sample: TouchSample, atMicroseconds now: Int64, frame: UInt64) {
    guard let index = liveIDs.firstIndex(of: sample.id) else {
      diagnostics.unknownTouchSamples += 1
      return
    }
    let slot = order[index]
    if !sample.phase.isLive {
      liveIDs[index] = nil
      touchLiftedSinceSettle = true
    }
    // Every change makes the last location the previous one, so per-frame deltas are never
    // counted twice (a sample that did not move has a zero delta).
    let previous = records[slot].touch.take(
      phase: sample.phase, location: sample.location, atMicroseconds: now)
    // Each recognizer's copy of the touch follows the record's. (By index: the recognizers
    // are read in place, not retained one by one.)
    var listed = 0
    while listed < records[slot].recognizers.count {
      if records[slot].recognizers[listed].changeTrackedTouches({
        $0.refresh(
          sample.id, phase: sample.phase, location: sample.location, previous: previous,
          atMicroseconds: now)
      }) {
        enlist(records[slot].recognizers[listed], phase: sample.phase, frame: frame)
      }
      listed += 1
    }
    frameRecords.append(FrameRecord(slot: slot, phase: sample.phase))
  }

  /// Collects `recognizer` for the frame's dispatch (once), with the phase of its touch.
  mutating func enlist(_ recognizer: GestureRecognizer, phase: TouchPhase, frame: UInt64) {
    if recognizer.arbitration.frameDispatch.enlist(phase, inFrame: frame) {
      frameRecognizers.append(recognizer)
    }
  }

  /// Gets the frame's recognizers ready to hear it (in the order their gestures began) and
  /// tells the regulator the frame is being recognized; false when no recognizer hears it.
  mutating func startDispatch() -> Bool {
    guard !frameRecognizers.isEmpty else { return false }
    orderFrameRecognizersByGestureStart()
    regulator.isDispatchingFrame = true
    return true
  }

  /// Puts the frame's recognizers in the order their gestures began, earliest first, keeping
  /// the order of the touch records (hit view first, then in the order added) among those
  /// that began together. A double tap on its second tap is heard before a single tap that
  /// joined on that second tap, whatever order the two were added in. A stable insertion
  /// sort: linear, and nothing to move, when all began together.
  private mutating func orderFrameRecognizersByGestureStart() {
    var index = 1
    while index < frameRecognizers.count {
      let recognizer = frameRecognizers[index]
      let start = recognizer.arbitration.joinedMicroseconds
      var slot = index
      while slot > 0 && frameRecognizers[slot - 1].arbitration.joinedMicroseconds > start {
        frameRecognizers[slot] = frameRecognizers[slot - 1]
        slot -= 1
      }
      if slot != index { frameRecognizers[slot] = recognizer }
      index += 1
    }
  }

  /// Tells the regulator what the frame did to each touch, in the order of its samples, once
  /// the recognizers have heard it.
  mutating func deliverFrame() {
    for entry in frameRecords {
      switch entry.phase {
      case .began: regulator.touchBegan(&records[entry.slot])
      case .moved: regulator.touchMoved(&records[entry.slot])
      case .ended, .cancelled: regulator.touchEnded(&records[entry.slot])
      case .stationary: break
      }
    }
  }

  // MARK: Recognizers on touches

  /// Lists `recognizer` on the record in `slot`: undecided, it holds what it delays; active,
  /// it is active on the touch.
  mutating func list(
    _ recognizer: GestureRecognizer, on slot: Int, holdsBegan: Bool, holdsEnded: Bool,
    isActive: Bool
  ) {
    records[slot].recognizers.append(recognizer)
    if holdsBegan { records[slot].beganHolders += 1 }
    if holdsEnded { records[slot].endHolders += 1 }
    if isActive { records[slot].activeRecognizers.append(recognizer) }
  }

  /// How a recognizer's move changes who is active on its touches.
  enum Activity: Equatable {
    case same, activates, deactivates
  }

  /// A recognizer of the records in `slots` moved: it holds back no more of the deliveries
  /// it released (`releasingBegan`, `releasingEnded`: it was undecided and is decided now),
  /// and it became active on them or stopped being active (`activity`).
  mutating func follow(
    _ recognizer: GestureRecognizer, on slots: [Int], releasingBegan: Bool,
    releasingEnded: Bool, activity: Activity
  ) {
    if releasingBegan || releasingEnded {
      release(slots, began: releasingBegan, ended: releasingEnded)
    }
    switch activity {
    case .same: break
    case .activates: activate(recognizer, on: slots)
    case .deactivates: deactivate(recognizer, on: slots)
    }
  }

  /// A recognizer of the records in `slots` is decided: it holds back no more of their
  /// deliveries.
  mutating func release(_ slots: [Int], began: Bool, ended: Bool) {
    for slot in slots {
      if began { records[slot].beganHolders -= 1 }
      if ended { records[slot].endHolders -= 1 }
    }
  }

  /// `recognizer` began: it is active on the records in `slots`.
  mutating func activate(_ recognizer: GestureRecognizer, on slots: [Int]) {
    for slot in slots { records[slot].activeRecognizers.append(recognizer) }
  }

  /// `recognizer` ended, was cancelled or failed: it is no longer active on `slots`.
  mutating func deactivate(_ recognizer: GestureRecognizer, on slots: [Int]) {
    for slot in slots { records[slot].removeActive(recognizer) }
  }

  /// `recognizer` ignores the touch of the record in `slot`: it leaves the record, and what
  /// it held (`holdsBegan`, `holdsEnded`: it is undecided and delays them) is released.
  mutating func remove(
    _ recognizer: GestureRecognizer, from slot: Int, holdsBegan: Bool, holdsEnded: Bool
  ) {
    if let index = records[slot].recognizers.firstIndex(where: { $0 === recognizer }) {
      records[slot].recognizers.remove(at: index)
    }
    if holdsBegan { records[slot].beganHolders -= 1 }
    if holdsEnded { records[slot].endHolders -= 1 }
    records[slot].removeActive(recognizer)
    regulator.recheck(&records[slot])
  }

  /// Recognizers of the records in `slots` were reset: their lists are compacted at the end
  /// of the step (`compact()`).
  mutating func markReset(_ slots: [Int]) {
    for slot in slots { records[slot].hasResetRecognizers = true }
  }

  /// Takes the recognizers reset in this step off the records that listed them and releases
  /// what they held: once per record, however many left it.
  mutating func compact() {
    for slot in order where records[slot].hasResetRecognizers {
      records[slot].hasResetRecognizers = false
      records[slot].recognizers.removeKeepingOrder { !$0.arbitration.isParticipating }
      regulator.recheck(&records[slot])
    }
  }

  // MARK: Deliveries

  /// A recognizer with `cancelsTouchesInView` began or recognized on the records in `slots`.
  mutating func cancelForRecognition(_ slots: [Int]) {
    for slot in slots { regulator.cancelForRecognition(&records[slot]) }
  }

  /// Releases what no recognizer of the records in `slots` holds any more.
  mutating func recheck(_ slots: [Int]) {
    for slot in slots { regulator.recheck(&records[slot]) }
  }

  // MARK: Forgetting fingers

  /// Frees the slots of the fingers that lifted and whose views have heard the last of them;
  /// the recognizers still naming such a slot forget it.
  mutating func recycleFinished() {
    // Only a record whose finger has lifted can be finished.
    guard liveIDs.contains(nil) else { return }
    var index = 0
    while index < order.count {
      let slot = order[index]
      if liveIDs[index] == nil && records[slot].isFinished {
        order.remove(at: index)
        liveIDs.remove(at: index)
        for recognizer in records[slot].recognizers {
          recognizer.arbitration.removeTouchSlot(slot)
        }
        records[slot].forgetRecognizers()
        freeSlots.append(slot)
      } else {
        index += 1
      }
    }
  }

  /// Whether a finger that began in the view of `reference` or one of its subviews is still
  /// down (false once the view has gone). A finger in the view itself is found by comparing
  /// references, without loading a view; only then are the views' trees walked.
  func hasLiveTouch(inside reference: ViewReference) -> Bool {
    guard reference.isViewAlive else { return false }
    var others = false
    for slot in order where records[slot].touch.phase.isLive {
      guard let hit = records[slot].touch.viewReference else { continue }
      if hit === reference { return true }
      others = true
    }
    guard others, let view = reference.view else { return false }
    for slot in order where records[slot].touch.phase.isLive {
      if let hit = records[slot].touch.view, hit.isDescendant(of: view) { return true }
    }
    return false
  }

  /// Lets go of every recognizer (the engine is going away): a finger left down keeps none
  /// of them alive.
  mutating func removeAllRecognizers() {
    for slot in records.indices {
      records[slot].recognizers.removeAll()
      records[slot].activeRecognizers.removeAll()
    }
  }
}
