// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Makes sure the current process runs with umockdev's preload library and GestureBridge's
/// preload fix, which a umockdev testbed that libinput reads from needs.
///
/// `reexecIfNeeded()` re-executes the current executable (`/proc/self/exe`) with the same
/// arguments and `LD_PRELOAD=libumockdev-preload.so.0:<fix>:$LD_PRELOAD`, where `<fix>` is
/// `$GESTUREBRIDGE_UMOCKDEV_FIX`, else `libUmockdevPreloadFix.so` next to the executable (a
/// build directory), else in `../lib/gesture-bridge/` beside it (where `scripts/install.sh`
/// puts it). Call it at the very start of a process that will create a `MockedTestbed`,
/// before threads start.
public enum UmockdevPreload {
  public static let umockdevPreloadLibrary = "libumockdev-preload.so.0"
  public static let fixLibraryName = "libUmockdevPreloadFix.so"
  /// Environment variable naming the fix library's path explicitly.
  public static let fixLibraryVariable = "GESTUREBRIDGE_UMOCKDEV_FIX"
  /// Set in the re-executed process so a failed preload is reported instead of looping.
  public static let reexecMarkerVariable = "GESTUREBRIDGE_UMOCKDEV_REEXEC"

  /// Whether libumockdev-preload is loaded (it exports `ioctl_tree_new_from_text`, which
  /// libumockdev itself does not).
  public static var isUmockdevPreloadLoaded: Bool { hasSymbol("ioctl_tree_new_from_text") }

  /// Whether GestureBridge's fix library is loaded.
  public static var isFixLoaded: Bool { hasSymbol("gesturebridge_umockdev_preload_fix_loaded") }

  public static var isActive: Bool { isUmockdevPreloadLoaded && isFixLoaded }

  /// Returns when both preload libraries are active; otherwise re-executes the process with
  /// them (does not return) or throws when that is impossible or was already tried.
  public static func reexecIfNeeded() throws {
    if isActive { return }
    if getenv(reexecMarkerVariable) != nil {
      let current = getenv("LD_PRELOAD").map { String(cString: $0) } ?? ""
      throw MockedDeviceError.preloadNotActive(
        "started with LD_PRELOAD=\(current) but "
          + "\(isUmockdevPreloadLoaded ? fixLibraryName : umockdevPreloadLibrary) is not loaded "
          + "(install the `umockdev` package and build the fix with `swift build`)")
    }
    let fix = try fixLibraryPath()
    var preload = "\(umockdevPreloadLibrary):\(fix)"
    if let existing = getenv("LD_PRELOAD"), existing.pointee != 0 {
      preload += ":" + String(cString: existing)
    }
    setenv("LD_PRELOAD", preload, 1)
    setenv(reexecMarkerVariable, "1", 1)
    let arguments = CommandLine.arguments
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    cArguments.append(nil)
    execv("/proc/self/exe", cArguments)
    throw MockedDeviceError.reexecFailed(errno: errno)
  }

  /// The fix library: `$GESTUREBRIDGE_UMOCKDEV_FIX`, else next to the executable, else in
  /// `../lib/gesture-bridge/` relative to the executable's directory (an installed tree).
  public static func fixLibraryPath() throws -> String {
    var searched: [String] = []
    if let explicit = getenv(fixLibraryVariable) {
      let path = String(cString: explicit)
      if access(path, R_OK) == 0 { return path }
      searched.append(path)
    }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    if length > 0 {
      let executable = String(
        decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let slash = executable.lastIndex(of: "/") {
        let directory = String(executable[..<slash])
        for path in [
          directory + "/" + fixLibraryName,
          directory + "/../lib/gesture-bridge/" + fixLibraryName,
        ] {
          if access(path, R_OK) == 0 { return path }
          searched.append(path)
        }
      }
    }
    throw MockedDeviceError.fixLibraryNotFound(searched: searched)
  }

  private static func hasSymbol(_ name: String) -> Bool {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, name) != nil
  }
}
