// SPDX-License-Identifier: MIT
import CWeston
import Glibc

/// The `[gesture-bridge]` section of weston.ini (weston's config API, `wet_get_config`) and
/// the process environment, as both weston modules read their options: empty values count as
/// unset, integers out of range are reported in `problems` and replaced by their default.
public struct ModuleSection {
  public static let name = "gesture-bridge"

  private let lookup: (String) -> String?
  private let environmentLookup: (String) -> String?
  /// One line per value that could not be read.
  public private(set) var problems: [String] = []

  public init(lookup: @escaping (String) -> String?, environment: @escaping (String) -> String?) {
    self.lookup = lookup
    environmentLookup = environment
  }

  /// The section of `compositor`'s weston.ini and the process environment.
  public init(compositor: UnsafeMutablePointer<weston_compositor>) {
    self.init(
      lookup: { key in
        guard let value = cweston_config_string(compositor, Self.name, key) else { return nil }
        defer { free(value) }
        return String(cString: value)
      },
      environment: { name in getenv(name).map { String(cString: $0) } })
  }

  /// The value of `key`, nil when unset or empty.
  public func string(_ key: String) -> String? { nonEmpty(lookup(key)) }

  /// The environment variable `name`, nil when unset or empty.
  public func environment(_ name: String) -> String? { nonEmpty(environmentLookup(name)) }

  /// The comma-separated items of `key`, spaces trimmed, empty items skipped.
  public func list(_ key: String) -> [String] {
    (lookup(key) ?? "").split(separator: ",").map { String($0).trimmingSpaces() }
      .filter { !$0.isEmpty }
  }

  /// The integer of `key` in `range`, else `value` (a problem when set but not such an integer).
  public mutating func integer(_ key: String, default value: Int, range: ClosedRange<Int>) -> Int {
    guard let text = lookup(key) else { return value }
    guard let number = Int(text.trimmingSpaces()), range.contains(number) else {
      problems.append(
        "[\(Self.name)] \(key)=\(text): expected an integer in \(range.lowerBound)..."
          + "\(range.upperBound); using \(value)")
      return value
    }
    return number
  }

  private func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
