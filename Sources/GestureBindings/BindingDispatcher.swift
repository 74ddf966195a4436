// SPDX-License-Identifier: MIT
import GestureScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs the commands of the bindings a gesture report triggers: the one way the daemon and
/// the bridge's system gestures turn a `GestureReport` into commands. Each matching binding,
/// in file order, runs through the `CommandRunner` with the process's environment (without
/// inherited `GESTURE_` variables) plus the report's `GESTURE_*` values.
public struct BindingDispatcher: Sendable {
  public let runner: CommandRunner
  /// The process's own environment without `GESTURE_` variables, read once.
  private let inherited: [String]

  public init(runner: CommandRunner) {
    self.runner = runner
    inherited = Self.processEnvironment().filter { !$0.hasPrefix(GestureEnvironment.prefix) }
  }

  /// Starts the commands of `config`'s bindings that `report` triggers.
  public func dispatch(_ report: GestureReport, bindings config: BindingConfig) {
    let matching = config.bindings(for: report)
    guard !matching.isEmpty else { return }
    let environment = GestureEnvironment.environment(for: report, inherited: inherited)
    for binding in matching {
      runner.run(binding.command, environment: environment, label: binding.label)
    }
  }

  /// Starts `command` with the process's environment (without `GESTURE_` variables): how a
  /// lisgd binding's command runs, as lisgd runs it.
  public func run(_ command: String, label: String) {
    runner.run(command, environment: inherited, label: label)
  }

  /// This process's environment as `NAME=value` strings.
  public static func processEnvironment() -> [String] {
    var result: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      result.append(String(cString: entry))
      pointer += 1
    }
    return result
  }
}
