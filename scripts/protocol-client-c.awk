# SPDX-License-Identifier: MIT
# Writes the XML-derived part of libgesture-bridge-client (Sources/GestureBridgeClientC) from
# Protocols/gesture-bridge-v1.xml (used by scripts/generate-protocol.sh, after
# scripts/protocol-xml.awk):
#   -v part=header  include/gesture-bridge-client-values.h: GBC_MANAGER_VERSION (the manager
#                   interface's version), every <enum> as a C enum (gesture_bridge_manager_v1.type
#                   is enum gbc_kind; the enums of gesture_bridge_recognizer_v1 but error are
#                   gbc_<enum>; the others gbc_<interface>_<enum>, the interface without
#                   gesture_bridge_ and _v1), one GBC_VALUE_* bit per value event of gesture_bridge_recognizer_v1
#                   (every event but frame) and struct gbc_gesture: frame's state and time, and
#                   one member per value event named after it, with one member per argument
#                   (fixed -> double, uint -> uint32_t, int -> int32_t).
#   -v part=code    gesture-bridge-client-events.c: the recognizer listener that assembles the
#                   value events into the struct gbc_gesture of the state change under way and
#                   hands it on at frame (gbc_internal_group / gbc_internal_frame in
#                   gbc-internal.h), the names of kinds and states, since which version each
#                   kind exists, the name and summary of every error code, and for each
#                   request of gesture_bridge_recognizer_v1 whose description says
#                   "Applies to ...; ... other type" the kinds it applies to on a binding
#                   of each version (gbc_internal_kinds_<request>[version]: the type
#                   entries named in that span, from the version a "since version N" before
#                   them names, else from 1; 0xFFFFFFFF for "Applies to every type").
# Value events and their bits are ordered by their since version, then by their order in the
# XML, so that a value event added in a later version appends to struct gbc_gesture (the
# existing members keep their offsets). A new recognizer kind is a new entry of the type enum
# (with since="N"): it appears in enum gbc_kind, gbc_kind_name, the version check of
# gbc_recognizer_create and, when the requests' "Applies to" sentences name it, the kind checks
# of the parameter calls, without a hand-written line.
# Run it only on XML wayland-scanner --strict accepted. POSIX awk (mawk, gawk, busybox).

function fail(message) {
  print "protocol-client-c.awk: " message > "/dev/stderr"
  failed = 1
  exit 1
}

function short_name(name,    s) {
  s = name
  sub(/^gesture_bridge_/, "", s)
  sub(/_v[0-9]+$/, "", s)
  return s
}

# The C name of enum e (without "enum ").
function enum_c_name(e) {
  if (en_iface[e] == "gesture_bridge_manager_v1" && en_name[e] == "type") return "gbc_kind"
  if (en_iface[e] == "gesture_bridge_recognizer_v1" && en_name[e] != "error") return "gbc_" en_name[e]
  return "gbc_" short_name(en_iface[e]) "_" en_name[e]
}

function c_type(wire) {
  if (wire == "fixed") return "double"
  if (wire == "uint") return "uint32_t"
  if (wire == "int") return "int32_t"
  return ""
}

function wire_c_type(wire) {
  if (wire == "fixed") return "wl_fixed_t"
  return c_type(wire)
}

function since_note(since) {
  return since > 1 ? " (since version " since ")" : ""
}

function print_notice() {
  print "/* GENERATED FILE, DO NOT EDIT."
  print " * Source: " source ", generator: scripts/protocol-client-c.awk (part=" part ")."
  print " * Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh."
}

BEGIN {
  pending = ""
  interfaces = 0
  enums = 0
  events = 0
  requests = 0
  in_request_description = 0
  in_enum = 0
  in_event = 0
  in_request = 0
  awaiting_description = ""
  max_since = 1
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

text ~ /<interface[ \t]/ {
  interface = attribute(text, "name")
  interfaces++
  iface_name[interfaces] = interface
  iface_version[interfaces] = attribute(text, "version")
}

text ~ /<request[ \t]/ {
  in_request = 1
  if (interface == "gesture_bridge_recognizer_v1") {
    requests++
    rq_name[requests] = attribute(text, "name")
    rq_text[requests] = ""
  }
}
text ~ /<\/request>/ { in_request = 0; in_request_description = 0 }

# The description of a recognizer request, as one line of text.
in_request && interface == "gesture_bridge_recognizer_v1" && text ~ /<description[ \t]/ {
  in_request_description = 1
  next
}
in_request_description && text ~ /<\/description>/ { in_request_description = 0 }
in_request_description { rq_text[requests] = rq_text[requests] " " text }

text ~ /<enum[ \t]/ {
  enums++
  en_iface[enums] = interface
  en_name[enums] = attribute(text, "name")
  en_bitfield[enums] = attribute(text, "bitfield") == "true"
  en_summary[enums] = ""
  en_entries[enums] = 0
  in_enum = 1
  awaiting_description = "enum"
  next
}

text ~ /<event[ \t]/ && interface == "gesture_bridge_recognizer_v1" {
  events++
  ev_name[events] = attribute(text, "name")
  ev_since[events] = attribute(text, "since")
  if (ev_since[events] == "") ev_since[events] = 1
  if (ev_since[events] + 0 > max_since) max_since = ev_since[events] + 0
  ev_argc[events] = 0
  ev_summary[events] = ""
  in_event = 1
  awaiting_description = "event"
  next
}

awaiting_description != "" && text ~ /<description[ \t]/ {
  if (awaiting_description == "enum") en_summary[enums] = attribute(text, "summary")
  else ev_summary[events] = attribute(text, "summary")
  awaiting_description = ""
}

in_enum && text ~ /<entry[ \t]/ {
  awaiting_description = ""
  k = ++en_entries[enums]
  ent_name[enums, k] = attribute(text, "name")
  ent_value[enums, k] = attribute(text, "value")
  ent_summary[enums, k] = attribute(text, "summary")
  ent_since[enums, k] = attribute(text, "since")
  if (ent_since[enums, k] == "") ent_since[enums, k] = 1
  if (ent_name[enums, k] == "" || ent_value[enums, k] == "")
    fail("an entry of " interface "." en_name[enums] " has no name or value")
}

in_event && text ~ /<arg[ \t]/ {
  awaiting_description = ""
  a = ++ev_argc[events]
  arg_name[events, a] = attribute(text, "name")
  arg_type[events, a] = attribute(text, "type")
  arg_summary[events, a] = attribute(text, "summary")
  if (c_type(arg_type[events, a]) == "")
    fail("event " ev_name[events] " has an argument of type " arg_type[events, a] \
      " (only int, uint and fixed are supported)")
}

text ~ /<\/enum>/ { in_enum = 0 }
text ~ /<\/event>/ { in_event = 0 }

# The value events (all events of the recognizer but frame) by since, then XML order.
function order_values(    since, v) {
  values = 0
  for (since = 1; since <= max_since; since++) {
    for (v = 1; v <= events; v++) {
      if (ev_name[v] == "frame" || ev_since[v] + 0 != since) continue
      value_event[++values] = v
    }
  }
}

function find_enum(iface, name,    e) {
  for (e = 1; e <= enums; e++) if (en_iface[e] == iface && en_name[e] == name) return e
  fail("no enum " iface "." name)
}

function manager_version(    i) {
  for (i = 1; i <= interfaces; i++) {
    if (iface_name[i] == "gesture_bridge_manager_v1") return iface_version[i]
  }
  fail("no interface gesture_bridge_manager_v1")
}

function check_frame(    v, found) {
  found = 0
  for (v = 1; v <= events; v++) {
    if (ev_name[v] != "frame") continue
    found = 1
    if (ev_argc[v] != 3 || arg_name[v, 1] != "state" || arg_name[v, 2] != "utime_hi" ||
      arg_name[v, 3] != "utime_lo")
      fail("frame must have the arguments state, utime_hi, utime_lo")
  }
  if (!found) fail("gesture_bridge_recognizer_v1 has no frame event")
}

function print_header(    e, k, c, i, v, a, upper, bit) {
  print "/* SPDX-License-Identifier: MIT */"
  print_notice()
  print " *"
  print " * The protocol's enums, the value events of gesture_bridge_recognizer_v1 and"
  print " * struct gbc_gesture, for libgesture-bridge-client. Include gesture-bridge-client.h."
  print " */"
  print "#ifndef GESTURE_BRIDGE_CLIENT_VALUES_H"
  print "#define GESTURE_BRIDGE_CLIENT_VALUES_H"
  print ""
  print "#include <stdint.h>"
  print ""
  print "#ifdef __cplusplus"
  print "extern \"C\" {"
  print "#endif"
  print ""
  print "/** The highest version of gesture_bridge_manager_v1 (and of the objects made"
  print " * through it) this library knows: gbc_client_create binds min(this, the"
  print " * compositor's). */"
  print "#define GBC_MANAGER_VERSION " manager_version()
  for (e = 1; e <= enums; e++) {
    c = enum_c_name(e)
    upper = toupper(c)
    print ""
    print "/** " en_iface[e] "." en_name[e] (en_summary[e] != "" ? ": " en_summary[e] : "") \
      (en_bitfield[e] ? " (bits)" : "") ". */"
    print "enum " c " {"
    for (k = 1; k <= en_entries[e]; k++) {
      print "  /** " ent_summary[e, k] since_note(ent_since[e, k]) " */"
      print "  " upper "_" toupper(ent_name[e, k]) " = " ent_value[e, k] ","
    }
    print "};"
  }
  print ""
  print "/** Bits of gbc_gesture.values: which value events of"
  print " * gesture_bridge_recognizer_v1 the event group of a state change carried. */"
  print "enum gbc_value {"
  for (i = 1; i <= values; i++) {
    v = value_event[i]
    print "  /** " ev_name[v] ": " ev_summary[v] since_note(ev_since[v]) " */"
    print "  GBC_VALUE_" toupper(ev_name[v]) " = 1 << " (i - 1) ","
  }
  print "};"
  print ""
  print "struct gbc_recognizer;"
  print ""
  print "/** One state change of a recognizer: gesture_bridge_recognizer_v1's frame"
  print " * event and the value events that came before it in its group. The members"
  print " * after `values` are the value events, each named after its event with one"
  print " * member per argument; those whose GBC_VALUE_* bit is not in `values` are 0."
  print " * Which events each kind gets (the protocol's \"Event groups\"): location and"
  print " * touches always; tap: taps (recognized); pan and screen_edge_pan: translation"
  print " * and velocity; pinch: scale; rotation: rotation (all but failed); swipe:"
  print " * direction (recognized); long_press: none. The library allocates it: members"
  print " * are only ever appended. */"
  print "struct gbc_gesture {"
  print "  /** The recognizer whose state changed. */"
  print "  struct gbc_recognizer *recognizer;"
  print "  /** The user_data given to gbc_recognizer_set_callback (NULL if none). */"
  print "  void *user_data;"
  print "  /** The recognizer's kind. */"
  print "  enum gbc_kind kind;"
  print "  /** frame: the state the recognizer entered. */"
  print "  enum gbc_state state;"
  print "  /** frame: when, in microseconds of CLOCK_MONOTONIC (utime_hi * 2^32 +"
  print "   * utime_lo; the wl_touch time in milliseconds is time_usec / 1000 modulo"
  print "   * 2^32). */"
  print "  uint64_t time_usec;"
  print "  /** GBC_VALUE_* bits: the value events of the group. */"
  print "  uint32_t values;"
  for (i = 1; i <= values; i++) {
    v = value_event[i]
    print "  /** " ev_name[v] " (GBC_VALUE_" toupper(ev_name[v]) "): " ev_summary[v] \
      since_note(ev_since[v]) ". */"
    print "  struct {"
    for (a = 1; a <= ev_argc[v]; a++) {
      print "    /** " arg_summary[v, a] " */"
      print "    " c_type(arg_type[v, a]) " " arg_name[v, a] ";"
    }
    print "  } " ev_name[v] ";"
  }
  print "};"
  print ""
  print "#ifdef __cplusplus"
  print "}"
  print "#endif"
  print ""
  print "#endif /* GESTURE_BRIDGE_CLIENT_VALUES_H */"
}

function print_signature(v,    a, line) {
  line = "static void gbc_on_" ev_name[v] "(void *data, struct gesture_bridge_recognizer_v1 *proxy"
  for (a = 1; a <= ev_argc[v]; a++) line = line ", " wire_c_type(arg_type[v, a]) " " arg_name[v, a]
  print line ") {"
}

function print_names(e, function_name, c_enum,    k, upper) {
  upper = toupper(enum_c_name(e))
  print ""
  print "GBC_EXPORT const char *" function_name "(enum " c_enum " value) {"
  print "  switch (value) {"
  for (k = 1; k <= en_entries[e]; k++) {
    print "  case " upper "_" toupper(ent_name[e, k]) ":"
    print "    return \"" ent_name[e, k] "\";"
  }
  print "  }"
  print "  return NULL;"
  print "}"
}

# The kinds request r applies to, by the version of the binding, as a C array initializer
# (index: the bound version, 0 to the manager's version): "" when its description has no
# "Applies to", 0xFFFFFFFFu at every version for every type, else the type entries named
# between "Applies to" and "other type" (for any other type, the not_applicable error), each
# from version 1, or from N when "since version N" comes before it in that span ("Applies to
# pan and transform, and since version 4 to pinch and rotation").
function request_kinds(r,    text, start, span, end, count, words, w, kinds, k, since, from, v,
                       mask, result, versions) {
  text = rq_text[r]
  gsub(/[ \t]+/, " ", text)
  start = index(text, "Applies to ")
  if (start == 0) return ""
  versions = manager_version()
  span = substr(text, start + 11)
  if (span ~ /^every type/) {
    result = "0"
    for (v = 1; v <= versions; v++) result = result ", 0xFFFFFFFFu"
    return "{" result "}"
  }
  end = index(span, "other type")
  if (end == 0) fail("request " rq_name[r] ": \"Applies to\" without \"other type\" after it")
  span = substr(span, 1, end - 1)
  count = split(span, words, /[^a-z_0-9]+/)
  kinds = find_enum("gesture_bridge_manager_v1", "type")
  since = 1
  for (k = 1; k <= en_entries[kinds]; k++) from[k] = 0
  for (w = 1; w <= count; w++) {
    if (words[w] == "since" && words[w + 1] == "version" && words[w + 2] ~ /^[0-9]+$/) {
      since = words[w + 2] + 0
      if (since > versions) fail("request " rq_name[r] ": since version " since " is above the manager's")
      continue
    }
    for (k = 1; k <= en_entries[kinds]; k++) {
      if (words[w] == ent_name[kinds, k] && from[k] == 0) from[k] = since
    }
  }
  result = "0"
  for (v = 1; v <= versions; v++) {
    mask = ""
    for (k = 1; k <= en_entries[kinds]; k++) {
      if (from[k] == 0 || from[k] > v) continue
      mask = mask (mask == "" ? "" : " | ") "(1u << GBC_KIND_" toupper(ent_name[kinds, k]) ")"
    }
    if (mask == "") fail("request " rq_name[r] ": \"Applies to\" names no entry of the type enum at version " v)
    result = result ",\n    " mask
  }
  return "{" result "}"
}

function print_code(    i, v, a, e, k, kinds, r, expression) {
  print "/* SPDX-License-Identifier: MIT */"
  print_notice()
  print " *"
  print " * The event assembly of libgesture-bridge-client: value events go into the"
  print " * struct gbc_gesture of the state change under way, frame hands it on."
  print " */"
  print "#include <stddef.h>"
  print "#include <string.h>"
  print ""
  print "#include \"gbc-internal.h\""
  for (v = 1; v <= events; v++) {
    print ""
    print_signature(v)
    print "  (void)proxy;"
    if (ev_name[v] == "frame") {
      print "  gbc_internal_frame(data, state, ((uint64_t)utime_hi << 32) | utime_lo);"
    } else {
      print "  struct gbc_gesture *gesture = gbc_internal_group(data);"
      for (a = 1; a <= ev_argc[v]; a++) {
        if (arg_type[v, a] == "fixed")
          print "  gesture->" ev_name[v] "." arg_name[v, a] " = wl_fixed_to_double(" arg_name[v, a] ");"
        else
          print "  gesture->" ev_name[v] "." arg_name[v, a] " = " arg_name[v, a] ";"
      }
      print "  gesture->values |= GBC_VALUE_" toupper(ev_name[v]) ";"
    }
    print "}"
  }
  print ""
  print "const struct gesture_bridge_recognizer_v1_listener gbc_internal_recognizer_listener = {"
  for (v = 1; v <= events; v++) print "    ." ev_name[v] " = gbc_on_" ev_name[v] ","
  print "};"
  kinds = find_enum("gesture_bridge_manager_v1", "type")
  print_names(kinds, "gbc_kind_name", "gbc_kind")
  print_names(find_enum("gesture_bridge_recognizer_v1", "state"), "gbc_state_name", "gbc_state")
  print ""
  print "/* The kinds each parameter request applies to on a binding of each version (the index),"
  print " * from its \"Applies to\" sentence. */"
  for (r = 1; r <= requests; r++) {
    expression = request_kinds(r)
    if (expression == "") continue
    print "const uint32_t gbc_internal_kinds_" rq_name[r] "[GBC_MANAGER_VERSION + 1] = " expression ";"
  }
  print ""
  print "uint32_t gbc_internal_kind_since(uint32_t kind) {"
  print "  switch (kind) {"
  for (k = 1; k <= en_entries[kinds]; k++) {
    print "  case GBC_KIND_" toupper(ent_name[kinds, k]) ":"
    print "    return " ent_since[kinds, k] ";"
  }
  print "  default:"
  print "    return 0;"
  print "  }"
  print "}"
  print ""
  print "bool gbc_internal_error_code(const char *interface_name, uint32_t code, const char **name,"
  print "                             const char **summary) {"
  for (e = 1; e <= enums; e++) {
    if (en_name[e] != "error") continue
    print "  if (strcmp(interface_name, \"" en_iface[e] "\") == 0) {"
    print "    switch (code) {"
    for (k = 1; k <= en_entries[e]; k++) {
      print "    case " ent_value[e, k] ":"
      print "      *name = \"" ent_name[e, k] "\";"
      print "      *summary = \"" ent_summary[e, k] "\";"
      print "      return true;"
    }
    print "    default:"
    print "      return false;"
    print "    }"
    print "  }"
  }
  print "  return false;"
  print "}"
}

END {
  if (failed) exit 1
  if (part != "header" && part != "code") fail("set -v part=header or -v part=code")
  check_frame()
  order_values()
  if (values > 31) fail("more than 31 value events do not fit the GBC_VALUE_* bits")
  if (part == "header") print_header()
  else print_code()
}
