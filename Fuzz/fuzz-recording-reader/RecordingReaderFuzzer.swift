// SPDX-License-Identifier: MIT
import FuzzChecks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// `fuzz-recording-reader`: bytes as a `libinput record` file through RecordingReader, the
// touchscreen decoder and the gesture engine (see `RecordingFuzzCheck`).
//
// Built with `-sanitize=fuzzer` and `-D FUZZING` (Fuzz/build.sh) it is a libFuzzer target
// that traps on any broken promise. Built normally it checks the files given as arguments and
// prints one line per file; exit status 1 when any file broke a promise.

#if FUZZING
  import CLibFuzzer

  @main
  enum RecordingReaderFuzzer {
    /// Hands the command line to libFuzzer's driver with `fuzzOne` as the target.
    static func main() {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
    }
  }

  /// One libFuzzer input; traps on a broken promise so libFuzzer keeps the input as a crash.
  private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let outcome = RecordingFuzzCheck.run(
      bytes: UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size),
      directory: "/dev/shm")
    if !outcome.isClean {
      fatalError("broken promise: \(outcome.problems.joined(separator: "; "))")
    }
    return 0
  }
#else
  @main
  enum RecordingReaderFuzzer {
    static func main() {
      var failed = false
      for path in CommandLine.arguments.dropFirst() {
        let outcome = RecordingFuzzCheck.run(path: path)
        if outcome.isClean {
          print(
            "\(path): clean: \(outcome.error ?? "\(outcome.evdevEvents) events, \(outcome.touchDowns) touches, \(outcome.frames) frames")"
          )
        } else {
          failed = true
          print("\(path): BROKEN: \(outcome.problems.joined(separator: "; "))")
        }
      }
      exit(failed ? 1 : 0)
    }
  }
#endif
