// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Explains why a device node could not be opened, naming the missing group or capability.
public enum DeviceAccess {
  /// `strerror(errno)` with the errno number, e.g. `"Permission denied (errno 13)"`.
  public static func errorName(_ errno: Int32) -> String {
    "\(String(cString: strerror(errno))) (errno \(errno))"
  }

  /// A one-line explanation of why opening `path` failed with `errno`, with the fix.
  ///
  /// For `EACCES`/`EPERM` it names the node's owning group (normally `input`), its mode,
  /// whether this process is a member, and how to fix it: add the user to the group, or run
  /// as root / with `CAP_DAC_OVERRIDE`.
  public static func explain(path: String, errno: Int32) -> String {
    switch errno {
    case ENOENT:
      return
        "no such device node (\(errorName(errno))); list touchscreens with `libinput list-devices`"
    case EACCES, EPERM:
      return permissionExplanation(path: path, errno: errno)
    case ENODEV, ENXIO:
      return "the device is gone (\(errorName(errno)))"
    case ENOTDIR, EISDIR:
      return "not a device node (\(errorName(errno)))"
    default:
      return errorName(errno)
    }
  }

  private static func permissionExplanation(path: String, errno: Int32) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return "permission denied (\(errorName(errno))); run as root or with CAP_DAC_OVERRIDE"
    }
    let mode = String(status.st_mode & 0o777, radix: 8)
    let group = groupName(status.st_gid)
    let member = isMember(ofGroup: status.st_gid)
    let membership =
      member
      ? "this process is in group '\(group)' but the mode does not allow reading"
      : "this process (uid \(getuid())) is not in group '\(group)'"
    return
      "permission denied (\(errorName(errno))): the node is owned by group '\(group)' "
      + "with mode 0\(mode) and \(membership); add the user to the group "
      + "(`sudo usermod -aG \(group) $USER`, then log in again; /dev/input/event* nodes "
      + "normally belong to group 'input') or run as root / with CAP_DAC_OVERRIDE"
  }

  private static func groupName(_ gid: gid_t) -> String {
    guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return "gid \(gid)" }
    return String(cString: name)
  }

  private static func isMember(ofGroup gid: gid_t) -> Bool {
    if getegid() == gid { return true }
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return filled > 0 && groups.prefix(Int(filled)).contains(gid)
  }
}
