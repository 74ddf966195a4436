# SPDX-License-Identifier: MIT
# Writes the server's request tables of a Wayland protocol XML as Swift (used by
# scripts/generate-protocol.sh, after scripts/protocol-xml.awk): for each interface named in
# `tables`, the C vtable
# (<interface>_interface) whose entries call the Swift object of the request's wl_resource.
#
#   tables  comma-separated INTERFACE:TYPE:VARIABLE[:INERT_VARIABLE]
#
# VARIABLE's entry for a request finds the object with TYPE.from(resource) and calls its
# handler named after the request in lowerCamelCase (set_edges -> setEdges), with the request's
# arguments unlabeled, in the XML's order; a request creating an object (a new_id argument)
# gets the client and the resource first. A destructor request destroys the resource.
# INERT_VARIABLE, when given, is a table of the same interface whose requests are all ignored
# but the destructor. So a request added to the XML is a compile error until its handler
# exists, and no table is written by hand. Run it only on XML wayland-scanner --strict accepted.
#
#   mode=record  (for the test support's scripted manager) writes instead
#                `RecordedRequest.Kind`, one case a request of the named interfaces (a
#                destructor named `destroy` is one `.destroy` for all), labelled with its
#                arguments (int and fixed: Int32 as on the wire, uint: UInt32, object: its id,
#                0 for null; a new_id is left out), and tables whose every entry calls the
#                function TYPE(client, resource, kind) (with `newID: id` after a new_id).
# POSIX awk (mawk, gawk, busybox).

# The closure's parameters: the client (named when a new_id argument needs it), the resource
# (named unless `inert`), then the arguments.
function parameters(r, inert,    list, i) {
  list = (request_creates[r] && !inert) ? "client" : "_"
  list = list ", " (inert ? "_" : "resource")
  for (i = 1; i <= request_args[r]; i++) list = list ", " (inert ? "_" : arg_name[r, i])
  return list
}

function handler_call(r, type,    call, i, first) {
  call = type ".from(resource)?." camel(request_name[r], 0) "("
  first = 1
  if (request_creates[r]) {
    call = call "client, resource"
    first = 0
  }
  for (i = 1; i <= request_args[r]; i++) {
    call = call (first ? "" : ", ") arg_name[r, i]
    first = 0
  }
  return call ")"
}

# The Swift value of argument i of request r in a recorded kind.
function recorded_value(r, i) {
  if (arg_type[r, i] == "object") return arg_name[r, i] "ID"
  return arg_name[r, i]
}

function recorded_kind(r,    kind, i, first) {
  kind = "." camel(request_name[r], 0)
  first = 1
  for (i = 1; i <= request_args[r]; i++) {
    if (arg_type[r, i] == "new_id") continue
    kind = kind (first ? "(" : ", ") arg_name[r, i] ": " recorded_value(r, i)
    first = 0
  }
  return kind (first ? "" : ")")
}

function swift_type(type) {
  if (type == "uint" || type == "object") return "UInt32"
  return "Int32"
}

# Adds request r's case to the enum of recorded kinds (once per name).
function note_case(r,    name, declaration, i, first) {
  name = camel(request_name[r], 0)
  if (name in case_seen) return
  case_seen[name] = 1
  declaration = "case " name
  first = 1
  for (i = 1; i <= request_args[r]; i++) {
    if (arg_type[r, i] == "new_id") continue
    declaration = declaration (first ? "(" : ", ") arg_name[r, i] ": " swift_type(arg_type[r, i])
    first = 0
  }
  cases++
  case_doc[cases] = request_destructor[r] ? "Every interface's destructor, `" request_name[r] "`" \
    : "`" interface "." request_name[r] "`"
  case_declaration[cases] = declaration (first ? "" : ")")
}

function write_recording_table(variable, function_name,    r, c_type, i, new_id, list) {
  c_type = interface "_interface"
  print ""
  print "/// The requests of `" interface "`, each handed to"
  print "/// `" function_name "` as a `RecordedRequest.Kind`."
  print "nonisolated(unsafe) let " variable ":"
  print "  UnsafeMutablePointer<" c_type "> = {"
  print "    var implementation = " c_type "()"
  for (r = 1; r <= requests; r++) {
    note_case(r)
    new_id = ""
    list = "client, resource"
    for (i = 1; i <= request_args[r]; i++) {
      list = list ", " arg_name[r, i]
      if (arg_type[r, i] == "new_id") new_id = arg_name[r, i]
    }
    print "    implementation." request_name[r] " = { " list " in"
    for (i = 1; i <= request_args[r]; i++) {
      if (arg_type[r, i] != "object") continue
      print "      let " arg_name[r, i] "ID = " arg_name[r, i] ".map { wl_resource_get_id($0) } ?? 0"
    }
    print "      " function_name "(client, resource, " recorded_kind(r) (new_id != "" ? ", newID: " new_id : "") ")"
    print "    }"
  }
  print "    return requestTable(implementation)"
  print "  }()"
}

function write_table(variable, type, inert,    r, c_type) {
  if (mode == "record") return write_recording_table(variable, type)
  c_type = interface "_interface"
  print ""
  if (inert) {
    print "/// The requests of `" interface "`, all ignored but the destructor (an"
    print "/// object made inert)."
  } else {
    print "/// The requests of `" interface "`, for"
    print "/// `" type "`: each calls the handler named after the request of the"
    print "/// request's object (`from(_:)`); the destructor destroys the resource."
  }
  print "nonisolated(unsafe) let " variable ":"
  print "  UnsafeMutablePointer<" c_type "> = {"
  print "    var implementation = " c_type "()"
  for (r = 1; r <= requests; r++) {
    if (request_destructor[r]) {
      print "    implementation." request_name[r] " = { _, resource in wl_resource_destroy(resource) }"
    } else if (inert) {
      print "    implementation." request_name[r] " = { " parameters(r, 1) " in }"
    } else {
      print "    implementation." request_name[r] " = { " parameters(r, 0) " in"
      print "      " handler_call(r, type)
      print "    }"
    }
  }
  print "    return requestTable(implementation)"
  print "  }()"
}

function flush_interface(    i, spec, parts, count) {
  if (interface == "") return
  for (i = 1; i <= table_count; i++) {
    count = split(table_spec[i], parts, ":")
    if (parts[1] != interface) continue
    write_table(parts[3], parts[2], 0)
    if (count >= 4) write_table(parts[4], parts[2], 1)
    written[interface] = 1
  }
  interface = ""
}

BEGIN {
  table_count = split(tables, table_spec, ",")
  print "// SPDX-License-Identifier: MIT"
  print "// GENERATED FILE, DO NOT EDIT."
  print "// Source: " source ", generator: scripts/protocol-requests-swift.awk."
  print "// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh."
  print "import CWaylandProtocols"
  print "import CWaylandProtocols.Server"
  print "import CWaylandServer"
  if (mode == "record") print "import GestureBridgeServer"
  cases = 0
}

/<interface / {
  flush_interface()
  interface = attribute($0, "name")
  requests = 0
  in_request = 0
}

/<request / {
  requests++
  request_name[requests] = attribute($0, "name")
  request_destructor[requests] = attribute($0, "type") == "destructor"
  request_args[requests] = 0
  request_creates[requests] = 0
  in_request = 1
}

/<\/request>/ { in_request = 0 }

/<arg / && in_request {
  request_args[requests]++
  arg_name[requests, request_args[requests]] = camel(attribute($0, "name"), 0)
  arg_type[requests, request_args[requests]] = attribute($0, "type")
  if (attribute($0, "type") == "new_id") request_creates[requests] = 1
}

/<event / { in_request = 0 }

END {
  flush_interface()
  if (mode == "record") {
    print ""
    print "extension RecordedRequest {"
    print "  /// A request as received, values as on the wire (objects by id, 0 for null)."
    print "  public enum Kind: Equatable, Sendable {"
    for (i = 1; i <= cases; i++) {
      print "    /// " case_doc[i] "."
      print "    " case_declaration[i]
    }
    print "  }"
    print "}"
  }
  for (i = 1; i <= table_count; i++) {
    split(table_spec[i], parts, ":")
    if (!(parts[1] in written)) {
      print "protocol-requests-swift.awk: no interface " parts[1] " in the XML" > "/dev/stderr"
      exit 1
    }
  }
}
