// SPDX-License-Identifier: MIT
import JSONLines
import Testing

/// Strings as JSON: what a recognizer or view name with quotes or control characters becomes.
struct JSONTextTests {
  @Test func quotesBackslashesAndControlCharactersAreEscaped() {
    #expect(JSONText.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(JSONText.quoted("line\nnext\r\tend") == #""line\nnext\r\tend""#)
    #expect(JSONText.quoted("bell\u{7}") == #""bell\u0007""#)
    #expect(JSONText.quoted("\u{1f}") == #""\u001f""#)
  }

  @Test func otherCharactersAreKeptAsTheyAre() {
    #expect(JSONText.quoted("") == "\"\"")
    #expect(JSONText.quoted("pinch é 👆 /") == "\"pinch é 👆 /\"")
  }
}
