// SPDX-License-Identifier: MIT
import TouchInput

/// The events of one multitouch protocol-A packet, collected until its `SYN_REPORT` and then
/// handed to mtdev (`MtdevConverter`), with the checks mtdev does not make.
///
/// A packet lists every contact: its `ABS_MT_*` values, then `SYN_MT_REPORT`. Contacts are
/// passed on as they are, except:
/// - mtdev reads some values of a contact whether or not the packet set them: the tracking id
///   on a device that reports `ABS_MT_TRACKING_ID`, and the touch size on a device that
///   reports `ABS_MT_TOUCH_MAJOR` but no tracking id (to tell touches from hovering). A contact
///   without them would get whatever was in mtdev's memory, so its values are dropped; so are
///   those of a contact without both positions (mtdev ignores such a contact anyway);
/// - mtdev 1.1.6 loops for ever once its 32nd slot (bit 31 of its slot masks) is in use:
///   `foreach_bit` shifts by 32. A packet of 32 contacts does that, and so can fewer when new
///   contacts land while old ones are still listed, so at most `maximumContacts` contacts of
///   a packet reach mtdev (their slots then stay below 30); the values of the others are
///   dropped. libinput, which feeds mtdev unchecked, hangs on such packets;
/// - a packet of more than `maximumEvents` events is dropped whole: mtdev's buffers would wrap
///   around and garble it (libinput loses it the same way), and the decoder's buffer stays
///   bounded.
/// The `SYN_MT_REPORT` of a contact whose values are dropped stays, so mtdev still sees a
/// contact list, and so do the packet's other events. Values after the last `SYN_MT_REPORT`
/// are passed on (mtdev ignores them) and reported.
struct ProtocolAPacket: Sendable {
  /// A problem with the packet's data.
  enum Problem: Sendable, Hashable {
    /// A contact's values were dropped: it lacks `missing` (an axis name or names).
    case contactDropped(contact: Int, missing: String)
    /// `count` multitouch values after the packet's last `SYN_MT_REPORT`; mtdev ignores them.
    case unterminatedContact(count: Int)
    /// The packet has `count` contacts; the values of those after `maximumContacts` were
    /// dropped.
    case tooManyContacts(count: Int)
    /// The packet has `count` events, more than `maximumEvents`, and was dropped.
    case tooLarge(count: Int)
  }

  /// Contacts of one packet that reach mtdev (see the type's comment). libinput has only 10
  /// slots for a protocol-A device, so contacts beyond 10 misbehave there anyway.
  static let maximumContacts = 15
  /// Events of one packet that reach mtdev: with `maximumContacts` contacts changing every
  /// axis and as many lifting, mtdev's output then stays within its 512-event buffer too.
  static let maximumEvents = 256

  /// The packet so far (what is passed to mtdev).
  private(set) var events: [EvdevEvent] = []
  /// The `ABS_MT_*` bits (see `multitouchBit`) a contact must have for mtdev.
  private let requiredCodes: UInt32
  /// Where the current contact's events start in `events`.
  private var contactStart = 0
  /// `ABS_MT_*` codes (bit `code - 0x30`) the current contact has set.
  private var contactCodes: UInt32 = 0
  /// `ABS_MT_*` values of the current contact.
  private var contactValues = 0
  /// Contacts ended by `SYN_MT_REPORT` in this packet, dropped ones included.
  private var contacts = 0
  /// Contacts whose values are passed on.
  private var keptContacts = 0
  /// Whether a contact was dropped for exceeding `maximumContacts`.
  private var exceededContacts = false
  /// Events received for the packet (the buffer stops growing past `maximumEvents`).
  private var received = 0

  init(description: EvdevDeviceDescription) {
    func has(_ code: UInt16) -> Bool {
      description.supports(type: EvdevCodes.EV_ABS, code: code)
    }
    var required = Self.bit(EvdevCodes.ABS_MT_POSITION_X) | Self.bit(EvdevCodes.ABS_MT_POSITION_Y)
    if has(EvdevCodes.ABS_MT_TRACKING_ID) {
      required |= Self.bit(EvdevCodes.ABS_MT_TRACKING_ID)
    } else if has(EvdevCodes.ABS_MT_TOUCH_MAJOR) {
      required |= Self.bit(EvdevCodes.ABS_MT_TOUCH_MAJOR)
    }
    requiredCodes = required
    events.reserveCapacity(Self.maximumEvents + 1)
  }

  /// Adds one event of the packet (not its `SYN_REPORT`, see `close(with:)`); returns the
  /// problem of the contact it ends, if any.
  mutating func append(_ event: EvdevEvent) -> Problem? {
    received += 1
    guard received <= Self.maximumEvents else { return nil }
    var problem: Problem?
    if event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_MT_REPORT {
      problem = endContact()
    } else if event.type == EvdevCodes.EV_ABS, let bit = Self.multitouchBit(event.code) {
      contactCodes |= bit
      contactValues += 1
    }
    events.append(event)
    return problem
  }

  /// Ends the packet with `syn` (its `SYN_REPORT`, already at the decoder's frame time) and
  /// returns what was not passed on as received (usually nothing, which allocates nothing).
  /// `events` is then the whole packet for mtdev.
  mutating func close(with syn: EvdevEvent) -> [Problem] {
    var problems: [Problem] = []
    if received > Self.maximumEvents {
      problems.append(.tooLarge(count: received))
      events.removeAll(keepingCapacity: true)
    } else {
      if contactValues > 0 { problems.append(.unterminatedContact(count: contactValues)) }
      if exceededContacts { problems.append(.tooManyContacts(count: contacts)) }
    }
    events.append(syn)
    return problems
  }

  /// Forgets the packet (keeping the buffer's capacity).
  mutating func reset() {
    events.removeAll(keepingCapacity: true)
    contactStart = 0
    contactCodes = 0
    contactValues = 0
    contacts = 0
    keptContacts = 0
    exceededContacts = false
    received = 0
  }

  /// At a `SYN_MT_REPORT`: checks the contact that it ends and drops the contact's values when
  /// it lacks a value mtdev reads or is one too many. A `SYN_MT_REPORT` without values is the
  /// kernel's "no contacts" and fine.
  private mutating func endContact() -> Problem? {
    defer {
      contacts += 1
      contactCodes = 0
      contactValues = 0
      contactStart = events.count + 1
    }
    guard contactValues > 0 else { return nil }
    let missing = requiredCodes & ~contactCodes
    if missing == 0 {
      guard keptContacts == Self.maximumContacts else {
        keptContacts += 1
        return nil
      }
      exceededContacts = true
      dropContactValues()
      return nil
    }
    dropContactValues()
    let names = [
      (EvdevCodes.ABS_MT_POSITION_X, "ABS_MT_POSITION_X"),
      (EvdevCodes.ABS_MT_POSITION_Y, "ABS_MT_POSITION_Y"),
      (EvdevCodes.ABS_MT_TRACKING_ID, "ABS_MT_TRACKING_ID"),
      (EvdevCodes.ABS_MT_TOUCH_MAJOR, "ABS_MT_TOUCH_MAJOR"),
    ].filter { missing & Self.bit($0.0) != 0 }.map(\.1)
    return .contactDropped(contact: contacts, missing: names.joined(separator: ", "))
  }

  /// Removes the current contact's `ABS_MT_*` values, keeping the other events between them.
  private mutating func dropContactValues() {
    var kept = contactStart
    for index in contactStart..<events.count {
      let event = events[index]
      if event.type == EvdevCodes.EV_ABS && Self.multitouchBit(event.code) != nil { continue }
      events[kept] = event
      kept += 1
    }
    events.removeSubrange(kept...)
  }

  /// The bit of `code`, one of the `ABS_MT_*` codes mtdev converts.
  private static func bit(_ code: UInt16) -> UInt32 { 1 << UInt32(code - 0x30) }

  /// The bit of an `ABS_MT_*` code mtdev converts (0x30 ... 0x3b), nil for other codes.
  private static func multitouchBit(_ code: UInt16) -> UInt32? {
    code >= 0x30 && code <= 0x3b ? 1 << UInt32(code - 0x30) : nil
  }
}
