// SPDX-License-Identifier: MIT
/// lisgd 0.3.7's command line (`lisgd(1)`): the bindings and the thresholds they are
/// recognized with. `gesture-bridge lisgd` takes the same options.
public struct LisgdOptions: Sendable, Hashable {
  /// `-d`: the touchscreen's device node.
  public var device = "/dev/input/touchscreen"
  /// `-g`, in order: the first that takes a gesture runs.
  public var bindings: [LisgdBinding] = []
  /// `-t`: how far a finger must move, in pixels, for a released gesture.
  public var threshold = 125
  /// `-T`: how far, for a pressed gesture.
  public var pressedThreshold = 60
  /// `-r`: how many degrees a stroke may be off its direction (at most 45).
  public var leniencyDegrees = 15
  /// `-m`: the gesture must end within this many milliseconds of its first finger landing.
  public var timeoutMilliseconds = 800
  /// `-o`: quarter turns of the screen (0 to 3); bindings are turned by it.
  public var orientation = 0
  /// `-w`, `-h`: the screen the touches are mapped onto, in pixels.
  public var width: Int?
  public var height: Int?
  /// `-v`.
  public var verbose = false

  public init() {}

  /// Parses lisgd's arguments (without the program name). Unlike lisgd, which uses the
  /// bindings compiled into it when there is no `-g` and asks the compositor for the screen
  /// when there is no `-w`/`-h`, both are required here.
  public init(arguments: [String]) throws(LisgdError) {
    var index = 0
    func value(_ option: String) throws(LisgdError) -> String {
      index += 1
      guard index < arguments.count else { throw LisgdError("option \(option) expects a value") }
      return arguments[index]
    }
    func number(_ option: String, in range: ClosedRange<Int>) throws(LisgdError) -> Int {
      let text = try value(option)
      guard let number = Int(text), range.contains(number) else {
        throw LisgdError(
          "option \(option) expects a whole number from \(range.lowerBound) to "
            + "\(range.upperBound), not '\(text)'")
      }
      return number
    }
    while index < arguments.count {
      let option = arguments[index]
      switch option {
      case "-v": verbose = true
      case "-d": device = try value(option)
      case "-g": bindings.append(try LisgdBinding(specification: try value(option)))
      case "-t": threshold = try number(option, in: 0...100_000)
      case "-T": pressedThreshold = try number(option, in: 0...100_000)
      case "-r": leniencyDegrees = try number(option, in: 0...45)
      case "-m": timeoutMilliseconds = try number(option, in: 0...3_600_000)
      case "-o": orientation = try number(option, in: 0...3)
      case "-w": width = try number(option, in: 1...100_000)
      case "-h": height = try number(option, in: 1...100_000)
      default: throw LisgdError("unknown option '\(option)' (lisgd's options: see lisgd(1))")
      }
      index += 1
    }
    guard !bindings.isEmpty else {
      throw LisgdError("no -g binding given (lisgd's compiled-in bindings are not used)")
    }
    guard width != nil, height != nil else {
      throw LisgdError("give the screen's size with -w and -h (it is not asked of the compositor)")
    }
  }
}
