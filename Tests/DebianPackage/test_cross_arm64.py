# SPDX-License-Identifier: MIT
"""scripts/cross_arm64.py: the cross build command, its environment and the comparison."""
import cross_arm64


def test_the_cross_build_targets_aarch64_with_the_arm64_runtime_and_the_stub():
    command = cross_arm64.build_command("/src/.build-arm64/sdk", "/stub")
    assert command[:4] == ["sh", "-c", cross_arm64.STUB, "/stub"]
    swift = command[4:]
    assert swift[:3] == ["swift", "build", "--build-tests"]
    assert ["--triple", "aarch64-unknown-linux-gnu"] == swift[swift.index("--triple"):][:2]
    assert "/src/.build-arm64/sdk/lib/swift" in swift and "-fPIC" in swift
    assert swift[-2:] == ["-Xlinker", "-L/stub"]
    assert ["--manifest-cache", "none"] == swift[swift.index("--manifest-cache"):][:2]


def test_the_xctest_filter_names_the_classes_of_the_test_modules():
    listing = ("Listing 3 tests in debug.xctest:\n\n"
               "GestureCoreTests.ArenaTests/testA\nGestureCoreTests.ArenaTests/testB\n"
               "GestureSceneTests.SceneTests/testC\nWestonEndToEndTests.DemoTests/testD\n")
    assert cross_arm64.xctest_classes(listing) == (
        "GestureCoreTests.ArenaTests,GestureSceneTests.SceneTests")


def test_pkg_config_sees_only_arm64_and_the_dependencies_come_by_path():
    environment = cross_arm64.cross_environment("/src")
    assert "PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig" in environment
    assert "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=/src/.build-arm64/dependencies" in environment


def test_a_recording_without_a_golden_file_or_with_other_output_is_a_mismatch():
    outputs = {"pinch": "a\n", "tap": "b\n", "new": "c\n"}
    goldens = {"pinch": "a\n", "tap": "B\n"}
    assert cross_arm64.mismatches(outputs, goldens) == ["new", "tap"]
