#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws the module picture of docs/architecture.md from Package.swift.

The picture lists every non-test target of the package by layer: a target's layer is one above
the highest layer of the package's targets it depends on (layer 0 depends on none of them), so
each line only uses lines above it. `<-` names a target's dependencies in this package; system
libraries (the thin C targets over pkg-config) and other packages' products are listed after
`|`. It is written between the markers `<!-- module-picture:begin -->` and
`<!-- module-picture:end -->` of docs/architecture.md.

Usage: scripts/module-picture.py [--check | --update]
  (no option)  print the picture
  --check      exit 1 when docs/architecture.md's picture is not the one Package.swift gives
               (scripts/check-docs.py runs this)
  --update     write the picture into docs/architecture.md
Needs: swift (`swift package dump-package`), python3.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "architecture.md")
BEGIN = "<!-- module-picture:begin -->"
END = "<!-- module-picture:end -->"


def package():
    result = subprocess.run(["swift", "package", "--package-path", ROOT, "dump-package"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("module-picture: swift package dump-package failed:\n" + result.stderr)
    return json.loads(result.stdout)


def dependency_name(entry):
    for key in ("byName", "target"):
        if key in entry:
            return entry[key][0], None
    if "product" in entry:
        return None, entry["product"][0]
    return None, None


def picture():
    targets = [t for t in package()["targets"] if t["type"] != "test"]
    by_name = {t["name"]: t for t in targets}
    system = {t["name"] for t in targets if t["type"] == "system"}
    uses, outside = {}, {}
    for target in targets:
        inside, other = [], []
        for entry in target["dependencies"]:
            name, product = dependency_name(entry)
            if name in by_name and name not in system:
                inside.append(name)
            elif name in system:
                other.append(name)
            elif product or name:
                other.append(product or name)
        uses[target["name"]] = sorted(set(inside))
        outside[target["name"]] = sorted(set(other))
    layers = {}

    def layer(name, trail=()):
        if name in layers:
            return layers[name]
        if name in trail:
            sys.exit("module-picture: dependency cycle through " + " -> ".join(trail + (name,)))
        value = 1 + max((layer(d, trail + (name,)) for d in uses[name]), default=-1)
        layers[name] = value
        return value

    modules = sorted((n for n in by_name if n not in system), key=lambda n: (layer(n), n.lower()))
    width = max(len(n) for n in modules) + 2
    lines = ["Generated from Package.swift by scripts/module-picture.py (the docs check keeps it",
             "current). Layer 0 uses no module of the package; each module uses only modules of",
             "lower layers (<-); after | the system libraries and other packages' products.", ""]
    current = None
    for name in modules:
        if layer(name) != current:
            current = layer(name)
            lines.append("layer %d" % current)
        kind = {"executable": " (executable)"}.get(by_name[name]["type"], "")
        text = "  " + (name + kind).ljust(width + 13)
        if uses[name]:
            text += "<- " + ", ".join(uses[name])
        if outside[name]:
            text += ("  | " if uses[name] else "| ") + ", ".join(outside[name])
        lines.append(text.rstrip())
    lines.append("")
    lines.append("system libraries: " + ", ".join(sorted(system)))
    return "```\n" + "\n".join(lines) + "\n```"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("", "--check", "--update"):
        sys.exit("usage: scripts/module-picture.py [--check | --update]")
    drawn = picture()
    if not mode:
        print(drawn)
        return
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit("module-picture: %s has no %s ... %s markers" % (DOC, BEGIN, END))
    current = text[start + len(BEGIN):end].strip("\n")
    if mode == "--check":
        if current != drawn:
            sys.exit("module-picture: docs/architecture.md's module picture is not Package.swift's; "
                     "run scripts/module-picture.py --update")
        return
    with open(DOC, "w", encoding="utf-8") as handle:
        handle.write(text[:start + len(BEGIN)] + "\n" + drawn + "\n" + text[end:])


if __name__ == "__main__":
    main()
