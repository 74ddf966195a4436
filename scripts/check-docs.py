#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps the docs true to the tree (run by scripts/test.sh as `step docs`).

Checks README.md, the other Markdown files at the root, docs/*.md, Compositors/README.md and
every Examples/**/README.md:
  - every relative link `[text](target)` names a file or folder that exists (a `#fragment` on
    a Markdown target must be one of its headings, GitHub-style);
  - every path under Sources/, Tests/, scripts/, Examples/, Protocols/, debian/, docs/,
    abi/, Benchmarks/ or Compositors/ written in the text (in backticks or not) exists; a path
    with a glob character or a placeholder (`NAME`, `...`, `<...>`, `{a,b}`) is left alone;
    (a path git ignores, a build output, is left alone too);
  - every module (non-test target) declared in Package.swift is named in docs/architecture.md,
    and its module picture is the one scripts/module-picture.py draws from Package.swift;
  - prose facts agree with their sources (the protocol XML, the CLI's code): a statement of the
    protocol's current version ("the global is version N", "advertises
    `gesture_bridge_manager_v1` (version N)", "gesture-bridge-v1 is at version N", ...; also
    in the XML's own description and the comments of Compositors/) names the manager's version
    in the XML; a count of the kinds ("six built-ins", "8 kinds") is the number of entries of
    the XML's type enum; a paragraph
    that names most of the kinds (as `tap`, `long-press`, `long_press` or `TapRecognizer`,
    at least 5) names every one, unless it opens with `<!-- check-docs: not a kind list -->`;
    `gesture-bridge --help`'s overview (the discussion of
    Sources/gesture-bridge/GestureBridge.swift) names every subcommand.
Prints one line per problem (`FILE:LINE: ...`) and `check-docs: N passed, M failed`; exit 1
when anything failed.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH_ROOTS = ("Sources/", "Tests/", "scripts/", "Examples/", "Protocols/", "debian/",
              "docs/", "abi/", "Benchmarks/", "Compositors/")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
PATH = re.compile(r"(?<![\w./-])((?:%s)[\w.+*/-]*)" % "|".join(re.escape(r) for r in PATH_ROOTS))
PLACEHOLDER = re.compile(r"[*?\[\]{}<>]|\.\.\.|(?:^|/)[A-Z][A-Z_]+(?:[./]|$)")


def markdown_files():
    found = []
    for name in sorted(os.listdir(ROOT)):
        if name.endswith(".md"):
            found.append(name)
    docs = os.path.join(ROOT, "docs")
    for name in sorted(os.listdir(docs)):
        if name.endswith(".md"):
            found.append(os.path.join("docs", name))
    if os.path.exists(os.path.join(ROOT, "Compositors", "README.md")):
        found.append(os.path.join("Compositors", "README.md"))
    for base, _, files in os.walk(os.path.join(ROOT, "Examples")):
        for name in files:
            if name == "README.md":
                found.append(os.path.relpath(os.path.join(base, name), ROOT))
    return found


def anchors(path):
    """GitHub's heading anchors of a Markdown file."""
    result = set()
    seen = {}
    in_code = False
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("```"):
                in_code = not in_code
                continue
            if in_code or not line.startswith("#"):
                continue
            title = line.lstrip("#").strip()
            slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            result.add(slug if count == 0 else "%s-%d" % (slug, count))
    return result


def ignored(relative):
    """Whether git ignores the path: a build output the docs name (Examples/c-client/build/...)."""
    return subprocess.run(["git", "-C", ROOT, "check-ignore", "-q", "--no-index", relative],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def target_names():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    names = re.findall(
        r"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*\"([^\"]+)\"", text)
    return sorted(set(names))


XML = os.path.join(ROOT, "Protocols", "gesture-bridge-v1.xml")
# Opens a paragraph that names kinds without listing them (recognizers of a scene, say).
NOT_A_KIND_LIST = "<!-- check-docs: not a kind list -->"
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
# Statements of the protocol's current version; group 1 is the version stated.
VERSION_CLAIMS = [
    re.compile(r"\b(?:global|protocol|gesture-bridge-v1`?|gesture_bridge_manager_v1`?|this file)"
               r"\s+(?:is|is now|stands)\s+(?:at\s+)?version\s+(\d+)", re.I),
    re.compile(r"\badvertis\w*\s+`?gesture_bridge_manager_v1`?\s+\(version\s+(\d+)\)", re.I),
    re.compile(r"\(gesture-bridge-v1 version (\d+)\)"),
    re.compile(r"gesture_bridge_manager_v1`? global \(version (\d+)\)"),
    re.compile(r"\bcurrent version(?: of the protocol| of `?gesture-bridge-v1`?)?(?: is|:)\s+(\d+)",
               re.I),
]
KIND_COUNT = re.compile(r"\b(\d+|%s)\s+(?:built-ins|built-in kinds|built-in recognizers|"
                        r"recognizer kinds|recognizer types|kinds of recognizer)\b" % "|".join(NUMBERS),
                        re.I)


def protocol_facts():
    """The manager's version and the type enum's entry names in the XML."""
    with open(XML, encoding="utf-8") as handle:
        text = handle.read()
    version = int(re.search(r'<interface name="gesture_bridge_manager_v1" version="(\d+)"',
                            text).group(1))
    enum = re.search(r'<enum name="type">(.*?)</enum>', text, re.S).group(1)
    kinds = re.findall(r'<entry name="(\w+)"', enum)
    return version, kinds


def kind_spellings(kind):
    """How the docs write a kind: `long_press`, `long-press`, `LongPressRecognizer`."""
    camel = "".join(part.capitalize() for part in kind.split("_"))
    return {kind, kind.replace("_", "-"), camel + "Recognizer"}


def prose_problems(relative, text, version, kinds):
    """Version statements, kind counts and partial kind lists of one file that disagree with
    the XML."""
    problems = []
    lines = text.split("\n")
    # Whole text: a statement may span lines.
    for claim in VERSION_CLAIMS:
        for match in claim.finditer(text):
            if int(match.group(1)) != version:
                problems.append("%s:%d: says version %s; gesture_bridge_manager_v1 is at "
                                "version %d in the XML" % (
                                    relative, text.count("\n", 0, match.start()) + 1,
                                    match.group(1), version))
    for match in KIND_COUNT.finditer(text):
        word = match.group(1).lower()
        count = int(word) if word.isdigit() else NUMBERS[word]
        if count != len(kinds):
            problems.append("%s:%d: \"%s\": the XML's type enum has %d kinds" % (
                relative, text.count("\n", 0, match.start()) + 1, " ".join(match.group(0).split()),
                len(kinds)))
    paragraph_start = 1
    paragraph = []
    for number, line in enumerate(lines + [""], 1):
        if line.strip():
            if not paragraph:
                paragraph_start = number
            paragraph.append(line)
            continue
        named = set()
        joined = "\n".join(paragraph)
        if NOT_A_KIND_LIST in joined:
            paragraph = []
            continue
        for kind in kinds:
            for spelling in kind_spellings(kind):
                if re.search(r"`%s`|\b%s\b" % (re.escape(spelling), re.escape(spelling))
                             if spelling.endswith("Recognizer") else r"`%s`" % re.escape(spelling),
                             joined):
                    named.add(kind)
        if 5 <= len(named) < len(kinds):
            problems.append("%s:%d: names %d of the %d kinds; missing: %s" % (
                relative, paragraph_start, len(named), len(kinds),
                ", ".join(k for k in kinds if k not in named)))
        paragraph = []
    return problems


def cli_overview_problems():
    """The CLI's --help overview names every subcommand."""
    folder = os.path.join(ROOT, "Sources", "gesture-bridge")
    with open(os.path.join(folder, "GestureBridge.swift"), encoding="utf-8") as handle:
        main = handle.read()
    discussion = re.search(r'discussion: """(.*?)"""', main, re.S).group(1)
    listed = re.search(r"subcommands: \[(.*?)\]", main, re.S).group(1)
    names = {}
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), encoding="utf-8") as handle:
                    source = handle.read()
                for match in re.finditer(r"struct (\w+): ParsableCommand.*?commandName: \"([\w-]+)\"",
                                         source, re.S):
                    names[match.group(1)] = match.group(2)
    problems = []
    for command in re.findall(r"(\w+)\.self", listed):
        name = names.get(command)
        if name is None:
            problems.append("Sources/gesture-bridge: no commandName for %s" % command)
        elif "`%s`" % name not in discussion:
            problems.append("Sources/gesture-bridge/GestureBridge.swift: the --help overview "
                            "does not name the subcommand `%s`" % name)
    return problems


def main():
    problems = []
    checked = 0
    version, kinds = protocol_facts()
    for relative in markdown_files():
        path = os.path.join(ROOT, relative)
        directory = os.path.dirname(path)
        in_code = False
        with open(path, encoding="utf-8") as handle:
            lines = handle.readlines()
        checked += 1
        problems.extend(prose_problems(relative, "".join(lines), version, kinds))
        for number, line in enumerate(lines, 1):
            if line.startswith("```"):
                in_code = not in_code
            for target in ([] if in_code else LINK.findall(line)):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                file_part, _, fragment = target.partition("#")
                checked += 1
                linked = os.path.normpath(os.path.join(directory, file_part)) if file_part else path
                if not os.path.exists(linked):
                    problems.append("%s:%d: link to %s: no such file" % (relative, number, target))
                elif fragment and linked.endswith(".md") and fragment not in anchors(linked):
                    problems.append("%s:%d: link to %s: no heading #%s in %s" % (
                        relative, number, target, fragment, os.path.relpath(linked, ROOT)))
            for match in PATH.findall(line):
                candidate = match.rstrip(".,:;)")
                if PLACEHOLDER.search(candidate):
                    continue
                checked += 1
                if not os.path.exists(os.path.join(ROOT, candidate)) and not ignored(candidate):
                    problems.append("%s:%d: names %s, which does not exist" % (
                        relative, number, candidate))
    with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as handle:
        architecture = handle.read()
    for name in target_names():
        checked += 1
        if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(name), architecture):
            problems.append("docs/architecture.md: target %s (Package.swift) is not named" % name)
    with open(XML, encoding="utf-8") as handle:
        checked += 1
        problems.extend(prose_problems("Protocols/gesture-bridge-v1.xml", handle.read(), version,
                                       kinds))
    # The comments of the compositor adapters outside SwiftPM, which no compiler reads for us.
    for base, _, files in os.walk(os.path.join(ROOT, "Compositors")):
        for name in sorted(files):
            if name.endswith((".c", ".cpp", ".h")):
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as handle:
                    checked += 1
                    problems.extend(prose_problems(os.path.relpath(path, ROOT), handle.read(),
                                                   version, kinds))
    checked += 1
    problems.extend(cli_overview_problems())
    checked += 1
    picture = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "module-picture.py"),
                              "--check"], capture_output=True, text=True)
    if picture.returncode != 0:
        problems.append((picture.stderr or picture.stdout).strip())
    for problem in problems:
        print("check-docs: FAIL " + problem)
    print("check-docs: %d passed, %d failed" % (checked - len(problems), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
