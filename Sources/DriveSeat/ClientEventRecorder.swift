// SPDX-License-Identifier: MIT
import CWeston
import DriveLog
import Glibc
import WestonModuleSupport

/// Watches the display's protocol traffic (a `wl_protocol_logger`, which sees every event the
/// moment weston queues it for a client and every request as it is dispatched) and writes to
/// the event log what each client received: every `wl_touch` event (down, motion, up, frame,
/// cancel, shape, orientation with their arguments) and every event of a `gesture_bridge_*`
/// object (the interface, object id, event name and arguments), each with the client's
/// process id. It also keeps the time of the clients' last `wl_surface.commit`, which tells
/// when an app has stopped drawing (`lastCommitMicroseconds`).
final class ClientEventRecorder {
  private let log: SessionEventLog?
  private var logger: OpaquePointer?
  /// CLOCK_MONOTONIC microseconds of the last wl_surface.commit of any client.
  private(set) var lastCommitMicroseconds: UInt64 = 0

  init(display: OpaquePointer, log: SessionEventLog?) {
    self.log = log
    logger = wl_display_add_protocol_logger(
      display, recorderMessage, Unmanaged.passUnretained(self).toOpaque())
  }

  fileprivate func message(
    _ direction: wl_protocol_logger_type, _ message: UnsafePointer<wl_protocol_logger_message>
  ) {
    guard let resource = message.pointee.resource, let method = message.pointee.message,
      let classPointer = wl_resource_get_class(resource)
    else { return }
    let className = String(cString: classPointer)
    let name = String(cString: method.pointee.name)
    if direction == WL_PROTOCOL_LOGGER_REQUEST {
      if name == "commit" && className == "wl_surface" {
        lastCommitMicroseconds = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
      }
      return
    }
    guard let log, className == "wl_touch" || className.hasPrefix("gesture_bridge_") else {
      return
    }
    var event = DriveLogEvent(className == "wl_touch" ? .wlTouch : .gestureBridge)
    event.client = Int(ClientWindow.pid(of: wl_resource_get_client(resource)))
    event.event = name
    if className != "wl_touch" {
      event.interface = className
      event.object = Int(wl_resource_get_id(resource))
    }
    Self.addArguments(message, to: &event)
    log.write(event)
  }

  /// The message's arguments: wl_touch's into their fields (serial, time, surface, id, x, y,
  /// major, minor, orientation), others' as `arguments` (`a0`, `a1`... in the log): integers,
  /// fixed-point numbers as decimals, strings, object ids.
  private static func addArguments(
    _ message: UnsafePointer<wl_protocol_logger_message>, to event: inout DriveLogEvent
  ) {
    guard let method = message.pointee.message, let signature = method.pointee.signature,
      let arguments = message.pointee.arguments
    else { return }
    let names: [WritableKeyPath<DriveLogEvent, Int?>?]
    let decimals: [WritableKeyPath<DriveLogEvent, Double?>?]
    switch (event.type, String(cString: method.pointee.name)) {
    case (.wlTouch, "down"):
      names = [\.serial, \.touchTime, \.surface, \.id, nil, nil]
      decimals = [nil, nil, nil, nil, \.x, \.y]
    case (.wlTouch, "up"): (names, decimals) = ([\.serial, \.touchTime, \.id], [nil, nil, nil])
    case (.wlTouch, "motion"):
      (names, decimals) = ([\.touchTime, \.id, nil, nil], [nil, nil, \.x, \.y])
    case (.wlTouch, "shape"): (names, decimals) = ([\.id, nil, nil], [nil, \.major, \.minor])
    case (.wlTouch, "orientation"): (names, decimals) = ([\.id, nil], [nil, \.orientation])
    default: (names, decimals) = ([], [])
    }
    var index = 0
    for character in String(cString: signature) {
      guard index < Int(message.pointee.arguments_count) else { break }
      let argument = arguments[index]
      let value: DriveLogArgument
      switch character {
      case "i": value = .integer(Int64(argument.i))
      case "u": value = .integer(Int64(argument.u))
      case "h": value = .integer(Int64(argument.h))
      case "f": value = .number(wl_fixed_to_double(argument.f))
      case "s": value = .string(argument.s.map { String(cString: $0) } ?? "")
      // An event's objects and new objects are the server's wl_resources.
      case "o", "n": value = .integer(argument.o.map { Int64(wl_resource_get_id($0)) } ?? 0)
      case "a": value = .integer(Int64(argument.a?.pointee.size ?? 0))
      default: continue  // '?' (nullable) and version digits
      }
      if index < names.count, let field = names[index], case .integer(let number) = value {
        event[keyPath: field] = Int(number)
      } else if index < decimals.count, let field = decimals[index],
        case .number(let number) = value
      {
        event[keyPath: field] = number
      } else {
        event.arguments.append(value)
      }
      index += 1
    }
  }
}

private func recorderMessage(
  _ data: UnsafeMutableRawPointer?, _ direction: wl_protocol_logger_type,
  _ message: UnsafePointer<wl_protocol_logger_message>?
) {
  guard let data, let message else { return }
  Unmanaged<ClientEventRecorder>.fromOpaque(data).takeUnretainedValue().message(direction, message)
}
