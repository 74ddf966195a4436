#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps the docs true to the tree (run by scripts/test.sh as `step docs`).

Checks README.md, the other Markdown files at the root, docs/*.md and every Examples/**/README.md:
  - every relative link `[text](target)` names a file or folder that exists (a `#fragment` on
    a Markdown target must be one of its headings, GitHub-style);
  - every path under Sources/, Tests/, scripts/, Examples/, Protocols/, debian/, docs/,
    abi/ or Benchmarks/ written in the text (in backticks or not) exists; a path with a glob
    character or a placeholder (`NAME`, `...`, `<...>`, `{a,b}`) is left alone;
    (a path git ignores, a build output, is left alone too);
  - every module (non-test target) declared in Package.swift is named in docs/architecture.md,
    and its module picture is the one scripts/module-picture.py draws from Package.swift.
Prints one line per problem (`FILE:LINE: ...`) and `check-docs: N passed, M failed`; exit 1
when anything failed.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH_ROOTS = ("Sources/", "Tests/", "scripts/", "Examples/", "Protocols/", "debian/",
              "docs/", "abi/", "Benchmarks/")
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


def main():
    problems = []
    checked = 0
    for relative in markdown_files():
        path = os.path.join(ROOT, relative)
        directory = os.path.dirname(path)
        in_code = False
        with open(path, encoding="utf-8") as handle:
            lines = handle.readlines()
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
