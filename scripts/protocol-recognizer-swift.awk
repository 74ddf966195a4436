# SPDX-License-Identifier: MIT
# Writes Swift for the requests and events of gesture_bridge_recognizer_v1 from the protocol
# XML (used by scripts/generate-protocol.sh, after scripts/protocol-xml.awk), so that no list
# of them is written by hand:
#   -v part=types     `WireRecognizerParameter`: the requests that set a parameter (those with
#                     a Types line, see "Types lines" in gesture_bridge_recognizer_v1) by name, and
#                     `applies(to:version:)`, which types each applies to on a binding of a
#                     version (the Types line's entries and its "since N" clauses).
#   -v part=requests  `RecognizerRequest` (the client library's): one case a parameter request
#                     with one int, uint or fixed argument, its wire value as Int32 / UInt32
#                     (fixed: wl_fixed_t), `parameter` (its WireRecognizerParameter) and
#                     `send(to:)`, which sends it on a proxy.
#   -v part=events    `RecognizerEvent`: one case an event, its arguments decoded (fixed ->
#                     Double, uint -> UInt32, int -> Int32; two uints P_hi and P_lo -> one
#                     UInt64 P; a single argument, or a first one named after its event, is
#                     unlabelled); with -v listener=NAME -v receiver=FUNCTION, the
#                     listener NAME whose every entry calls FUNCTION(data, event).
#   -v part=send      an extension of `RecognizerEvent` with `send(to:)`, which sends the event
#                     on a compositor's resource (the test support's scripted manager).
# -v access=public makes the types public (internal otherwise). Run it only on XML
# wayland-scanner --strict accepted. POSIX awk (mawk, gawk, busybox).

function fail(message) {
  print "protocol-recognizer-swift.awk: " message > "/dev/stderr"
  failed = 1
  exit 1
}

function swift_value_type(wire) {
  if (wire == "fixed") return "Double"
  if (wire == "uint") return "UInt32"
  if (wire == "int") return "Int32"
  fail("event argument of type " wire " (only int, uint and fixed are supported)")
}

BEGIN {
  pending = ""
  acc = access == "public" ? "public " : ""
  print "// SPDX-License-Identifier: MIT"
  print "// GENERATED FILE, DO NOT EDIT."
  print "// Source: " source ", generator: scripts/protocol-recognizer-swift.awk (part=" part ")."
  print "// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh."
}

{
  # Gathers a tag that spans lines.
  text = pending $0
  if (text ~ /<(entry|arg|event|request|interface|enum|description)[ \t]/ && text !~ />/) {
    pending = text " "
    next
  }
  pending = ""
}

text ~ /<interface[ \t]/ { interface = attribute(text, "name") }
text ~ /<enum[ \t]/ { in_type_enum = interface == "gesture_bridge_manager_v1" && attribute(text, "name") == "type" }
text ~ /<\/enum>/ { in_type_enum = 0 }
in_type_enum && text ~ /<entry[ \t]/ {
  type_name[++types] = attribute(text, "name")
  type_known[type_name[types]] = 1
}

interface == "gesture_bridge_recognizer_v1" && text ~ /<(request|event)[ \t]/ {
  kind = text ~ /<request/ ? "request" : "event"
  member = ++members
  m_kind[member] = kind
  m_name[member] = attribute(text, "name")
  m_argc[member] = 0
  m_text[member] = ""
  m_summary[member] = ""
  m_since[member] = attribute(text, "since") == "" ? 1 : attribute(text, "since")
  in_member = 1
}
in_member && text ~ /<description[ \t]/ {
  m_summary[member] = attribute(text, "summary")
  in_description = 1
  next
}
in_description && text ~ /<\/description>/ { in_description = 0 }
in_description { m_text[member] = m_text[member] " " text }
in_member && text ~ /<arg[ \t]/ {
  a = ++m_argc[member]
  m_arg[member, a] = attribute(text, "name")
  m_type[member, a] = attribute(text, "type")
}
text ~ /<\/(request|event)>/ { in_member = 0 }

# Fills p_types[m] with the Swift switch over types for parameter request m (from its Types
# line); returns 0 for a request without one.
function read_request_types(m,    n, i, by_since, versions, v, list, all) {
  n = read_types(m_text[m], m_since[m])
  if (n < 0) fail("request " m_name[m] ": " types_error)
  if (n == 0) return 0
  if (types_name[1] == "*") { p_types[m] = ""; return 1 }
  split("", by_since)
  versions = ""
  all = 0
  for (i = 1; i <= n; i++) {
    if (!(types_name[i] in type_known))
      fail("request " m_name[m] ": Types names " types_name[i] ", not an entry of the type enum")
    v = types_since[i]
    if (v in by_since) by_since[v] = by_since[v] ", "
    else versions = versions " " v
    by_since[v] = by_since[v] "." camel(types_name[i], 0)
    all++
  }
  list = ""
  split(substr(versions, 2), v_list, " ")
  for (i = 1; (i in v_list); i++) {
    v = v_list[i]
    list = list "      case " by_since[v] ": " (v + 0 <= m_since[m] + 0 ? "true" : "version >= " v) "\n"
  }
  if (all < types) list = list "      default: false\n"
  p_types[m] = list
  return 1
}

# The label of event argument a of member m in RecognizerEvent ("" when unlabelled).
function event_label(m, a) {
  if (m_argc[m] == 1 || (a == 1 && m_arg[m, 1] == m_name[m])) return ""
  return camel(m_arg[m, a], 0)
}

# Whether argument a of m is the P_hi of a P_hi, P_lo pair of uints (one UInt64 P).
function is_pair(m, a,    base) {
  if (m_arg[m, a] !~ /_hi$/ || a == m_argc[m]) return 0
  base = substr(m_arg[m, a], 1, length(m_arg[m, a]) - 3)
  return m_arg[m, a + 1] == base "_lo" && m_type[m, a] == "uint" && m_type[m, a + 1] == "uint"
}

function pair_name(m, a) { return substr(m_arg[m, a], 1, length(m_arg[m, a]) - 3) }

# The case of event m with its values bound (`let`), or built from the listener's arguments.
function event_case(m, how,    a, out, label, value) {
  out = "." camel(m_name[m], 0) "("
  for (a = 1; a <= m_argc[m]; a++) {
    if (a > 1) out = out ", "
    if (is_pair(m, a)) {
      label = camel(pair_name(m, a), 0)
      value = how == "bind" ? "let " label \
        : "UInt64(" camel(m_arg[m, a], 0) ") << 32 | UInt64(" camel(m_arg[m, a + 1], 0) ")"
      out = out (how == "bind" ? "" : label ": ") value
      a++
      continue
    }
    label = event_label(m, a)
    if (how == "bind") value = "let " camel(m_arg[m, a], 0)
    else if (m_type[m, a] == "fixed") value = "wl_fixed_to_double(" camel(m_arg[m, a], 0) ")"
    else value = camel(m_arg[m, a], 0)
    out = out (label != "" && how != "bind" ? label ": " : "") value
  }
  return out ")"
}

function print_events(    m, a, line, label, first) {
  print "/// One event of `gesture_bridge_recognizer_v1`, its arguments decoded: what a recognizer"
  print "/// receives, one case an event of the XML."
  print acc "enum RecognizerEvent: Equatable, Sendable {"
  for (m = 1; m <= members; m++) {
    if (m_kind[m] != "event") continue
    line = "  case " camel(m_name[m], 0) "("
    first = 1
    for (a = 1; a <= m_argc[m]; a++) {
      line = line (first ? "" : ", ")
      first = 0
      if (is_pair(m, a)) {
        line = line camel(pair_name(m, a), 0) ": UInt64"
        a++
        continue
      }
      label = event_label(m, a)
      line = line (label != "" ? label ": " : "") swift_value_type(m_type[m, a])
    }
    print "  /// " m_summary[m] "."
    print line ")"
  }
  print "}"
  if (listener == "") return
  print ""
  print "/// The listener of `gesture_bridge_recognizer_v1`: each event goes, decoded, to"
  print "/// `" receiver "(data, event)`."
  print "nonisolated(unsafe) let " listener ":"
  print "  UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener> = {"
  print "    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener>.allocate(capacity: 1)"
  print "    pointer.initialize("
  print "      to: gesture_bridge_recognizer_v1_listener("
  first = 1
  for (m = 1; m <= members; m++) {
    if (m_kind[m] != "event") continue
    if (!first) print line ","
    first = 0
    line = "        " m_name[m] ": { data, _"
    for (a = 1; a <= m_argc[m]; a++) line = line ", " camel(m_arg[m, a], 0)
    print line " in"
    print "          " receiver "("
    print "            data, " event_case(m, "build") ")"
    line = "        }"
  }
  print line "))"
  print "    return pointer"
  print "  }()"
}

function print_send(    m, a, line) {
  print "extension RecognizerEvent {"
  print "  /// Sends the event on `resource`, a compositor's `gesture_bridge_recognizer_v1`."
  print "  " acc "func send(to resource: OpaquePointer?) {"
  print "    switch self {"
  for (m = 1; m <= members; m++) {
    if (m_kind[m] != "event") continue
    print "    case " event_case(m, "bind") ":"
    line = "      gesture_bridge_recognizer_v1_send_" m_name[m] "(\n        resource"
    for (a = 1; a <= m_argc[m]; a++) {
      if (is_pair(m, a)) {
        line = line ", UInt32(truncatingIfNeeded: " camel(pair_name(m, a), 0) " >> 32),\n        UInt32(truncatingIfNeeded: " camel(pair_name(m, a), 0) ")"
        a++
      } else if (m_type[m, a] == "fixed") line = line ", wl_fixed_from_double(" camel(m_arg[m, a], 0) ")"
      else line = line ", " camel(m_arg[m, a], 0)
    }
    print line ")"
  }
  print "    }"
  print "  }"
  print "}"
}

function print_types(    m, name) {
  print ""
  print "/// The requests of `gesture_bridge_recognizer_v1` that set a parameter (those with a Types"
  print "/// line in the XML), by their XML name."
  print acc "enum WireRecognizerParameter: String, CaseIterable, Sendable {"
  for (m = 1; m <= members; m++) {
    if (m_kind[m] != "request" || !read_request_types(m)) continue
    print "  /// " m_summary[m] "."
    print "  case " camel(m_name[m], 0) " = \"" m_name[m] "\""
    parameters[++parameter_count] = m
  }
  print ""
  print "  /// Whether the request applies to a recognizer of `type` on a binding of `version` (its"
  print "  /// Types line); on a recognizer of any other type it raises not_applicable."
  print "  " acc "func applies(to type: WireManagerType, version: UInt32) -> Bool {"
  print "    switch self {"
  for (name = 1; name <= parameter_count; name++) {
    m = parameters[name]
    if (p_types[m] == "") {
      print "    case ." camel(m_name[m], 0) ": true"
      continue
    }
    print "    case ." camel(m_name[m], 0) ":"
    print "      switch type {"
    printf "%s", p_types[m]
    print "      }"
  }
  print "    }"
  print "  }"
  print "}"
}

function print_requests(    m, label, kind) {
  print "import CWaylandClient"
  print "import CWaylandProtocols"
  print "import CWaylandProtocols.Client"
  print ""
  print "/// One parameter request of `gesture_bridge_recognizer_v1` (a request with a Types line and"
  print "/// one int, uint or fixed argument), its wire value already checked and converted (fixed:"
  print "/// `wl_fixed_t`)."
  print "enum RecognizerRequest: Equatable {"
  for (m = 1; m <= members; m++) {
    if (m_kind[m] != "request" || !read_request_types(m) || m_argc[m] != 1) continue
    kind = m_type[m, 1]
    if (kind != "int" && kind != "uint" && kind != "fixed") continue
    sent[++sent_count] = m
    name = m_name[m]
    sub(/^set_/, "", name)
    sent_case[sent_count] = camel(name, 0)
    print "  /// " m_summary[m] "."
    print "  case " camel(name, 0) "(" camel(m_arg[m, 1], 0) ": " (kind == "uint" ? "UInt32" : "Int32") ")"
  }
  print ""
  print "  /// The request it is: a recognizer keeps one committed value per request."
  print "  var parameter: WireRecognizerParameter {"
  print "    switch self {"
  for (i = 1; i <= sent_count; i++) print "    case ." sent_case[i] ": ." camel(m_name[sent[i]], 0)
  print "    }"
  print "  }"
  print ""
  print "  /// Sends the request on `proxy` (a `gesture_bridge_recognizer_v1`)."
  print "  func send(to proxy: OpaquePointer) {"
  print "    switch self {"
  for (i = 1; i <= sent_count; i++) {
    label = camel(m_arg[sent[i], 1], 0)
    print "    case ." sent_case[i] "(let " label "):"
    print "      gesture_bridge_recognizer_v1_" m_name[sent[i]] "(proxy, " label ")"
  }
  print "    }"
  print "  }"
  print "}"
}

END {
  if (failed) exit 1
  if (members == 0) fail("no requests or events of gesture_bridge_recognizer_v1")
  if (part == "types") print_types()
  else if (part == "requests") print_requests()
  else if (part == "events") {
    if (listener != "") {
      print "import CWaylandClient"
      print "import CWaylandProtocols"
      print "import CWaylandProtocols.Client"
    }
    print ""
    print_events()
  } else if (part == "send") {
    print "import CWaylandProtocols"
    print "import CWaylandProtocols.Server"
    print "import CWaylandServer"
    print ""
    print_send()
  } else fail("set -v part= to types, requests, events or send")
}
