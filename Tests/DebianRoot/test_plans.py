# SPDX-License-Identifier: MIT
"""The distribution plans' commands and the check of a `swift test` run's output."""
from debianroot import plans, spec


def test_trixie_plan_builds_into_its_own_scratch_path_with_a_known_set():
    plan = plans.PLANS["trixie"]
    assert plan.build_command("/src") == [
        "swift", "build", "--scratch-path", ".build-trixie", "--build-tests"]
    assert plan.set_name in spec.PACKAGE_SETS
    assert "libweston-14-dev" in spec.packages(plan.set_name, plan.suite)


def test_test_commands_select_and_skip_and_point_at_the_scratch_path():
    plan = plans.Plan("sid", "desktop", ".build-sid", [
        ("a", "ATests", None, []),
        ("b", "BTests", "slow|flaky", ["BIN=@SCRATCH@/debug/tool"]),
    ])
    assert plan.test_commands("/src") == [
        ("a", ["swift", "test", "--scratch-path", ".build-sid", "--skip-build",
               "--filter", "ATests"], []),
        ("b", ["swift", "test", "--scratch-path", ".build-sid", "--skip-build",
               "--filter", "BTests", "--skip", "slow|flaky"],
         ["BIN=/src/.build-sid/debug/tool"]),
    ]


XCTEST_PASS = """Test Case 'ATests.testOne' passed (0.1 seconds)
\t Executed 3 tests, with 0 failures (0 unexpected) in 1.0 (1.0) seconds
\u25c7 Test run started.
\u2714 Test run with 0 tests in 0 suites passed after 0.001 seconds.
"""


def test_a_run_with_tests_and_no_skips_is_fine():
    assert plans.check_output(XCTEST_PASS) == []
    testing = "\u2714 Test westonSimpleTouch() passed.\n\u2714 Test run with 9 tests in 1 suite passed\n"
    assert plans.check_output(testing) == []


def test_skipped_tests_are_problems():
    xctest = XCTEST_PASS + "Test Case 'ATests.testTwo' skipped (0.0 seconds)\n"
    assert "1 test(s) skipped" in plans.check_output(xctest)[0]
    testing = ("\u279c Test gtk4WidgetFactoryGetsThePinch() skipped.\n"
               "\u2714 Test run with 9 tests in 1 suite passed\n")
    assert "gtk4WidgetFactoryGetsThePinch" in plans.check_output(testing)[0]


def test_a_run_that_selected_nothing_is_a_problem():
    nothing = "\u2714 Test run with 0 tests in 0 suites passed after 0.001 seconds.\n"
    assert plans.check_output(nothing) == ["no test ran"]
    assert plans.check_output("") == ["no test ran"]


def test_the_swift_6_2_plan_uses_swiftlang_the_stub_and_the_carried_dependencies():
    plan = plans.PLANS["swift-6.2"]
    assert plan.suite == "sid" and not plan.host_toolchain
    assert "swiftlang" in spec.packages(plan.set_name, plan.suite)
    command = plan.build_command("/src")
    stub = "/src/.build-swift62/testing-foundation-stub"
    assert command[:4] == ["sh", "-c", plans.TESTING_FOUNDATION_STUB, stub]
    assert command[4:] == ["swift", "build", "--scratch-path", ".build-swift62",
                           "--manifest-cache", "none", "--disable-prefetching", "--build-tests",
                           "-Xlinker", "-L" + stub]
    dependencies = "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=/src/.build-swift62/dependencies"
    assert plan.environment("/src") == [dependencies]
    assert all(environment[:1] == [dependencies]
               for _, _, environment in plan.test_commands("/src"))


def test_the_wlroots_runs_have_their_wlroots_headers_and_compositors_in_the_set():
    trixie = spec.packages(plans.PLANS["trixie"].set_name, "trixie")
    assert {"libwlroots-0.18-dev", "phoc", "sway", "umockdev"} <= set(trixie)
    sid = spec.packages(plans.PLANS["sid"].set_name, "sid")
    assert {"libwlroots-0.19-dev", "libwlroots-0.20-dev", "phoc", "sway"} <= set(sid)
    for suite in ("trixie", "sid"):
        selections = [selection for _, selection, _, _ in plans.PLANS[suite].runs]
        assert any("PreloadedCompositorEndToEndTests" in selection for selection in selections)
        assert any("WlrootsLoaderRefusalTests" in selection for selection in selections)


def test_a_plan_without_runs_builds_nothing_and_runs_its_scripts_with_placeholders():
    plan = plans.Plan("trixie", "setup", ".build-x", [], [
        plans.Script("install", ["install.sh", "--destdir", "@SCRATCH@/stage"],
                     ["SCRATCH=@CHECKOUT@/.build-y"], expect=["done"]),
    ])
    assert plan.build_command("/src") is None
    [(script, command, environment)] = plan.script_commands("/src")
    assert command == ["install.sh", "--destdir", "/src/.build-x/stage"]
    assert environment == ["SCRATCH=/src/.build-y"]
    assert script.problems("it is done\n") == []
    assert script.problems("failed\n") == ["no 'done' in its output"]


def test_the_trixie_setup_plan_checks_setup_sh_and_runs_the_demo_and_the_toolkit_apps():
    plan = plans.PLANS["trixie-setup"]
    assert plan.set_name == "setup" and plan.suite == "trixie"
    commands = [command for _, command, _ in plan.script_commands("/src")]
    assert ["bash", "scripts/setup.sh", "--check"] in commands
    assert ["bash", "scripts/demo.sh"] in commands
    assert ["bash", "scripts/test-qt6-canvas.sh"] in commands
    assert ["bash", "scripts/test-toolkits.sh"] in commands
    assert "cmake" in spec.packages(plan.set_name, plan.suite)


def test_a_plan_on_debians_swift_evaluates_its_own_manifest():
    # The shared manifest cache's key leaves out the environment: a manifest evaluated in the
    # root without GESTURE_BRIDGE_PACKAGE_DEPENDENCIES would send SwiftPM to git.
    plan = plans.PLANS["swift-6.2"]
    build = plan.build_command("/src")
    assert build[build.index("--manifest-cache") + 1] == "none"
    for _, command, environment in plan.test_commands("/src"):
        assert command[command.index("--manifest-cache") + 1] == "none"
        assert "--disable-prefetching" in command
        assert "GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=/src/.build-swift62/dependencies" in environment
    assert "--manifest-cache" not in plans.PLANS["trixie"].build_command("/src")
