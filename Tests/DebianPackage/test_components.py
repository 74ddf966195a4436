# SPDX-License-Identifier: MIT
"""scripts/debian_components.py: SwiftPM's dependencies as the source package's components."""
import debian_components

PACKAGE_SWIFT = '''
let remoteDependencies: [(url: String, from: Version)] = [
  ("https://github.com/jpsim/Yams", "6.0.0"),
  ("https://github.com/apple/swift-argument-parser.git", "1.5.0"),
]
'''


def test_each_dependency_is_a_component_named_after_its_url_in_lower_case():
    assert debian_components.dependencies(PACKAGE_SWIFT) == [
        ("yams", "https://github.com/jpsim/Yams", "6.0.0"),
        ("swift-argument-parser", "https://github.com/apple/swift-argument-parser.git", "1.5.0"),
    ]


def test_the_real_package_swift_names_the_three_dependencies():
    with open(debian_components.CHECKOUT + "/Package.swift", encoding="utf-8") as handle:
        names = [entry[0] for entry in debian_components.dependencies(handle.read())]
    assert names == ["yams", "swift-argument-parser", "swift-log"]


LS_REMOTE = (
    "1111111111111111111111111111111111111111\trefs/tags/5.0.1\n"
    "2222222222222222222222222222222222222222\trefs/tags/6.2.2\n"
    "3333333333333333333333333333333333333333\trefs/tags/6.2.2^{}\n"
    "4444444444444444444444444444444444444444\trefs/tags/6.10.0-beta\n"
    "5555555555555555555555555555555555555555\trefs/tags/6.0.10\n"
    "6666666666666666666666666666666666666666\trefs/heads/main\n"
)


def test_the_newest_release_tag_at_or_above_the_minimum_with_its_peeled_commit():
    assert debian_components.newest_release(LS_REMOTE, "6.0.0") == (
        "6.2.2", "3333333333333333333333333333333333333333")
    # Numeric, not textual, order: 6.0.10 is above 6.0.9.
    assert debian_components.newest_release(LS_REMOTE, "6.0.9")[0] == "6.2.2"


def test_no_release_at_or_above_the_minimum_is_none():
    assert debian_components.newest_release(LS_REMOTE, "7.0.0") is None
    assert debian_components.newest_release("", "1.0.0") is None


def test_with_mtime_dates_every_member_and_keeps_the_contents():
    import io
    import tarfile
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:") as archive:
        info = tarfile.TarInfo("yams/Package.swift")
        info.size, info.mtime = 5, 0
        archive.addfile(info, io.BytesIO(b"hello"))
    dated = debian_components.with_mtime(raw.getvalue(), 1700000000)
    with tarfile.open(fileobj=io.BytesIO(dated), mode="r:") as archive:
        member = archive.getmember("yams/Package.swift")
        assert member.mtime == 1700000000
        assert archive.extractfile(member).read() == b"hello"
