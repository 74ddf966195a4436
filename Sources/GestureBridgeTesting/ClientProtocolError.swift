// SPDX-License-Identifier: MIT
import CWaylandClient

/// The protocol error a client's connection died of, as libwayland-client keeps it.
public struct ClientProtocolError: Equatable {
  /// The interface of the object the error was posted on, and its name.
  public let interface: UnsafePointer<wl_interface>
  public let interfaceName: String
  public let objectID: UInt32
  public let code: UInt32
}

extension ClientProtocolError: CustomStringConvertible {
  public var description: String { "\(interfaceName)#\(objectID): error \(code)" }
}
