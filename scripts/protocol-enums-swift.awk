# SPDX-License-Identifier: MIT
# Writes the enums of a Wayland protocol XML as Swift (used by scripts/generate-protocol.sh, after
# scripts/protocol-xml.awk):
# each <enum> of each <interface> becomes a Swift enum (UInt32 raw values, one case a
# <entry>) or, for bitfield="true", an OptionSet struct; the type is named
# Wire<Interface><Enum> in UpperCamelCase, the interface without its "gesture_bridge_" prefix
# and "_v1" suffix (gesture_bridge_manager_v1.type -> WireManagerType), the cases in
# lowerCamelCase (long_press -> longPress). Summaries become doc comments; `xmlName` gives each
# enum case's name (a bitfield's single entry's) as the XML spells it, `summary` an enum case's
# summary, `since` the interface version that brought it (its since="N" attribute, 1 without
# one). Run it only on XML wayland-scanner --strict accepted.
# -v module=NAME names the module the file is written into; -v side=client makes the types
# public (the client library's API), side=server internal (the compositor side's own); each
# side has its own copy from the one XML, as wayland-scanner's server and client headers each
# carry the protocol's enums.
# POSIX awk (mawk, gawk, busybox).

# Prints a computed property of the enum being flushed: `doc`, then `declaration` whose switch
# gives entry i `value[i]`.
function print_property(doc, declaration, value,    i) {
  print ""
  print "  /// " doc
  print "  " acc declaration " {"
  print "    switch self {"
  for (i = 1; i <= entries; i++) print "    case ." camel(entry_name[i], 0) ": " value[i]
  print "    }"
  print "  }"
}

function flush_enum(    i, line) {
  if (enum_name == "") return
  print ""
  print "/// `" interface "." enum_name "`" (enum_summary != "" ? ": " enum_summary "." : ".")
  if (bitfield) {
    print acc "struct " type_name ": OptionSet, Hashable, Sendable {"
    print "  " acc "let rawValue: UInt32"
    print ""
    print "  " acc "init(rawValue: UInt32) {"
    print "    self.rawValue = rawValue"
    print "  }"
    for (i = 1; i <= entries; i++) {
      print ""
      if (entry_summary[i] != "") print "  /// " entry_summary[i]
      line = "  " acc "static let " camel(entry_name[i], 0) " = " type_name "(rawValue: " entry_value[i] ")"
      print line
    }
    print ""
    print "  /// The name in the protocol XML of a single entry; nil for none, several or unknown bits."
    print "  " acc "var xmlName: String? {"
    print "    switch rawValue {"
    for (i = 1; i <= entries; i++) {
      print "    case " entry_value[i] ": \"" entry_name[i] "\""
    }
    print "    default: nil"
    print "    }"
    print "  }"
    print "}"
  } else {
    print acc "enum " type_name ": UInt32, CaseIterable, Sendable {"
    for (i = 1; i <= entries; i++) {
      if (entry_summary[i] != "") print "  /// " entry_summary[i]
      print "  case " camel(entry_name[i], 0) " = " entry_value[i]
    }
    for (i = 1; i <= entries; i++) {
      value_name[i] = "\"" entry_name[i] "\""
      value_summary[i] = "\"" entry_summary[i] "\""
      value_since[i] = entry_since[i] != "" ? entry_since[i] : 1
    }
    print_property("The entry's name in the protocol XML.", "var xmlName: String", value_name)
    print_property("The entry's summary in the protocol XML.", "var summary: String", value_summary)
    print_property("The interface version the entry came with (its `since`; 1 for the first).",
      "var since: UInt32", value_since)
    print "}"
  }
  enum_name = ""
}

BEGIN {
  print "// SPDX-License-Identifier: MIT"
  print "// GENERATED FILE, DO NOT EDIT."
  print "// Source: " source ", generator: scripts/protocol-enums-swift.awk."
  print "// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh."
  print "//"
  if (side != "server" && side != "client") {
    print "protocol-enums-swift.awk: -v side= must be server or client" > "/dev/stderr"
    failed = 1
    exit 1
  }
  acc = side == "client" ? "public " : ""
  if (side == "client") {
    print "// The protocol's enums, public in " module " (the client library's API). The compositor"
    print "// side has its own internal copy from the same XML, as wayland-scanner's client and"
    print "// server headers each carry them."
  } else {
    print "// The protocol's enums, internal to " module " (the compositor side). The client"
    print "// library has its own public copy from the same XML, as wayland-scanner's server and"
    print "// client headers each carry them."
  }
  enum_name = ""
  pending = ""
}

{
  # Gathers a tag that spans lines (an <entry> with its summary on the next line).
  text = pending $0
  if (text ~ /<entry[ \t]/ && text !~ /\/>/ && text !~ />[ \t]*$/) {
    pending = text " "
    next
  }
  pending = ""
}

text ~ /<interface[ \t]/ {
  interface = attribute(text, "name")
  short = interface
  sub(/^gesture_bridge_/, "", short)
  sub(/_v[0-9]+$/, "", short)
}

text ~ /<enum[ \t]/ {
  flush_enum()
  enum_name = attribute(text, "name")
  bitfield = attribute(text, "bitfield") == "true"
  type_name = "Wire" camel(short, 1) camel(enum_name, 1)
  enum_summary = ""
  entries = 0
  awaiting_description = 1
  next
}

enum_name != "" && awaiting_description && text ~ /<description[ \t]/ {
  enum_summary = attribute(text, "summary")
  awaiting_description = 0
}

enum_name != "" && text ~ /<entry[ \t]/ {
  awaiting_description = 0
  entries++
  entry_name[entries] = attribute(text, "name")
  entry_value[entries] = attribute(text, "value")
  entry_summary[entries] = attribute(text, "summary")
  entry_since[entries] = attribute(text, "since")
  if (entry_name[entries] == "" || entry_value[entries] == "") {
    print "protocol-enums-swift.awk: an entry of " interface "." enum_name " has no name or value" > "/dev/stderr"
    failed = 1
    exit 1
  }
}

text ~ /<\/enum>/ { flush_enum() }

END { if (failed) exit 1 }
