# SPDX-License-Identifier: MIT
"""Running a command inside a root.

The command runs in a private mount namespace (`unshare --mount --propagation private`), so
nothing stays mounted when it ends: proc, the host's /dev and /sys, a tmpfs on /tmp (HOME too,
so SwiftPM's caches stay out of the cached root), the host's Swift toolchain read-only at its
own path, the checkout (read-write: the build writes its scratch path there) at its own path,
and the local Swift package mirror that the machine's git configuration maps GitHub URLs to
(`url.DIR.insteadOf`), read-only, with the git configuration file that says so, so SwiftPM
resolves the dependencies offline inside the root.
"""
import os
import shlex
import shutil
import subprocess


class EnterError(Exception):
    """Something the root needs is missing on the host."""


def toolchain_from_swift(swift_path):
    """The toolchain directory of a `swift` binary: TOOLCHAIN/usr/bin/swift -> TOOLCHAIN."""
    real = os.path.realpath(swift_path)
    return os.path.dirname(os.path.dirname(os.path.dirname(real)))


def git_url_mirrors(show_origin_output):
    """(config files, local directories) of `git config --show-origin --get-regexp url`
    lines `file:PATH<TAB>url.DIR.insteadof URL` whose DIR is a local path."""
    files, directories = [], []
    for line in show_origin_output.splitlines():
        origin, _, entry = line.partition("\t")
        key = entry.split(" ", 1)[0]
        if not origin.startswith("file:") or not key.startswith("url.") \
                or not key.lower().endswith(".insteadof"):
            continue
        directory = key[len("url."):-len(".insteadof")]
        if not directory.startswith("/"):
            continue
        path = origin[len("file:"):]
        if path not in files:
            files.append(path)
        directory = directory.rstrip("/") or "/"
        if directory not in directories:
            directories.append(directory)
    return files, directories


class Bind:
    """A host path mounted at the same path inside the root."""

    def __init__(self, path, read_only):
        self.path = path
        self.read_only = read_only


def mount_script(root, binds, file_binds, environment, workdir, command, throwaway=None):
    """The shell script run under unshare: mounts, then chroot into `root` running `command`
    in `workdir` with exactly `environment` (a list of NAME=VALUE). With `throwaway` (an
    empty host directory), the root is an overlay of `root` with its writable layer there:
    what the command changes (packages it installs) is gone with that directory, and the cached
    root stays clean."""
    q = shlex.quote
    lines = ["set -e"]
    if throwaway is not None:
        merged = throwaway + "/merged"
        lines += [
            "mkdir -p %s %s %s" % (q(throwaway + "/upper"), q(throwaway + "/work"), q(merged)),
            "mount -t overlay gesture-bridge-throwaway -o %s %s" % (q(
                "lowerdir=%s,upperdir=%s/upper,workdir=%s/work" % (root, throwaway, throwaway)),
                q(merged)),
        ]
        root = merged
    lines += [
        "mount -t proc proc %s" % q(root + "/proc"),
        "mount --rbind /dev %s" % q(root + "/dev"),
        "mount --rbind /sys %s" % q(root + "/sys"),
        "mount -t tmpfs tmpfs %s" % q(root + "/tmp"),
    ]
    for bind in binds:
        inside = q(root + bind.path)
        lines.append("mkdir -p %s" % inside)
        options = " -o ro" if bind.read_only else ""
        lines.append("mount --bind%s %s %s" % (options, q(bind.path), inside))
    for path in file_binds:
        inside = q(root + path)
        lines.append("mkdir -p %s && touch %s" % (q(os.path.dirname(root + path)), inside))
        lines.append("mount --bind -o ro %s %s" % (q(path), inside))
    inner = "cd %s && exec \"$@\"" % q(workdir)
    lines.append("exec chroot %s /usr/bin/env -i %s /bin/sh -c %s sh %s" % (
        q(root), " ".join(q(entry) for entry in environment), q(inner),
        " ".join(q(word) for word in command)))
    return "\n".join(lines) + "\n"


def unshare_command(script):
    return ["unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c", script]


def host_setup(checkout, extra_binds=(), host_toolchain=True):
    """(binds, file binds, toolchain) of this machine: the checkout, the toolchain of the
    `swift` on the PATH and the git URL mirrors; without `host_toolchain` (a root with
    Debian's swiftlang) the checkout and `extra_binds` only, and toolchain None."""
    if not host_toolchain:
        return [Bind(checkout, False)] + [Bind(path, False) for path in extra_binds], [], None
    swift = shutil.which("swift")
    if swift is None:
        raise EnterError("no `swift` on the PATH: the root runs the host's toolchain")
    toolchain = toolchain_from_swift(swift)
    result = subprocess.run(
        ["git", "config", "--system", "--show-origin", "--get-regexp", "url"],
        capture_output=True, text=True)
    files, directories = git_url_mirrors(result.stdout)
    binds = [Bind(toolchain, True), Bind(checkout, False)]
    binds += [Bind(directory, True) for directory in directories if os.path.isdir(directory)]
    binds += [Bind(path, False) for path in extra_binds]
    return binds, files, toolchain


SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Where Debian's swiftlang installs its toolchain.
SWIFTLANG_BIN = "/usr/libexec/swift/bin"


def inside_command(root, checkout, command, environment=(), extra_binds=(), workdir=None,
                   host_toolchain=True, throwaway=None):
    """The host command line that runs `command` inside `root` (in `workdir`, default the
    checkout) with HOME, LANG, a PATH starting with the toolchain's and `environment`. Without
    `host_toolchain`, nothing of the host's Swift is mounted (nor its package mirror) and the
    PATH starts with Debian's swiftlang's directory."""
    binds, files, toolchain = host_setup(checkout, extra_binds, host_toolchain)
    first = toolchain + "/usr/bin" if toolchain else SWIFTLANG_BIN
    base = ["HOME=/tmp", "LANG=C.UTF-8", "PATH=%s:%s" % (first, SYSTEM_PATH)]
    script = mount_script(
        root, binds, files, base + list(environment), workdir or checkout, command, throwaway)
    return unshare_command(script)


def run_inside(root, checkout, command, environment=(), extra_binds=(), workdir=None,
               host_toolchain=True):
    """Runs `command` inside `root`; its exit status."""
    return subprocess.run(inside_command(
        root, checkout, command, environment, extra_binds, workdir, host_toolchain)).returncode
