// SPDX-License-Identifier: MIT
import FuzzChecks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// `fuzz-touch-decoder`: bytes as a `DecoderFuzzInput` (touchscreens + evdev events) through
// the touchscreen decoder and the gesture engine (see `DecoderFuzzCheck`).
//
// Built with `-sanitize=fuzzer` and `-D FUZZING` (Fuzz/build.sh) it is a libFuzzer target
// that traps on any broken promise. Built normally:
// `fuzz-touch-decoder FILE...` checks inputs and prints one line per file (exit status 1
// when any broke a promise); `fuzz-touch-decoder --seed RECORDING.yml OUT` writes the seed
// input made from a recording.

#if FUZZING
  import CLibFuzzer

  @main
  enum TouchDecoderFuzzer {
    /// Hands the command line to libFuzzer's driver with `fuzzOne` as the target.
    static func main() {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
    }
  }

  /// One libFuzzer input; traps on a broken promise so libFuzzer keeps the input as a crash.
  private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let outcome = DecoderFuzzCheck.run(bytes: bytes)
    if !outcome.isClean {
      fatalError("broken promise: \(outcome.problems.joined(separator: "; "))")
    }
    return 0
  }
#else
  @main
  enum TouchDecoderFuzzer {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if arguments.first == "--seed" {
        guard arguments.count == 3 else {
          printError("usage: fuzz-touch-decoder --seed RECORDING.yml OUT")
          exit(2)
        }
        do {
          let bytes = try DecoderFuzzCheck.seed(fromRecordingAt: arguments[1]).bytes
          guard let file = fopen(arguments[2], "wb") else {
            printError("fuzz-touch-decoder: cannot write \(arguments[2])")
            exit(1)
          }
          _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
          fclose(file)
        } catch {
          printError("fuzz-touch-decoder: \(error)")
          exit(1)
        }
        exit(0)
      }
      var failed = false
      for path in arguments {
        guard let bytes = readFile(path) else {
          print("\(path): cannot read")
          failed = true
          continue
        }
        let outcome = DecoderFuzzCheck.run(bytes: bytes)
        if outcome.isClean {
          print(
            "\(path): clean: \(outcome.evdevEvents) events, \(outcome.touchDowns) touches, \(outcome.frames) frames"
          )
        } else {
          failed = true
          print("\(path): BROKEN: \(outcome.problems.joined(separator: "; "))")
        }
      }
      exit(failed ? 1 : 0)
    }

    static func printError(_ line: String) {
      let bytes = Array((line + "\n").utf8)
      _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    static func readFile(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
      return bytes
    }
  }
#endif
