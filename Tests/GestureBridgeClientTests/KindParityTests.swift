// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeClientC
import GestureBridgeTesting
import GestureCore
import XCTest

@testable import GestureBridgeClient
@testable import gesture_bridge_demo_client

/// Every kind of the protocol XML has each piece of the new-kind checklist in
/// docs/architecture.md ("Adding a recognizer kind"): the kinds are the client library's
/// `GestureKind`, generated from the XML's type enum, so a kind added to the XML is checked
/// here without a line of this file changing, and a piece removed fails its test.
final class KindParityTests: XCTestCase {
  private typealias ProtocolKind = GestureKind
  private typealias CatalogueKind = GestureCore.RecognizerKind

  private let root = CompositorSession.sourceRoot

  /// Each protocol kind has its entry in the core's catalogue, of the same name, whose
  /// factory makes a recognizer of its own class; discrete or continuous as the XML says; and
  /// the catalogue has no kind the protocol lacks.
  func testEveryKindHasItsCoreRecognizerAndCatalogueEntry() throws {
    var classes: Set<ObjectIdentifier> = []
    for kind in ProtocolKind.allCases {
      let entry = try XCTUnwrap(
        CatalogueKind(rawValue: kind.jsonName), "\(kind.xmlName): no catalogue entry")
      let recognizer = entry.makeRecognizer()
      XCTAssertFalse(
        type(of: recognizer) == GestureRecognizer.self, "\(kind.xmlName): no recognizer class")
      classes.insert(ObjectIdentifier(type(of: recognizer)))
      XCTAssertEqual(entry.isDiscrete, kind.isDiscrete, "\(kind.xmlName): discrete")
    }
    XCTAssertEqual(classes.count, ProtocolKind.allCases.count, "a recognizer class is shared")
    XCTAssertEqual(
      Set(CatalogueKind.allCases.map(\.rawValue)), Set(ProtocolKind.allCases.map(\.jsonName)))
  }

  /// A parameter request applies on the wire (its Types line) only to kinds whose catalogue
  /// entry takes the parameter, at every version.
  func testEveryParameterRequestAppliesOnlyToKindsTheCatalogueGivesIt() throws {
    let parameters = Dictionary(
      uniqueKeysWithValues: RecognizerParameter.allCases.map { ($0.wireRequestName, $0) })
    for request in WireRecognizerParameter.allCases {
      guard let parameter = parameters[request.rawValue] else { continue }
      for kind in ProtocolKind.allCases {
        let entry = try XCTUnwrap(CatalogueKind(rawValue: kind.jsonName))
        for version in kind.since...GestureBridgeClient.supportedVersion
        where request.applies(to: kind, version: version) {
          XCTAssertTrue(
            entry.takes(parameter), "\(request.rawValue) applies to \(kind.xmlName) v\(version)")
        }
      }
    }
  }

  /// Each kind has its class in the Swift client library, named after it and of its kind, and
  /// the library has no per-kind shortcuts (every kind is made one way).
  func testEveryKindHasItsSwiftClientClassAndNoShortcut() throws {
    let sources = try swiftSources(in: "Sources/GestureBridgeClient")
    for kind in ProtocolKind.allCases {
      let recognizerClass = kind.recognizerClass
      XCTAssertEqual(recognizerClass.recognizerKind, kind)
      XCTAssertEqual(String(describing: recognizerClass), className(kind))
      let shortcut = "func \(camel(kind.xmlName, upper: false))Recognizer("
      XCTAssertFalse(sources.contains(shortcut), "a shortcut \(shortcut)...)")
    }
  }

  /// libgesture-bridge-client knows each kind by its XML name and refuses none.
  func testEveryKindIsInTheCClientLibrary() {
    for kind in ProtocolKind.allCases {
      let name = gbc_kind_name(gbc_kind(kind.rawValue)).map { String(cString: $0) }
      XCTAssertEqual(name, kind.xmlName)
    }
  }

  /// The Qt 6 example's QML module has a type of each kind, in its CMake source list.
  func testEveryKindHasItsQtQMLType() throws {
    let folder = root.appendingPathComponent("Examples/qt6-canvas/GestureBridge")
    let cmake = try String(
      contentsOf: folder.appendingPathComponent("CMakeLists.txt"), encoding: .utf8)
    for kind in ProtocolKind.allCases {
      let header = className(kind) + ".h"
      let text = try String(contentsOf: folder.appendingPathComponent(header), encoding: .utf8)
      XCTAssertTrue(text.contains("QML_ELEMENT"), "\(header): no QML_ELEMENT")
      XCTAssertTrue(
        text.contains("gesture_bridge_manager_v1::type_\(kind.xmlName)"),
        "\(header) does not make a \(kind.xmlName) recognizer")
      XCTAssertTrue(cmake.contains(" \(header)\n"), "\(header) is not in the module's CMakeLists")
    }
  }

  /// The demo client offers every kind (its choices derive from the library's kinds).
  func testEveryKindIsADemoClientChoice() {
    let offered = Set(DemoRecognizer.allCases.map(\.kind))
    XCTAssertEqual(offered, Set(ProtocolKind.allCases))
    for kind in ProtocolKind.allCases {
      XCTAssertEqual(DemoRecognizer(argument: kind.jsonName)?.kind, kind)
    }
  }

  /// docs/scenes.md's table of kinds has a row for each kind.
  func testEveryKindHasItsRowInDocsScenes() throws {
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/scenes.md"), encoding: .utf8)
    for kind in ProtocolKind.allCases {
      XCTAssertTrue(
        text.contains("\n| `\(kind.jsonName)` |"), "docs/scenes.md: no \(kind.jsonName)")
    }
  }

  // MARK: Helpers

  /// The class of `kind` in the Swift library and the Qt module: `TapRecognizer`, ...
  private func className(_ kind: ProtocolKind) -> String {
    camel(kind.xmlName, upper: true) + "Recognizer"
  }

  /// `long_press` -> `longPress` (upper: `LongPress`).
  private func camel(_ name: String, upper: Bool) -> String {
    let parts = name.split(separator: "_").map(String.init)
    return parts.enumerated().map { index, part in
      index == 0 && !upper ? part : part.prefix(1).uppercased() + part.dropFirst()
    }.joined()
  }

  /// The Swift files of a folder of the repository, concatenated.
  private func swiftSources(in folder: String) throws -> String {
    let url = root.appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    return try names.filter { $0.hasSuffix(".swift") }.map {
      try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
  }
}
