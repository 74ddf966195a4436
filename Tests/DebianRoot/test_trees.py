# SPDX-License-Identifier: MIT
"""scripts/debianroot/trees.py: the kept build trees outside the checkout (their update keeps
unchanged files and the build, their lock, the export of a checkout's files)."""
import os
import subprocess
import threading
import time

from debianroot import trees


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def test_the_cache_is_var_cache_unless_the_environment_says():
    assert trees.builds_directory({}) == "/var/cache/gesture-bridge/builds"
    assert trees.builds_directory({"GESTURE_BRIDGE_BUILDS": "/x"}) == "/x"


def test_sync_keeps_unchanged_files_and_the_build_and_removes_what_the_source_lacks(tmp_path):
    source, target = str(tmp_path / "source"), str(tmp_path / "target")
    write(source + "/a.swift", "same")
    write(source + "/sub/b.swift", "new text")
    write(target + "/a.swift", "same")
    os.utime(target + "/a.swift", (1000, 1000))
    inode = os.stat(target + "/a.swift").st_ino
    write(target + "/sub/b.swift", "old text")
    write(target + "/gone/c.swift", "removed from the source")
    write(target + "/debian/tmp/usr/bin/tool", "a former build's staging")
    write(target + "/.build-install/release/tool", "the kept build")
    assert trees.sync_tree(source, target, kept=(".build-install",)) == (1, 2)
    assert os.stat(target + "/a.swift").st_mtime == 1000
    assert os.stat(target + "/a.swift").st_ino == inode
    assert read(target + "/sub/b.swift") == "new text"
    assert not os.path.exists(target + "/gone") and not os.path.exists(target + "/debian")
    assert read(target + "/.build-install/release/tool") == "the kept build"


def test_a_directory_in_the_way_of_a_file_is_replaced(tmp_path):
    source, target = str(tmp_path / "source"), str(tmp_path / "target")
    write(source + "/thing", "now a file")
    write(target + "/thing/inside", "was a directory")
    assert trees.sync_tree(source, target) == (1, 0)
    assert read(target + "/thing") == "now a file"


def git_checkout(path):
    subprocess.run(["git", "init", "-q", path], check=True)
    write(path + "/.gitignore", "Package.resolved\n.build*/\n")
    write(path + "/Package.swift", "// the manifest\n")
    write(path + "/Sources/A/a.swift", "let a = 1\n")
    write(path + "/Package.resolved", "remote pins\n")
    write(path + "/.build/debug/x", "the host's build\n")
    subprocess.run(["git", "-C", path, "add", "-A"], check=True)
    write(path + "/Sources/A/new.swift", "// untracked, not ignored: taken\n")


def test_export_takes_the_checkouts_files_but_ignored_ones_and_keeps_the_scratch(tmp_path):
    checkout, cache = str(tmp_path / "checkout"), str(tmp_path / "cache")
    git_checkout(checkout)
    with trees.KeptTree("trixie", directory=cache) as tree:
        source = tree.export(checkout, kept=(".build-trixie",))
        write(source + "/.build-trixie/debug/built", "the plan's build")
    assert source == cache + "/trixie/src"
    assert sorted(trees.files_under(source)) == [
        ".build-trixie/debug/built", ".gitignore", "Package.swift", "Sources/A/a.swift",
        "Sources/A/new.swift"]
    os.utime(source + "/Sources/A/a.swift", (1000, 1000))
    write(checkout + "/Sources/A/a.swift", "let a = 2\n")
    os.unlink(checkout + "/Sources/A/new.swift")
    os.utime(source + "/Package.swift", (1000, 1000))
    with trees.KeptTree("trixie", directory=cache) as tree:
        tree.export(checkout, kept=(".build-trixie",))
    assert read(source + "/Sources/A/a.swift") == "let a = 2\n"
    assert not os.path.exists(source + "/Sources/A/new.swift")
    assert os.stat(source + "/Package.swift").st_mtime == 1000
    assert read(source + "/.build-trixie/debug/built") == "the plan's build"


def test_a_second_build_of_the_same_tree_waits_for_the_first(tmp_path):
    cache = str(tmp_path / "cache")
    events, said = [], []
    first = trees.KeptTree("sid", directory=cache)
    first.__enter__()

    def second():
        with trees.KeptTree("sid", directory=cache, report=said.append):
            events.append("second in")

    thread = threading.Thread(target=second)
    thread.start()
    time.sleep(0.3)
    events.append("first out")
    first.__exit__(None, None, None)
    thread.join(5)
    assert events == ["first out", "second in"]
    assert said and "waiting for" in said[0] and cache + "/sid" in said[0]


def test_run_exports_the_checkout_and_runs_the_command_there(tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("GESTURE_BRIDGE_BUILDS", str(tmp_path / "cache"))
    assert trees.main(["run", "probe", "--kept", ".build", "--",
                       "sh", "-c", "test -f scripts/debianroot/trees.py && pwd && exit 3"]) == 3
    out, err = capfd.readouterr()
    assert out.strip() == str(tmp_path / "cache" / "probe" / "src")
    assert "brought up to date with the checkout" in err
