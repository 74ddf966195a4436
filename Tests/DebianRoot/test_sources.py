# SPDX-License-Identifier: MIT
"""The mirror read from apt sources (deb822 and one-line)."""
import pytest

from debianroot import sources

DEB822 = """Types: deb
# a comment line
URIs: http://mirror.example/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://security.example/debian-security
Suites: bookworm-security
Components: main
"""


def test_deb822_takes_the_release_suite_stanza():
    assert sources.mirror_from_deb822(DEB822) == "http://mirror.example/debian"


def test_deb822_skips_security_only_and_disabled_and_source_stanzas():
    text = """Types: deb
URIs: http://security.example/debian-security
Suites: trixie-security

Types: deb-src
URIs: http://source.example/debian
Suites: trixie

Types: deb
Enabled: no
URIs: http://disabled.example/debian
Suites: trixie

Types: deb deb-src
URIs: http://second.example/debian http://third.example/debian
Suites: trixie
"""
    assert sources.mirror_from_deb822(text) == "http://second.example/debian"


def test_deb822_joins_continuation_lines():
    text = "Types: deb\nURIs:\n http://folded.example/debian\nSuites: sid\n"
    assert sources.mirror_from_deb822(text) == "http://folded.example/debian"


def test_deb822_without_a_release_suite_has_no_mirror():
    assert sources.mirror_from_deb822("Types: deb\nURIs: http://a/\nSuites: x-updates\n") is None


def test_deb822_rejects_a_line_that_is_not_a_field():
    with pytest.raises(ValueError):
        sources.deb822_stanzas("Types deb\n")


def test_one_line_format_with_options_and_comments():
    text = """# deb http://commented.example/debian bookworm main
deb-src http://source.example/debian bookworm main
deb http://security.example/debian-security bookworm-security main
deb [arch=amd64 signed-by=/k.gpg] http://one.example/debian bookworm main contrib
deb http://two.example/debian bookworm main
"""
    assert sources.mirror_from_one_line(text) == "http://one.example/debian"


def test_one_line_format_without_deb_lines_has_no_mirror():
    assert sources.mirror_from_one_line("deb-src http://a/debian bookworm main\n") is None


def test_read_mirror_prefers_deb822_and_falls_back_to_sources_list(tmp_path):
    deb822 = tmp_path / "debian.sources"
    one_line = tmp_path / "sources.list"
    one_line.write_text("deb http://list.example/debian/ trixie main\n")
    assert sources.read_mirror(str(deb822), str(one_line)) == "http://list.example/debian"
    deb822.write_text(DEB822)
    assert sources.read_mirror(str(deb822), str(one_line)) == "http://mirror.example/debian"


def test_read_mirror_without_sources_is_an_error(tmp_path):
    with pytest.raises(sources.MirrorNotFound):
        sources.read_mirror(str(tmp_path / "none.sources"), str(tmp_path / "none.list"))
