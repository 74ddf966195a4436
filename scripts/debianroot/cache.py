# SPDX-License-Identifier: MIT
"""Where roots live and when they are rebuilt.

A root is the directory CACHE/NAME (NAME from RootSpec.name) with a stamp file CACHE/NAME.json
holding the cache key it was built with and when. It is stale when the directory or the stamp
is missing, the key differs (package set, suite, tool or mmdebstrap version, mirror) or it is
older than `max_age_days`. A build runs mmdebstrap into CACHE/.building-NAME-PID and renames
it into place only when mmdebstrap succeeded, so an interrupted build leaves no half root (the
leftover .building- directory is removed by the next build). A lock file per root keeps two
processes from building the same root at once.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import time

DEFAULT_CACHE = "/var/cache/gesture-bridge/roots"
DEFAULT_MAX_AGE_DAYS = 7


def cache_directory(environ=None):
    environ = os.environ if environ is None else environ
    return environ.get("GESTURE_BRIDGE_ROOTS") or DEFAULT_CACHE


def progress(message):
    print("debian-root: " + message, file=sys.stderr, flush=True)


def read_stamp(path):
    """The stamp's dict, or None when it is missing or unreadable."""
    try:
        with open(path, encoding="utf-8") as handle:
            stamp = json.load(handle)
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def staleness(root_exists, stamp, key, now, max_age_days):
    """Why a root must be rebuilt (a sentence), or None when it is fresh."""
    if not root_exists:
        return "missing"
    if stamp is None:
        return "no stamp (an older or interrupted build)"
    if stamp.get("key") != key:
        return "built for another key (%s, now %s)" % (stamp.get("key"), key)
    built = stamp.get("built")
    if not isinstance(built, (int, float)):
        return "stamp without a build time"
    age_days = (now - built) / 86400
    if age_days > max_age_days:
        return "%.1f days old (limit %g)" % (age_days, max_age_days)
    return None


def mmdebstrap_command(spec, target, mirror):
    """The mmdebstrap command line that builds `spec` into `target`."""
    command = [
        "mmdebstrap", "--mode=root", "--variant=" + spec.variant,
        "--architectures=" + spec.arch, "--include=" + ",".join(spec.packages),
    ]
    command += ["--aptopt=" + option for option in spec.apt_options()]
    command += spec.mmdebstrap_options(mirror)
    command += [spec.suite, target, mirror]
    return command


def merged_usr_links(target):
    """The extract variant leaves out the lib, bin, sbin -> usr/... links of a merged-/usr
    system (qemu's -L and the dynamic loader need them): adds the missing ones."""
    for name in ("bin", "sbin", "lib", "lib64"):
        link = os.path.join(target, name)
        if not os.path.lexists(link) and os.path.isdir(os.path.join(target, "usr", name)):
            os.symlink("usr/" + name, link)


class RootCache:
    def __init__(self, directory, mirror, mmdebstrap_version, max_age_days=DEFAULT_MAX_AGE_DAYS):
        self.directory = directory
        self.mirror = mirror
        self.mmdebstrap_version = mmdebstrap_version
        self.max_age_days = max_age_days

    def path(self, spec):
        return os.path.join(self.directory, spec.name)

    def stamp_path(self, spec):
        return self.path(spec) + ".json"

    def why_stale(self, spec, now=None):
        now = time.time() if now is None else now
        return staleness(
            os.path.isdir(self.path(spec)), read_stamp(self.stamp_path(spec)),
            spec.key(self.mmdebstrap_version, self.mirror), now, self.max_age_days)

    def ensure(self, spec, run=subprocess.run):
        """The root's path, built first when it is stale."""
        os.makedirs(self.directory, exist_ok=True)
        with open(os.path.join(self.directory, "." + spec.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            reason = self.why_stale(spec)
            if reason is None:
                progress("reusing %s" % self.path(spec))
                return self.path(spec)
            progress("building %s (%s): %s %s, %d packages" % (
                spec.name, reason, spec.suite, spec.arch, len(spec.packages)))
            self.build(spec, run)
            return self.path(spec)

    def remove_leftovers(self, spec):
        prefix = ".building-%s-" % spec.name
        for name in os.listdir(self.directory):
            if name.startswith(prefix) or name == ".old-" + spec.name:
                progress("removing leftover %s" % name)
                shutil.rmtree(os.path.join(self.directory, name), ignore_errors=True)

    def build(self, spec, run):
        self.remove_leftovers(spec)
        started = time.time()
        target = os.path.join(self.directory, ".building-%s-%d" % (spec.name, os.getpid()))
        command = mmdebstrap_command(spec, target, self.mirror)
        try:
            result = run(command)
            if result.returncode != 0:
                raise RuntimeError("mmdebstrap failed (exit %d)" % result.returncode)
            if spec.variant == "extract":
                merged_usr_links(target)
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        final = self.path(spec)
        stamp = self.stamp_path(spec)
        if os.path.lexists(stamp):
            os.unlink(stamp)
        if os.path.isdir(final):
            old = os.path.join(self.directory, ".old-" + spec.name)
            os.rename(final, old)
            os.rename(target, final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(target, final)
        content = {"key": spec.key(self.mmdebstrap_version, self.mirror), "built": time.time(),
                   "packages": spec.packages}
        with open(stamp + ".tmp", "w", encoding="utf-8") as handle:
            json.dump(content, handle, indent=1)
        os.rename(stamp + ".tmp", stamp)
        progress("built %s in %d s" % (final, time.time() - started))
