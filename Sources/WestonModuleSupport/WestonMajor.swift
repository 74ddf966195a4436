// SPDX-License-Identifier: MIT
import CWeston

/// The weston major both modules are built for (CWeston's `CWESTON_MAJOR`: Package.swift
/// builds for one libweston-N), and the check that the weston loading them runs it: each
/// major is its own libweston ABI, so a module built for another one must not start.
public enum WestonMajor {
  public static let built = Int(CWESTON_MAJOR)

  /// The error line for weston's log when this process runs another major's libweston (the
  /// module was built for another weston), else nil.
  public static func mismatch() -> String? {
    let running = Int(cweston_other_major_loaded())
    guard running != 0 else { return nil }
    return "error: built for weston \(built) (libweston-\(built)), but this weston runs "
      + "libweston-\(running): not started; build the module for weston \(running)"
  }
}
