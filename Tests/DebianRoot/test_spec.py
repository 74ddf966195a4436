# SPDX-License-Identifier: MIT
"""Package sets per suite and the cache key."""
import pytest

from debianroot import spec


def test_suite_names_are_substituted():
    trixie = spec.packages("desktop", "trixie")
    assert "libweston-14-dev" in trixie and "libcurl4t64" in trixie
    bookworm = spec.packages("desktop", "bookworm")
    assert "libweston-10-dev" in bookworm and "libcurl4" in bookworm
    assert "libweston-16-dev" in spec.packages("desktop", "sid")
    assert not any("{" in name for name in trixie)


def test_packages_are_sorted_and_unique():
    names = spec.packages("desktop", "trixie")
    assert names == sorted(set(names))


def test_unknown_suite_set_and_variant_are_errors():
    with pytest.raises(spec.SpecError, match="unknown suite"):
        spec.packages("desktop", "buster")
    with pytest.raises(spec.SpecError, match="unknown package set"):
        spec.packages("kde", "trixie")
    with pytest.raises(spec.SpecError, match="unknown variant"):
        spec.RootSpec("trixie", "desktop", variant="buildd")


def test_name():
    assert spec.RootSpec("trixie", "desktop").name == "trixie-amd64-desktop"
    assert spec.RootSpec("trixie", "swift", "arm64", "extract").name == \
        "trixie-arm64-swift-extract"


def test_sid_does_not_check_valid_until():
    assert spec.RootSpec("sid", "swift").apt_options() == ['Acquire::Check-Valid-Until "false"']
    assert spec.RootSpec("trixie", "swift").apt_options() == []


def test_key_changes_with_everything_a_root_depends_on():
    base = spec.RootSpec("trixie", "desktop").key("mmdebstrap 1.3.5", "http://m/debian")
    assert base == spec.RootSpec("trixie", "desktop").key("mmdebstrap 1.3.5", "http://m/debian")
    others = {
        spec.RootSpec("sid", "desktop").key("mmdebstrap 1.3.5", "http://m/debian"),
        spec.RootSpec("trixie", "swift").key("mmdebstrap 1.3.5", "http://m/debian"),
        spec.RootSpec("trixie", "desktop", "arm64").key("mmdebstrap 1.3.5", "http://m/debian"),
        spec.RootSpec("trixie", "desktop").key("mmdebstrap 1.5.0", "http://m/debian"),
        spec.RootSpec("trixie", "desktop").key("mmdebstrap 1.3.5", "http://n/debian"),
    }
    assert base not in others and len(others) == 5


def test_key_changes_with_the_package_set_and_the_tool_version(monkeypatch):
    before = spec.RootSpec("trixie", "swift").key("v", "m")
    monkeypatch.setitem(spec.PACKAGE_SETS, "swift", spec.PACKAGE_SETS["swift"] + ["jq"])
    assert spec.RootSpec("trixie", "swift").key("v", "m") != before
    monkeypatch.undo()
    monkeypatch.setattr(spec, "TOOL_VERSION", spec.TOOL_VERSION + 1)
    assert spec.RootSpec("trixie", "swift").key("v", "m") != before


def test_a_suite_without_a_package_leaves_it_out():
    assert "libwlroots-0.19-dev" in spec.packages("desktop", "sid")
    assert "libwlroots-0.20-dev" in spec.packages("desktop", "sid")
    trixie = spec.packages("desktop", "trixie")
    assert "libwlroots-0.18-dev" in trixie
    assert not [name for name in trixie if name.startswith("libwlroots-0.19")]
    assert None not in trixie


def test_the_setup_set_is_what_setup_sh_installs_on_the_suite():
    trixie = spec.packages("setup", "trixie")
    assert "libweston-14-dev" in trixie and "libwlroots-0.18-dev" in trixie
    assert "libcurl4t64" in trixie and "sudo" in trixie
    assert "libweston-10-dev" not in trixie and "wayfire" not in trixie
    bookworm = spec.packages("setup", "bookworm")
    assert "libweston-10-dev" in bookworm and "libcurl4" in bookworm and "wayfire" in bookworm
    assert trixie == sorted(set(trixie))
    with pytest.raises(spec.SpecError, match="setup.sh knows no packages for sid"):
        spec.packages("setup", "sid")


def test_a_root_of_several_architectures_has_no_comma_in_its_name():
    assert spec.RootSpec("trixie", "cross-arm64-trixie", "amd64,arm64").name == (
        "trixie-amd64+arm64-cross-arm64-trixie")


def test_only_a_set_with_hooks_has_mmdebstrap_options_and_they_are_in_its_key():
    plain = spec.RootSpec("trixie", "deb-build")
    assert plain.mmdebstrap_options("http://m/debian") == []
    cross = spec.RootSpec("trixie", "cross-arm64-trixie", "amd64,arm64")
    options = cross.mmdebstrap_options("http://m/debian")
    assert "--skip=cleanup/apt/lists" in options
    assert any(option.startswith("--customize-hook=") and "http://m/debian" in option
               for option in options)
    # Another mirror: other hooks, another key.
    assert cross.key("1.3.5", "http://m/debian") != cross.key("1.3.5", "http://n/debian")
