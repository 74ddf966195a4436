// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
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
  private func runFakeCompositor(soname: String, loader: String? = nil) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let loader = try loader ?? PreloadedWlrootsCompositor.libraries().loader
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

  /// The wlroots the loader is built for (the newest installed: 0.15 on Debian 12).
  private var wlroots: (series: String, soname: String, version: String) {
    get throws { try PreloadedWlrootsCompositor.libraries().wlroots }
  }

  func testAnotherWlrootsSonameIsRefusedAndLeftAlone() throws {
    let wlroots = try wlroots
    // wlroots 0.16's library: a version no loader is built for.
    let run = try runFakeCompositor(soname: "libwlroots.so.11")
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.errors.contains(
        "gesture-bridge-wlroots: fake-compositor: refusing: its wlroots is ")
        && run.errors.contains(
          "/libwlroots.so.11, this loader is built for wlroots \(wlroots.series) "
            + "(\(wlroots.soname)); the compositor runs without GestureBridge"),
      run.errors)
    XCTAssertFalse(run.errors.contains("advertised"), run.errors)
    // The fake's own results, its touch down's serial included.
    XCTAssertTrue(run.output.contains("fake compositor ran: 1 1 1 1 7"), run.output)
    XCTAssertTrue(run.output.contains("children's LD_PRELOAD: []"), run.output)
  }

  /// The library the loader is built for, but not its struct wlr_seat (the fake's is zeroed).
  func testAWlrootsSeatNotLaidOutAsInItsWlrootsIsRefusedAndLeftAlone() throws {
    let wlroots = try wlroots
    let run = try runFakeCompositor(soname: wlroots.soname)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.errors.contains(
        "gesture-bridge-wlroots: fake-compositor: refusing: struct wlr_seat is not laid out "
          + "as in wlroots \(wlroots.version); the compositor runs without GestureBridge"),
      run.errors)
    XCTAssertFalse(run.errors.contains("advertised"), run.errors)
    XCTAssertTrue(run.output.contains("fake compositor ran: 1 1 1 1 7"), run.output)
    XCTAssertTrue(run.output.contains("children's LD_PRELOAD: []"), run.output)
  }

  /// The loader built by `build.sh --wlroots SERIES` for every wlroots version that has a layer
  /// (`Compositors/wlroots/version`) and whose headers are installed (Debian 12: 0.15; Debian
  /// 13: 0.18; sid: 0.19, whose only compositor, Wayfire, cannot start here, and 0.20), each in
  /// front of a fake of its own library: it accepts that soname (it gets as far as the seat)
  /// and refuses the fake's seat, naming the version of the headers it was built with.
  func testTheLoaderBuildsForEachInstalledWlrootsAndAcceptsOnlyItsLibrary() throws {
    let libraries = try PreloadedWlrootsCompositor.libraries()
    let layer = WlrootsKiosk.versionLayer
    let versions = try FileManager.default.contentsOfDirectory(atPath: layer)
      .filter { $0.hasPrefix("wlroots-") }.map { String($0.dropFirst("wlroots-".count)) }
    XCTAssertTrue(versions.contains("0.15") && versions.contains("0.20"), "\(versions)")
    var built: [String] = []
    for series in versions.sorted() {
      let selected = WlrootsKiosk.shell(
        """
        set -e
        set -- $('\(layer)/select.sh' \(series) 2>/dev/null)
        echo "$3 $(pkg-config --modversion "$2")"
        """)
      guard selected.status == 0 else { continue }  // its headers are not installed
      let words = selected.output.split(separator: " ").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      XCTAssertEqual(words.count, 2, selected.output)
      guard words.count == 2 else { continue }
      let loader = PreloadedWlrootsCompositor.publicDirectory + "/loader-\(series).so"
      let directory = PreloadedWlrootsCompositor.publicDirectory
      let build = WlrootsKiosk.shell(
        """
        '\(CompositorSession.sourceRoot.path)/Compositors/wlroots-preload/build.sh' \
          --wlroots \(series) '\(loader)' '\(directory)' gesture-bridge-c '\(directory)'
        """)
      XCTAssertEqual(build.status, 0, "wlroots \(series): \(build.output)")
      XCTAssertTrue(build.output.contains("wlroots \(series) (\(words[0]))"), build.output)
      guard build.status == 0 else { continue }
      let run = try runFakeCompositor(soname: words[0], loader: loader)
      XCTAssertEqual(run.status, 0, run.errors)
      XCTAssertTrue(
        run.errors.contains(
          "refusing: struct wlr_seat is not laid out as in wlroots \(words[1]); "), run.errors)
      XCTAssertTrue(run.output.contains("fake compositor ran: 1 1 1 1 7"), run.output)
      let other = try runFakeCompositor(soname: "libwlroots.so.11", loader: loader)
      XCTAssertTrue(
        other.errors.contains(
          "/libwlroots.so.11, this loader is built for wlroots \(series) (\(words[0]))"),
        other.errors)
      built.append(series)
    }
    XCTAssertTrue(built.contains(libraries.wlroots.series), "\(built)")
  }
}
