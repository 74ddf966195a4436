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


def test_the_xctest_shards_deal_the_tests_of_the_test_modules_round_robin():
    listing = ("Listing 3 tests in debug.xctest:\n\n"
               "GestureCoreTests.ArenaTests/testA\nGestureCoreTests.ArenaTests/testB\n"
               "GestureSceneTests.SceneTests/testC\nWestonEndToEndTests.DemoTests/testD\n")
    assert cross_arm64.xctest_shards(listing) == [
        "GestureCoreTests.ArenaTests/testA,GestureSceneTests.SceneTests/testC",
        "GestureCoreTests.ArenaTests/testB"]
    assert cross_arm64.xctest_shards(listing, 4)[3:] == []
    assert cross_arm64.xctest_shards("GestureCoreTests.A/t\n") == ["GestureCoreTests.A/t"]


def test_pkg_config_sees_only_arm64_and_the_dependencies_come_by_path():
    environment = cross_arm64.cross_environment("/src")
    assert "PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig" in environment
    assert "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=/src/.build-arm64/dependencies" in environment


def test_the_simulation_is_a_pure_arm64_system_with_nothing_installed():
    command = cross_arm64.simulate_command(["/o/a_1_arm64.deb", "/o/b_1_arm64.deb"])
    apt = command[command.index("apt-get"):]
    assert apt[:2] == ["apt-get", "--simulate"]
    assert "APT::Architecture=arm64" in apt and "APT::Architectures=arm64" in apt
    assert "Dir::State::status=/tmp/empty-status" in apt
    assert apt[-3:] == ["install", "/o/a_1_arm64.deb", "/o/b_1_arm64.deb"]


def test_a_package_the_simulation_does_not_install_is_named():
    output = ("NOTE: This is only a simulation!\n"
              "Inst libc6 (2.41-12 Debian:13.2/stable [arm64])\n"
              "Inst gesture-bridge (0.9.0-1 /o/gesture-bridge_0.9.0-1_arm64.deb)\n"
              "Conf libc6 (2.41-12 Debian:13.2/stable [arm64])\n")
    debs = ["/o/gesture-bridge_0.9.0-1_arm64.deb", "/o/libgesture-bridge0_0.9.0-1_arm64.deb"]
    assert cross_arm64.simulated_installs(output) == ["gesture-bridge", "libc6"]
    assert cross_arm64.not_installed(debs, output) == ["libgesture-bridge0"]
    assert cross_arm64.not_installed(debs[:1], output) == []


def test_a_recording_without_a_golden_file_or_with_other_output_is_a_mismatch():
    outputs = {"pinch": "a\n", "tap": "b\n", "new": "c\n"}
    goldens = {"pinch": "a\n", "tap": "B\n"}
    assert cross_arm64.mismatches(outputs, goldens) == ["new", "tap"]
