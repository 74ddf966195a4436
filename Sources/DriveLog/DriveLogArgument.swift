// SPDX-License-Identifier: MIT
/// One argument of a logged `gesture_bridge` event (`a0`, `a1`, ... in the log): integers and
/// object ids, fixed-point numbers as decimals, strings.
public enum DriveLogArgument: Decodable, Equatable, Sendable {
  case integer(Int64)
  case number(Double)
  case string(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

}
