# SPDX-License-Identifier: MIT
"""Staleness, the mmdebstrap command and the atomic build (mmdebstrap replaced by a fake)."""
import json
import os
import subprocess

import pytest

from debianroot import cache, spec

DAY = 86400


def test_staleness():
    fresh = {"key": "k", "built": 1000 * DAY}
    assert cache.staleness(True, fresh, "k", 1003 * DAY, 7) is None
    assert cache.staleness(False, fresh, "k", 1000 * DAY, 7) == "missing"
    assert "no stamp" in cache.staleness(True, None, "k", 1000 * DAY, 7)
    assert "another key" in cache.staleness(True, fresh, "other", 1000 * DAY, 7)
    assert "8.0 days old" in cache.staleness(True, fresh, "k", 1008 * DAY, 7)
    assert "build time" in cache.staleness(True, {"key": "k"}, "k", 1000 * DAY, 7)


def test_read_stamp_of_a_missing_or_broken_file(tmp_path):
    assert cache.read_stamp(str(tmp_path / "none.json")) is None
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert cache.read_stamp(str(broken)) is None
    broken.write_text("[1]")
    assert cache.read_stamp(str(broken)) is None


def test_cache_directory_from_the_environment():
    assert cache.cache_directory({"GESTURE_BRIDGE_ROOTS": "/x/roots"}) == "/x/roots"
    assert cache.cache_directory({}) == cache.DEFAULT_CACHE


def test_mmdebstrap_command():
    command = cache.mmdebstrap_command(spec.RootSpec("sid", "swift"), "/t", "http://m/debian")
    assert command[:5] == ["mmdebstrap", "--mode=root", "--variant=minbase",
                           "--architectures=amd64",
                           "--include=" + ",".join(spec.packages("swift", "sid"))]
    assert command[5] == '--aptopt=Acquire::Check-Valid-Until "false"'
    assert command[6:] == ["sid", "/t", "http://m/debian"]


class FakeMmdebstrap:
    """Writes a file into the target as mmdebstrap would make the root, or fails."""

    def __init__(self, returncode=0, interrupt=False):
        self.returncode = returncode
        self.interrupt = interrupt
        self.calls = []

    def __call__(self, command):
        self.calls.append(command)
        target = command[-2]
        os.makedirs(os.path.join(target, "usr", "lib"))
        with open(os.path.join(target, "marker"), "w") as handle:
            handle.write(str(len(self.calls)))
        if self.interrupt:
            raise KeyboardInterrupt
        return subprocess.CompletedProcess(command, self.returncode)


def make_cache(tmp_path, max_age_days=7):
    return cache.RootCache(str(tmp_path), "http://m/debian", "mmdebstrap 1", max_age_days)


def test_build_once_then_reuse_then_rebuild_when_the_key_changes(tmp_path):
    roots = make_cache(tmp_path)
    root = spec.RootSpec("trixie", "swift")
    fake = FakeMmdebstrap()
    path = roots.ensure(root, fake)
    assert path == str(tmp_path / "trixie-amd64-swift")
    assert open(os.path.join(path, "marker")).read() == "1"
    stamp = json.load(open(path + ".json"))
    assert stamp["key"] == root.key("mmdebstrap 1", "http://m/debian")
    assert roots.why_stale(root) is None
    roots.ensure(root, fake)
    assert len(fake.calls) == 1
    newer = cache.RootCache(str(tmp_path), "http://m/debian", "mmdebstrap 2")
    newer.ensure(root, fake)
    assert len(fake.calls) == 2
    assert open(os.path.join(path, "marker")).read() == "2"
    assert sorted(os.listdir(tmp_path)) == [
        ".trixie-amd64-swift.lock", "trixie-amd64-swift", "trixie-amd64-swift.json"]


def test_an_old_root_is_rebuilt(tmp_path):
    roots = make_cache(tmp_path, max_age_days=1)
    root = spec.RootSpec("trixie", "swift")
    fake = FakeMmdebstrap()
    path = roots.ensure(root, fake)
    stamp = json.load(open(path + ".json"))
    stamp["built"] -= 2 * DAY
    json.dump(stamp, open(path + ".json", "w"))
    assert "days old" in roots.why_stale(root)
    roots.ensure(root, fake)
    assert len(fake.calls) == 2


def test_a_failed_build_leaves_no_root(tmp_path):
    roots = make_cache(tmp_path)
    root = spec.RootSpec("trixie", "swift")
    with pytest.raises(RuntimeError, match="mmdebstrap failed"):
        roots.ensure(root, FakeMmdebstrap(returncode=1))
    assert roots.why_stale(root) == "missing"
    assert [name for name in os.listdir(tmp_path) if not name.endswith(".lock")] == []


def test_an_interrupted_build_keeps_the_previous_root(tmp_path):
    roots = make_cache(tmp_path)
    root = spec.RootSpec("trixie", "swift")
    path = roots.ensure(root, FakeMmdebstrap())
    newer = cache.RootCache(str(tmp_path), "http://m/debian", "mmdebstrap 2")
    with pytest.raises(KeyboardInterrupt):
        newer.ensure(root, FakeMmdebstrap(interrupt=True))
    assert open(os.path.join(path, "marker")).read() == "1"
    assert not any(name.startswith(".building-") for name in os.listdir(tmp_path))


def test_leftovers_of_a_killed_build_are_removed(tmp_path):
    roots = make_cache(tmp_path)
    root = spec.RootSpec("trixie", "swift")
    leftover = tmp_path / ".building-trixie-amd64-swift-99999"
    (leftover / "etc").mkdir(parents=True)
    roots.ensure(root, FakeMmdebstrap())
    assert not leftover.exists()


def test_extract_roots_get_merged_usr_links(tmp_path):
    roots = make_cache(tmp_path)
    path = roots.ensure(spec.RootSpec("trixie", "swift", "arm64", "extract"), FakeMmdebstrap())
    assert os.readlink(os.path.join(path, "lib")) == "usr/lib"
    assert not os.path.lexists(os.path.join(path, "bin"))
