# SPDX-License-Identifier: MIT
"""scripts/debian_package.py: the build command per suite, the reproducible tarball command,
and the packages' order (the kept tree's update: Tests/DebianRoot/test_trees.py)."""
import os

import pytest

import debian_package


def test_sid_builds_with_swiftlang_and_the_older_suites_with_the_profile():
    assert debian_package.uses_swiftlang("sid")
    assert not debian_package.uses_swiftlang("trixie")
    assert debian_package.dpkg_buildpackage_command("sid") == [
        "dpkg-buildpackage", "-b", "-us", "-uc", "--no-pre-clean"]
    assert debian_package.dpkg_buildpackage_command("bookworm")[-1] == (
        "-Ppkg.gesture-bridge.toolchain-on-path")


def test_arm64_is_a_cross_build_of_trixie_in_its_cross_root_with_swift_on_the_path():
    command = debian_package.dpkg_buildpackage_command("trixie", "arm64")
    assert command[:5] == ["dpkg-buildpackage", "-b", "-us", "-uc", "--no-pre-clean"]
    assert ["--host-arch", "arm64"] == command[command.index("--host-arch"):][:2]
    assert "-Pcross,pkg.gesture-bridge.toolchain-on-path" in command
    root, host_toolchain = debian_package.build_root("trixie", "arm64")
    assert (root.suite, root.set_name, root.arch) == ("trixie", "cross-arm64-trixie", "amd64,arm64")
    assert host_toolchain is False
    assert "libweston-14-dev:arm64" in root.packages and "crossbuild-essential-arm64" in root.packages
    with pytest.raises(debian_package.PackageError, match="built for trixie only, not sid"):
        debian_package.build_root("sid", "arm64")
    assert debian_package.build_root("sid", "amd64")[0].set_name == "deb-build"
    assert debian_package.build_root("trixie", "amd64")[1] is True


def test_the_orig_tarball_is_reproducible_and_leaves_out_debian():
    command = debian_package.tar_command("/d", "gb-1", "/d/gb.tar.xz", 1700000000, ["gb-1/debian"])
    assert "--sort=name" in command and "--mtime=@1700000000" in command
    assert "--owner=0" in command and "--exclude=gb-1/debian" in command
    assert command[-3:] == ["-cJf", "/d/gb.tar.xz", "gb-1"]


def test_the_debs_are_listed_in_debian_control_order():
    packages = debian_package.control_packages()
    assert packages[0] == "libgesture-bridge0" and len(packages) == 8
    debs = ["/o/%s_0.3.0-1_amd64.deb" % name for name in sorted(packages)]
    assert [os.path.basename(path).split("_")[0]
            for path in debian_package.in_control_order(debs, packages)] == packages
