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

  /// Where the options are used.
  public enum Use: Sendable, Hashable {
    /// `gesture-bridge lisgd`, beside the compositor on a touchscreen device: every option,
    /// and `-w`/`-h` are required.
    case commandLine
    /// A system-gesture config's `"lisgd"` arguments, inside the compositor: the touches are
    /// the compositor's, in its global coordinates, which already follow each output's
    /// rotation, so `-d` and `-o` are refused; without `-w`/`-h` the screen is the
    /// compositor's (the bounding box of its outputs).
    case systemGestures
  }

  /// Parses lisgd's arguments (without the program name). Unlike lisgd, which uses the
  /// bindings compiled into it when there is no `-g` and asks the compositor for the screen
  /// when there is no `-w`/`-h`, both are required on the command line.
  public init(arguments: [String], use: Use = .commandLine) throws(LisgdError) {
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
      case "-d" where use == .systemGestures, "-o" where use == .systemGestures:
        throw LisgdError(
          "option \(option) is lisgd's own: in a compositor the touches are the compositor's, "
            + "on its outputs as they are turned (leave it out)")
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
    guard use == .commandLine || (width == nil) == (height == nil) else {
      throw LisgdError("give both -w and -h, or neither (the compositor's screen)")
    }
    guard use == .systemGestures || (width != nil && height != nil) else {
      throw LisgdError("give the screen's size with -w and -h (it is not asked of the compositor)")
    }
  }
}
