#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The source package's component tarballs: SwiftPM's dependencies, carried in the source
package because a Debian build has no network (docs/packaging.md).

  debian_components.py list                  # COMPONENT URL FROM per dependency
  debian_components.py write DIR             # DIR/gesture-bridge_VERSION.orig-COMPONENT.tar.xz

Each entry of Package.swift's remoteDependencies (URL, lowest version) is one component of the 3.0 (quilt) source
package, named after the URL's last part in lower case (yams, swift-argument-parser,
swift-log): the newest release tag at or above `from` of that URL, read with git, through the
machine's git configuration (which maps GitHub URLs to the local package mirror; nothing is
downloaded from elsewhere), exported with `git archive` as COMPONENT/... . dpkg-source unpacks
a component into the directory COMPONENT of the source tree; debian/rules builds with
GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=that tree, and Package.swift then takes each dependency
from DIR/COMPONENT by path (`.package(path:)`), so SwiftPM neither clones nor resolves.
The tarballs are reproducible: the tag's commit time on every file (the checkout's last
commit's when the mirror's commits carry none), git archive's order, xz -9.
"""
import io
import os
import re
import subprocess
import sys
import tarfile

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# An entry of Package.swift's remoteDependencies: ("URL", "LOWEST VERSION").
PACKAGE_LINE = re.compile(r'^\s*\("(https://[^"]+)",\s*"([0-9.]+)"\),?\s*$', re.MULTILINE)
RELEASE_TAG = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")


class ComponentError(Exception):
    """A dependency whose release cannot be found or exported."""


def dependencies(package_swift):
    """(component, url, minimum version) per remoteDependencies entry of Package.swift's text."""
    found = []
    for url, minimum in PACKAGE_LINE.findall(package_swift):
        name = url.rstrip("/").rsplit("/", 1)[-1]
        if name.endswith(".git"):
            name = name[:-4]
        found.append((name.lower(), url, minimum))
    return found


def version_tuple(text):
    return tuple(int(part) for part in text.split("."))


def newest_release(ls_remote_output, minimum):
    """(tag, commit) of the newest release tag at or above `minimum` in `git ls-remote --tags`
    output (peeled `^{}` entries name the commit of an annotated tag), or None."""
    commits, tags = {}, []
    for line in ls_remote_output.splitlines():
        commit, _, ref = line.partition("\t")
        if not ref.startswith("refs/tags/"):
            continue
        name = ref[len("refs/tags/"):]
        peeled = name.endswith("^{}")
        name = name[:-3] if peeled else name
        match = RELEASE_TAG.match(name)
        if not match:
            continue
        if peeled or name not in commits:
            commits[name] = commit
        if name not in tags:
            tags.append(name)
    eligible = [tag for tag in tags
                if version_tuple(RELEASE_TAG.match(tag).expand(r"\1.\2.\3"))
                >= version_tuple(minimum)]
    if not eligible:
        return None
    tag = max(eligible, key=lambda t: version_tuple(RELEASE_TAG.match(t).expand(r"\1.\2.\3")))
    return tag, commits[tag]


def git(arguments, **options):
    return subprocess.run(["git"] + arguments, capture_output=True, check=False, **options)


def resolve(url, minimum):
    result = git(["ls-remote", "--tags", url], text=True)
    if result.returncode != 0:
        raise ComponentError("git ls-remote %s failed: %s" % (url, result.stderr.strip()))
    release = newest_release(result.stdout, minimum)
    if release is None:
        raise ComponentError("%s has no release tag at or above %s" % (url, minimum))
    return release


def version():
    with open(os.path.join(CHECKOUT, "VERSION"), encoding="utf-8") as handle:
        return handle.read().strip()


def checkout_time():
    """The time of the checkout's last commit (0 outside a git checkout)."""
    result = git(["-C", CHECKOUT, "log", "-1", "--format=%ct"], text=True)
    return int(result.stdout.strip() or 0) if result.returncode == 0 else 0


def with_mtime(tar_bytes, mtime):
    """The tar archive `tar_bytes` with every member's time set to `mtime`: a mirror whose
    commits carry time 0 would otherwise give files dated 1970 (lintian: ancient files)."""
    source = tarfile.open(fileobj=io.BytesIO(tar_bytes), mode="r:")
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w:", format=tarfile.PAX_FORMAT) as target:
        for member in source.getmembers():
            member.mtime = mtime
            member.pax_headers.pop("mtime", None)
            data = source.extractfile(member) if member.isfile() else None
            target.addfile(member, data)
    return output.getvalue()


def write(directory, package_swift):
    """Writes each component tarball into `directory`; their paths."""
    os.makedirs(directory, exist_ok=True)
    written = []
    for component, url, minimum in dependencies(package_swift):
        tag, _ = resolve(url, minimum)
        path = os.path.join(directory, "gesture-bridge_%s.orig-%s.tar.xz" % (version(), component))
        # A scratch clone of the one tag (the URL goes through the git configuration), then
        # git archive: its tar is already deterministic (commit time, sorted paths).
        scratch = path + ".git"
        subprocess.run(["rm", "-rf", scratch], check=True)
        clone = git(["clone", "--quiet", "--bare", "--depth=1", "--branch", tag, url, scratch],
                    text=True)
        if clone.returncode != 0:
            raise ComponentError("git clone %s %s failed: %s" % (url, tag, clone.stderr.strip()))
        try:
            archive = git(["-C", scratch, "archive", "--format=tar", "--prefix=%s/" % component,
                           tag])
            if archive.returncode != 0:
                raise ComponentError("git archive %s %s failed" % (url, tag))
            commit_time = int(git(["-C", scratch, "log", "-1", "--format=%ct", tag],
                                  text=True).stdout.strip() or 0)
            tar = with_mtime(archive.stdout, commit_time or checkout_time())
            compressed = subprocess.run(["xz", "-9", "-T1", "-c"], input=tar,
                                        capture_output=True, check=True).stdout
        finally:
            subprocess.run(["rm", "-rf", scratch], check=True)
        with open(path + ".tmp", "wb") as handle:
            handle.write(compressed)
        os.rename(path + ".tmp", path)
        written.append((component, url, tag, path))
    return written


def main(argv):
    with open(os.path.join(CHECKOUT, "Package.swift"), encoding="utf-8") as handle:
        package_swift = handle.read()
    try:
        if argv == ["list"]:
            for component, url, minimum in dependencies(package_swift):
                print(component, url, minimum)
            return 0
        if len(argv) == 2 and argv[0] == "write":
            for component, url, tag, path in write(argv[1], package_swift):
                print("%s %s %s %s" % (component, url, tag, path))
            return 0
    except ComponentError as error:
        print("debian-components: error: %s" % error, file=sys.stderr)
        return 1
    print("usage: debian_components.py list | write DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
