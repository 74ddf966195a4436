# SPDX-License-Identifier: MIT
# What the protocol generators share (scripts/generate-protocol.sh gives this file to awk before
# each generator's own: awk -f scripts/protocol-xml.awk -f scripts/protocol-<...>.awk): reading
# an attribute of an XML line, the Swift spelling of an XML name and a request's Types line.
# POSIX awk (mawk, gawk, busybox).

# The value of attribute `key` on the XML line `text` ("" when absent).
function attribute(text, key,    rest) {
  if (!match(text, "[ \t]" key "=\"[^\"]*\"")) return ""
  rest = substr(text, RSTART + length(key) + 3, RLENGTH - length(key) - 4)
  return rest
}

# An XML name in camel case: long_press -> longPress (upper: LongPress).
function camel(name, upper,    out, parts, count, i, part) {
  count = split(name, parts, "_")
  out = ""
  for (i = 1; i <= count; i++) {
    part = parts[i]
    if (i > 1 || upper) part = toupper(substr(part, 1, 1)) substr(part, 2)
    out = out part
  }
  return out
}

# Reads the Types line of a request's description `text` (its lines joined; see "Types
# lines" in gesture_bridge_recognizer_v1's description): fills types_name[1..n] with the type
# entries named and types_since[1..n] with the binding version from which the request applies to each (`since`,
# the request's own, for the first clause; N for a "since N:" clause) and returns n.
# "Types: every." gives one entry "*". Returns 0 when the text has no Types line, -1 with
# types_error set when the line is malformed.
function read_types(text, since,    start, rest, end, clauses, count, c, clause, version,
                    names, named, k, n) {
  gsub(/[ \t]+/, " ", text)
  start = index(text, "Types: ")
  if (start == 0) return 0
  rest = substr(text, start + 7)
  end = index(rest, ".")
  if (end == 0) {
    types_error = "a Types line without its period"
    return -1
  }
  rest = substr(rest, 1, end - 1)
  if (rest == "every") {
    types_name[1] = "*"
    types_since[1] = since
    return 1
  }
  count = split(rest, clauses, /; /)
  n = 0
  for (c = 1; c <= count; c++) {
    clause = clauses[c]
    version = since
    if (c > 1) {
      if (!match(clause, /^since [0-9]+: /)) {
        types_error = "Types clause \"" clause "\" is not \"since N: ENTRY, ...\""
        return -1
      }
      version = substr(clause, 7, RLENGTH - 8) + 0
      clause = substr(clause, RLENGTH + 1)
    }
    named = split(clause, names, /, /)
    for (k = 1; k <= named; k++) {
      if (names[k] !~ /^[a-z][a-z0-9_]*$/) {
        types_error = "Types line names \"" names[k] "\", not an entry name"
        return -1
      }
      n++
      types_name[n] = names[k]
      types_since[n] = version
    }
  }
  if (n == 0) {
    types_error = "an empty Types line"
    return -1
  }
  return n
}
