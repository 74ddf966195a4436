// SPDX-License-Identifier: MIT
import CWeston
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
    let pid = ClientWindow.pid(of: wl_resource_get_client(resource))
    let arguments = Self.arguments(message)
    if className == "wl_touch" {
      log.write(
        "wl_touch", [("client", .integer(Int64(pid))), ("event", .string(name))] + arguments)
    } else {
      log.write(
        "gesture_bridge",
        [
          ("client", .integer(Int64(pid))), ("interface", .string(className)),
          ("object", .integer(Int64(wl_resource_get_id(resource)))), ("event", .string(name)),
        ] + arguments)
    }
  }

  /// The message's arguments as named fields (wl_touch's names) or `a0`, `a1`... (others):
  /// integers, fixed-point numbers as decimals, strings, object ids.
  private static func arguments(_ message: UnsafePointer<wl_protocol_logger_message>)
    -> [(String, SessionEventLog.Value)]
  {
    guard let method = message.pointee.message, let signature = method.pointee.signature,
      let arguments = message.pointee.arguments
    else { return [] }
    let name = String(cString: method.pointee.name)
    let names: [String] =
      switch name {
      case "down": ["serial", "time", "surface", "id", "x", "y"]
      case "up": ["serial", "time", "id"]
      case "motion": ["time", "id", "x", "y"]
      case "shape": ["id", "major", "minor"]
      case "orientation": ["id", "orientation"]
      default: []
      }
    var fields: [(String, SessionEventLog.Value)] = []
    var index = 0
    for character in String(cString: signature) {
      guard index < Int(message.pointee.arguments_count) else { break }
      let argument = arguments[index]
      let value: SessionEventLog.Value
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
      fields.append((index < names.count && names.count > 0 ? names[index] : "a\(index)", value))
      index += 1
    }
    return fields
  }
}

private func recorderMessage(
  _ data: UnsafeMutableRawPointer?, _ direction: wl_protocol_logger_type,
  _ message: UnsafePointer<wl_protocol_logger_message>?
) {
  guard let data, let message else { return }
  Unmanaged<ClientEventRecorder>.fromOpaque(data).takeUnretainedValue().message(direction, message)
}
