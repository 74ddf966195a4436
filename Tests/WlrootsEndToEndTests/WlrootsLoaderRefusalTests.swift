// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// The phoc/sway loader (`Compositors/wlroots-preload`, docs/phones.md) in front of a
/// program whose wlroots it was not built for: a fake compositor linked against a fake
/// wlroots (every function the loader interposes, as stubs). The loader must say why it
/// refuses, change nothing (the program gets the fake's results and runs to its end), and
/// still remove itself from LD_PRELOAD for the program's children.
final class WlrootsLoaderRefusalTests: XCTestCase {
  /// The fake wlroots: each function the loader needs returns a zeroed object (a struct
  /// wlr_seat of 0.15.1 never has a NULL display or name) or true.
  private static let fakeWlroots = """
    /* SPDX-License-Identifier: MIT */
    #include <stdlib.h>
    static void *object(void) { return calloc(1, 4096); }
    void *wlr_compositor_create(void *display, void *renderer) { (void)display, (void)renderer; return object(); }
    void *wlr_seat_create(void *display, const char *name) { (void)display, (void)name; return object(); }
    void wlr_seat_destroy(void *seat) { free(seat); }
    void *wlr_cursor_create(void) { return object(); }
    void wlr_cursor_destroy(void *cursor) { free(cursor); }
    void wlr_cursor_attach_output_layout(void *cursor, void *layout) { (void)cursor, (void)layout; }
    void wlr_cursor_absolute_to_layout_coords(void) {}
    int wlr_backend_start(void *backend) { (void)backend; return 1; }
    unsigned wlr_seat_touch_notify_down(void) { return 7; }
    """

  /// Makes the wlroots calls a compositor makes at start, and one touch down.
  private static let fakeCompositor = """
    /* SPDX-License-Identifier: MIT */
    #include <stdio.h>
    #include <stdlib.h>
    void *wlr_compositor_create(void *display, void *renderer);
    void *wlr_seat_create(void *display, const char *name);
    void *wlr_cursor_create(void);
    void wlr_cursor_attach_output_layout(void *cursor, void *layout);
    int wlr_backend_start(void *backend);
    unsigned wlr_seat_touch_notify_down(void *seat, void *surface, unsigned time, int id,
                                        double sx, double sy);
    int main(void) {
      void *compositor = wlr_compositor_create((void *)1, NULL);
      void *seat = wlr_seat_create((void *)1, "seat0");
      void *cursor = wlr_cursor_create();
      wlr_cursor_attach_output_layout(cursor, (void *)1);
      int started = wlr_backend_start(NULL);
      unsigned serial = wlr_seat_touch_notify_down(seat, (void *)1, 1, 0, 1, 1);
      printf("fake compositor ran: %d %d %d %d %u\\n", compositor != NULL, seat != NULL,
             cursor != NULL, started, serial);
      const char *preload = getenv("LD_PRELOAD");
      printf("children's LD_PRELOAD: [%s]\\n", preload ? preload : "");
      return 0;
    }
    """

  /// Builds the fake wlroots with `soname` and the fake compositor in a new directory, runs
  /// it with the loader preloaded, and returns its exit status, stdout and stderr.
  private func runFakeCompositor(soname: String) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let loader = try PreloadedWlrootsCompositor.libraries().loader
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-fake-wlroots-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    try Self.fakeWlroots.write(
      toFile: path + "/fake-wlroots.c", atomically: true, encoding: .utf8)
    try Self.fakeCompositor.write(
      toFile: path + "/fake-compositor.c", atomically: true, encoding: .utf8)
    let build = WlrootsKiosk.shell(
      """
      set -e
      cd '\(path)'
      cc -std=c11 -Wall -Werror -fPIC -shared -Wl,-soname,\(soname) -o \(soname) fake-wlroots.c
      ln -s \(soname) libwlroots.so
      cc -std=c11 -Wall -Werror -o fake-compositor fake-compositor.c -L. -lwlroots \
        -Wl,-rpath,'\(path)'
      """)
    XCTAssertEqual(build.status, 0, build.output)
    let process = Process()
    process.executableURL = directory.appendingPathComponent("fake-compositor")
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = loader
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  func testAnotherWlrootsSonameIsRefusedAndLeftAlone() throws {
    let run = try runFakeCompositor(soname: "libwlroots.so.11")
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.errors.contains(
        "gesture-bridge-wlroots: fake-compositor: refusing: its wlroots is ")
        && run.errors.contains(
          "/libwlroots.so.11, this loader is built for wlroots 0.15 (libwlroots.so.10); "
            + "the compositor runs without GestureBridge"),
      run.errors)
    XCTAssertFalse(run.errors.contains("advertised"), run.errors)
    // The fake's own results, its touch down's serial included.
    XCTAssertTrue(run.output.contains("fake compositor ran: 1 1 1 1 7"), run.output)
    XCTAssertTrue(run.output.contains("children's LD_PRELOAD: []"), run.output)
  }

  func testAWlrootsSeatNotLaidOutAsInWlroots015IsRefusedAndLeftAlone() throws {
    let run = try runFakeCompositor(soname: "libwlroots.so.10")
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.errors.contains(
        "gesture-bridge-wlroots: fake-compositor: refusing: struct wlr_seat is not laid out "
          + "as in wlroots 0.15.1; the compositor runs without GestureBridge"), run.errors)
    XCTAssertFalse(run.errors.contains("advertised"), run.errors)
    XCTAssertTrue(run.output.contains("fake compositor ran: 1 1 1 1 7"), run.output)
    XCTAssertTrue(run.output.contains("children's LD_PRELOAD: []"), run.output)
  }
}
