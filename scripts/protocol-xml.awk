# SPDX-License-Identifier: MIT
# What the protocol generators share (scripts/generate-protocol.sh gives this file to awk before
# each generator's own: awk -f scripts/protocol-xml.awk -f scripts/protocol-<...>.awk): reading
# an attribute of an XML line and the Swift spelling of an XML name. POSIX awk (mawk, gawk,
# busybox).

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
