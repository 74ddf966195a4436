# SPDX-License-Identifier: MIT
"""scripts/cross_arm64.py: the cross build command, its environment and the comparison."""
import cross_arm64


def test_the_cross_build_targets_aarch64_with_the_arm64_static_standard_library():
    command = cross_arm64.build_command("/src/.build-arm64/sdk")
    assert command[:2] == ["swift", "build"]
    assert ["--triple", "aarch64-unknown-linux-gnu"] == command[command.index("--triple"):][:2]
    assert "--static-swift-stdlib" in command
    assert "/src/.build-arm64/sdk/lib/swift_static" in command
    assert command[-2:] == ["--product", "gesture-bridge"]


def test_pkg_config_sees_only_arm64_and_the_dependencies_come_by_path():
    environment = cross_arm64.cross_environment("/src")
    assert "PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig" in environment
    assert "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=/src/.build-arm64/dependencies" in environment


def test_a_recording_without_a_golden_file_or_with_other_output_is_a_mismatch():
    outputs = {"pinch": "a\n", "tap": "b\n", "new": "c\n"}
    goldens = {"pinch": "a\n", "tap": "B\n"}
    assert cross_arm64.mismatches(outputs, goldens) == ["new", "tap"]
