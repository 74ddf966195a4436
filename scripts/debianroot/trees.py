# SPDX-License-Identifier: MIT
"""Build trees kept outside the checkout, next to the roots (docs/platforms.md, "Time").

A build in a Debian root (a plan of scripts/test_in_root.py, a package build of scripts/
debian_package.py, the arm64 cross build) runs on a copy of the checkout's files at a fixed
path, CACHE/NAME/src, with its build (SwiftPM's scratch path, the package build's tree) beside
or inside it. Before each build the copy is brought up to date file by file: a file whose
content is unchanged is left alone, time and inode included, so SwiftPM's incremental build
reuses its output, and a fresh clone of the checkout rebuilds only what differs from the
previous run instead of everything. Files the checkout no longer has are removed (but the
`kept` top-level entries: the build's own directories).

The cache is ${GESTURE_BRIDGE_BUILDS:-/var/cache/gesture-bridge/builds}; each tree has a lock
(CACHE/NAME.lock, flock) held for the whole build, so two checkouts building the same tree
take turns instead of writing into each other's build. Removing CACHE (or one NAME) is always
safe: the next build starts from nothing.

A host build uses it from the command line (scripts/test.sh's property-streams step):

  python3 scripts/debianroot/trees.py run NAME [--kept ENTRY]... -- COMMAND [ARGUMENT]...

brings NAME/src up to date with the checkout this file is in and runs COMMAND there, holding
the lock; its exit status is COMMAND's.
"""
import argparse
import fcntl
import filecmp
import os
import shutil
import subprocess
import sys

DEFAULT_BUILDS = "/var/cache/gesture-bridge/builds"


def builds_directory(environ=None):
    environ = os.environ if environ is None else environ
    return environ.get("GESTURE_BRIDGE_BUILDS") or DEFAULT_BUILDS


def source_files(checkout):
    """The checkout's files a build (and the source package) takes: tracked and
    untracked-but-not-ignored ones that exist (git ls-files), sorted."""
    listed = subprocess.run(
        ["git", "-C", checkout, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True).stdout.decode("utf-8").split("\0")
    return sorted(path for path in set(listed)
                  if path and os.path.isfile(os.path.join(checkout, path)))


def files_under(directory):
    """Every file under `directory`, as paths relative to it."""
    found = []
    for current, _, files in os.walk(directory):
        relative = os.path.relpath(current, directory)
        found += [os.path.normpath(os.path.join(relative, name)) for name in files]
    return found


def sync_files(source, paths, target, kept=()):
    """Makes `target` hold exactly the files `paths` (relative) of `source`, but the top-level
    `kept` entries, which are left as they are: an unchanged file is not touched (its time and
    inode stay, so a build reuses its output), a changed one is replaced, a file `paths` lacks
    is removed, and so is a directory left empty. (copied, removed) counts."""
    copied = removed = 0
    wanted = set()
    for path in paths:
        path = os.path.normpath(path)
        wanted.add(path)
        origin, destination = os.path.join(source, path), os.path.join(target, path)
        if os.path.isfile(destination) and not os.path.islink(destination) \
                and filecmp.cmp(origin, destination, shallow=False):
            shutil.copymode(origin, destination)
            continue
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        if os.path.lexists(destination):
            if os.path.isdir(destination) and not os.path.islink(destination):
                shutil.rmtree(destination)
            else:
                os.unlink(destination)
        shutil.copy2(origin, destination)
        copied += 1
    for directory, subdirectories, files in os.walk(target, topdown=True):
        relative = os.path.relpath(directory, target)
        if relative == ".":
            subdirectories[:] = [name for name in subdirectories if name not in kept]
            files = [name for name in files if name not in kept]
        for name in files:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in wanted:
                os.unlink(os.path.join(directory, name))
                removed += 1
    for directory, _, _ in sorted(os.walk(target), key=lambda entry: -len(entry[0])):
        top = os.path.relpath(directory, target).split(os.sep)[0]
        if directory != target and top not in kept and not os.listdir(directory):
            os.rmdir(directory)
    return copied, removed


def sync_tree(source, target, kept=()):
    """sync_files with every file under `source`."""
    return sync_files(source, files_under(source), target, kept)


class KeptTree:
    """The kept build tree CACHE/NAME, locked while in a `with` block:

        with KeptTree("trixie") as tree:
            source = tree.export(checkout, kept=(".build-trixie",))
    """

    def __init__(self, name, directory=None, report=None):
        self.name = name
        self.path = os.path.join(directory or builds_directory(), name)
        self.report = report
        self._lock = None

    def __enter__(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self._lock = open(self.path + ".lock", "w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if self.report:
                self.report("waiting for %s, which another build holds" % self.path)
            fcntl.flock(self._lock, fcntl.LOCK_EX)
        os.makedirs(self.path, exist_ok=True)
        return self

    def __exit__(self, *exception):
        fcntl.flock(self._lock, fcntl.LOCK_UN)
        self._lock.close()
        self._lock = None
        return False

    def export(self, checkout, kept=()):
        """The checkout's files (source_files) brought up to date in NAME/src, the `kept`
        top-level entries left alone; its path. The host builds' Package.resolved is not
        among them (it is ignored), so a build with the dependencies by path does not fetch
        its remote pins."""
        source = os.path.join(self.path, "src")
        os.makedirs(source, exist_ok=True)
        copied, removed = sync_files(checkout, source_files(checkout), source, kept)
        if self.report:
            self.report("%s brought up to date with the checkout (%d files new or changed, "
                        "%d removed)" % (source, copied, removed))
        return source


def main(argv):
    parser = argparse.ArgumentParser(prog="trees.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run a command in a kept tree")
    run.add_argument("name")
    run.add_argument("--kept", action="append", default=[], metavar="ENTRY",
                     help="a top-level entry of the tree the update leaves alone (the build)")
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        parser.error("no command (after --)")
    command = argv[argv.index("--") + 1:]
    arguments = parser.parse_args(argv[:argv.index("--")])
    checkout = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    def report(line):
        print("kept-tree: " + line, file=sys.stderr, flush=True)

    with KeptTree(arguments.name, report=report) as tree:
        source = tree.export(checkout, kept=tuple(arguments.kept))
        return subprocess.run(command, cwd=source).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
