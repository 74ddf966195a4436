// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// phoc built from Debian's own source with GestureBridge's patch series
/// (`Integrations/phoc/*.patch`, docs/phones.md) and `-Dgesture-bridge=enabled`: the road for
/// distributions whose phoc links wlroots statically (postmarketOS), where the loader cannot
/// work. Built once per test process, into a cache outside the checkout that later runs reuse
/// (`GB_PHOC_CACHE`, default `/var/cache/gesture-bridge-phoc`; in a Debian root that is the
/// root's own /var/cache):
///
/// 1. the source: `apt-get source --download-only phoc=VERSION` of the installed phoc, with
///    the `deb-src` twin of the machine's `deb` lines in a private apt state (the system's apt
///    configuration is left alone), unpacked with `dpkg-source -x` (once per version);
/// 2. a copy with the series applied (`patch -p1`, each patch must apply), once per series
///    (the trees and builds of earlier series are removed);
/// 3. `meson setup -Dembed-wlroots=disabled -Dgesture-bridge=enabled` (as Debian's rules,
///    plus the feature) with a `gesture-bridge.pc` naming this checkout's C ABI library and
///    wlroots adapter, then `ninja` (incremental: a changed adapter is rebuilt).
///
/// Skips where the series does not apply by design: a phoc other than 0.46 (Debian 12's 0.24,
/// whose source the mirror does not serve either) or no meson, ninja or dpkg-source.
enum PatchedPhoc {
  /// The phoc version the series is written for.
  static let seriesVersion = "0.46"

  struct Build {
    /// The patched phoc.
    let binary: String
    /// Where libgesture-bridge-c.so is (the binary's LD_LIBRARY_PATH).
    let libraryDirectory: String
    /// Debian's phoc source, unpatched (its protocol XML: `protocols/`).
    let pristineSource: String
  }

  private static let built = Result(catching: { try build() })

  static func get() throws -> Build { try built.get() }

  private static func run(_ what: String, _ command: String) throws -> String {
    let (status, output) = WlrootsKiosk.shell(command)
    guard status == 0 else { throw E2EFailure("patched phoc: \(what) failed:\n\(output)") }
    return output
  }

  private static func build() throws -> Build {
    let version = WlrootsKiosk.shell("dpkg-query -W -f='${Version}' phoc").output
    guard version.hasPrefix(seriesVersion + ".") else {
      throw XCTSkip(
        "the phoc series is for phoc \(seriesVersion) (Debian 13); phoc here: "
          + (version.isEmpty ? "not installed" : version))
    }
    guard
      WlrootsKiosk.shell("command -v meson && command -v ninja && command -v dpkg-source")
        .status == 0
    else { throw XCTSkip("meson, ninja or dpkg-source is not installed") }
    guard let library = CompositorSession.builtProduct("libgesture-bridge-c.so") else {
      throw E2EFailure("libgesture-bridge-c.so not found next to the test binary: run swift build")
    }
    let root = CompositorSession.sourceRoot.path
    let cache =
      ProcessInfo.processInfo.environment["GB_PHOC_CACHE"] ?? "/var/cache/gesture-bridge-phoc"
    let upstream = version.split(separator: "-").first.map(String.init) ?? version
    let pristine = "\(cache)/phoc-\(version)"

    // 1. The source, once per version.
    if !FileManager.default.fileExists(atPath: pristine + "/meson.build") {
      let apt = "\(cache)/apt"
      let options =
        "-o Dir::Etc::SourceList=\(apt)/sources.list -o Dir::Etc::SourceParts=/dev/null "
        + "-o Dir::State::Lists=\(apt)/lists -o Dir::Cache=\(apt)/cache "
        + "-o Acquire::Check-Valid-Until=false"
      _ = try run(
        "fetching phoc \(version)'s source",
        """
        set -e
        mkdir -p '\(apt)/lists/partial' '\(apt)/cache/archives/partial' '\(cache)/download'
        cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
          | sed -n 's/^deb /deb-src /p' > '\(apt)/sources.list'
        test -s '\(apt)/sources.list'
        apt-get \(options) -q update
        cd '\(cache)/download'
        apt-get \(options) -q source --download-only 'phoc=\(version)'
        rm -rf '\(pristine).tmp'
        dpkg-source -x phoc_\(version).dsc '\(pristine).tmp'
        mv '\(pristine).tmp' '\(pristine)'
        """)
    }

    // 2. The series applied, once per series and version.
    let patches = try FileManager.default.contentsOfDirectory(atPath: root + "/Integrations/phoc")
      .filter { $0.hasSuffix(".patch") }.sorted()
    guard !patches.isEmpty else { throw E2EFailure("no patches in Integrations/phoc") }
    // FNV-1a over the version, the library's path and the patches: the cache key.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ bytes: Data) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    add(Data((version + "\n" + library).utf8))
    for patch in patches {
      add(try Data(contentsOf: URL(fileURLWithPath: "\(root)/Integrations/phoc/\(patch)")))
    }
    let key = String(hash, radix: 16)
    // Earlier series' trees and builds are left from older runs: removed.
    let current = ["src-\(key)", "build-\(key)", "pc-\(key)"]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
    where ["src-", "build-", "pc-"].contains(where: { entry.hasPrefix($0) })
      && !current.contains(entry)
    {
      try? FileManager.default.removeItem(atPath: "\(cache)/\(entry)")
    }
    let source = "\(cache)/src-\(key)"
    if !FileManager.default.fileExists(atPath: source + "/src/gesture-bridge.c") {
      let applies = patches.map {
        "patch -p1 --batch --forward < \(WlrootsKiosk.quoted("\(root)/Integrations/phoc/\($0)"))"
      }
      _ = try run(
        "applying Integrations/phoc to phoc \(upstream)",
        ([
          "set -e", "rm -rf '\(source).tmp'", "cp -a '\(pristine)' '\(source).tmp'",
          "cd '\(source).tmp'",
        ] + applies + ["cd /", "mv '\(source).tmp' '\(source)'"])
        .joined(separator: "\n"))
    }

    // 3. Configure once, build (incrementally) every time.
    let libraryDirectory = URL(fileURLWithPath: library).deletingLastPathComponent().path
    let pc = "\(cache)/pc-\(key)"
    try FileManager.default.createDirectory(atPath: pc, withIntermediateDirectories: true)
    try """
    # SPDX-License-Identifier: MIT
    # The test's gesture-bridge.pc: this checkout's C ABI library and wlroots adapter.
    includedir=\(root)/Sources/CGestureBridge/include
    wlroots_adapter_dir=\(root)/Compositors/wlroots

    Name: gesture-bridge
    Description: GestureBridge C ABI (test build)
    Version: 0
    Requires.private: wayland-server
    Cflags: -I${includedir}
    Libs: -L\(libraryDirectory) -lgesture-bridge-c

    """.write(toFile: pc + "/gesture-bridge.pc", atomically: true, encoding: .utf8)
    let build = "\(cache)/build-\(key)"
    _ = try run(
      "building the patched phoc",
      """
      set -e
      export PKG_CONFIG_PATH='\(pc)'
      if [ ! -f '\(build)/build.ninja' ]; then
        rm -rf '\(build)'
        meson setup '\(build)' '\(source)' -Dembed-wlroots=disabled -Dgesture-bridge=enabled \
          -Dtests=false
      fi
      nice ninja -C '\(build)' src/phoc
      """)
    return Build(
      binary: build + "/src/phoc", libraryDirectory: libraryDirectory, pristineSource: pristine)
  }
}
