// SPDX-License-Identifier: MIT
import JSONLines

/// Text and numbers as they go into SVG (XML) markup.
public enum SVGText {
  /// `text` safe inside an element or an attribute value: `& < > " '` become entities, and
  /// characters XML 1.0 does not allow (control characters other than tab, newline and
  /// carriage return; U+FFFE, U+FFFF) become U+FFFD.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `value` with one decimal (`12.3`, `-0.5`, `0.0`); non-finite values give `0.0`.
  public static func number(_ value: Double) -> String {
    FixedDecimal.format(value, decimals: 1) ?? "0.0"
  }

  /// `text` cut to `limit` characters, the cut marked with an ellipsis.
  static func truncate(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "\u{2026}"
  }
}
