# SPDX-License-Identifier: MIT
"""What the test command runs inside each distribution's root (scripts/test_in_root.py): the
package set, the scratch path of the build, and the project's own end-to-end tests, selected
with `swift test --filter` (and `--skip`), built with the host's toolchain against that
distribution's packages; then the plan's scripts (commands that are no `swift test`: the
README's demo command, the toolkit apps' tests), each passing when it exits 0 and its output
holds every expected line part.

A selected test must run: a test that skips inside the root (its compositor or app missing)
fails the plan, as the package set is meant to hold what the selection needs.
"""
import re


class Script:
    """A command of a plan that is not a `swift test` run: it passes when it exits 0 and its
    output holds each of `expect`."""

    def __init__(self, what, command, environment=(), expect=()):
        self.what = what
        self.command = command
        self.environment = list(environment)
        self.expect = list(expect)

    def problems(self, output):
        return ["no %r in its output" % part for part in self.expect if part not in output]


def substitute(entries, checkout, scratch):
    """@SCRATCH@ (the plan's scratch path) and @CHECKOUT@ in arguments or NAME=VALUE entries."""
    return [entry.replace("@SCRATCH@", "%s/%s" % (checkout, scratch))
            .replace("@CHECKOUT@", checkout) for entry in entries]


# Debian's swiftlang 6.2.3 lacks lib_Testing_Foundation (Swift Testing's Foundation overlay),
# so every `swift build --build-tests` fails to link with `cannot find -l_Testing_Foundation`:
# an empty static library of that name on the linker path lets it link (the tests use nothing
# of the overlay; XCTest and Swift Testing run). docs/platforms.md.
TESTING_FOUNDATION_STUB = (
    'mkdir -p "$0" && cc -c -x c /dev/null -o "$0/empty.o" && '
    'rm -f "$0/lib_Testing_Foundation.a" && ar rc "$0/lib_Testing_Foundation.a" "$0/empty.o" && '
    'exec "$@"')


class Plan:
    def __init__(self, suite, set_name, scratch, runs, scripts=(), host_toolchain=True,
                 tree=None, build=None):
        """Without `host_toolchain` the root's own swiftlang builds, and SwiftPM's
        dependencies are the source package's components unpacked into SCRATCH/dependencies
        (no git, no network: dependencies_directory). `tree`: the kept build tree
        (scripts/debianroot/trees.py) the plan runs in, default the plan's own name (another
        plan's, to use its build). `build`: whether the debug build runs first (default: when
        there are `swift test` runs)."""
        self.tree = tree
        self.build = bool(runs) if build is None else build
        self.suite = suite
        self.set_name = set_name
        self.scratch = scratch
        # (what, filter, skip, environment) per `swift test` run; none: no debug build either.
        self.runs = runs
        self.scripts = list(scripts)
        # False: Debian's swiftlang in the root, nothing of the host's toolchain.
        self.host_toolchain = host_toolchain

    def dependencies_directory(self, checkout):
        """Where the components go (None: SwiftPM resolves them through git as usual)."""
        return None if self.host_toolchain else "%s/%s/dependencies" % (checkout, self.scratch)

    def environment(self, checkout):
        """NAME=VALUE entries every command of the plan runs with."""
        directory = self.dependencies_directory(checkout)
        return [] if directory is None else ["GESTURE_BRIDGE_PACKAGE_DEPENDENCIES=" + directory]

    def swift_options(self):
        """Options of every `swift build` and `swift test`: the scratch path; without the host
        toolchain (dependencies by path, GESTURE_BRIDGE_PACKAGE_DEPENDENCIES) also no shared
        manifest cache, whose key leaves out the environment (a manifest another build in the
        root evaluated without the variable names the dependencies by URL), and no prefetching
        of the Package.resolved pins the host's builds left in the checkout (by URL, through
        git, which the root has not)."""
        options = ["--scratch-path", self.scratch]
        if self.host_toolchain:
            return options
        return options + ["--manifest-cache", "none", "--disable-prefetching"]

    def build_command(self, checkout):
        """The debug build the `swift test` runs (or the scripts) need, or None."""
        if not self.build:
            return None
        command = ["swift", "build"] + self.swift_options() + ["--build-tests"]
        if self.host_toolchain:
            return command
        stub = "%s/%s/testing-foundation-stub" % (checkout, self.scratch)
        return ["sh", "-c", TESTING_FOUNDATION_STUB, stub] + command + ["-Xlinker", "-L" + stub]

    def script_commands(self, checkout):
        """(script, command, environment) of each script, placeholders filled in."""
        return [(script, substitute(script.command, checkout, self.scratch),
                 substitute(script.environment, checkout, self.scratch))
                for script in self.scripts]

    def test_commands(self, checkout):
        """(what, command, environment) of each test run."""
        commands = []
        for what, selection, skip, environment in self.runs:
            command = ["swift", "test"] + self.swift_options() + ["--skip-build",
                                                                  "--filter", selection]
            if skip:
                command += ["--skip", skip]
            commands.append((what, command, self.environment(checkout)
                             + substitute(environment, checkout, self.scratch)))
        return commands


# The test of a command's exit status in weston's log: weston 14 and later reap every child
# themselves, and the module's pidfd does not always see the command end first.
EXIT_STATUS_TEST = "testACommandsExitStatusIsInWestonsLog"

# The toolkit tests on the installed files of the staging root (the trixie-setup plan).
TOOLKIT_ENVIRONMENT = [
    "GESTURE_BRIDGE_PREFIX=@SCRATCH@/stage",
    "GESTURE_BRIDGE_EXAMPLES_DIR=@SCRATCH@/examples",
    "GESTURE_BRIDGE_MODULE=@SCRATCH@/stage/usr/lib/x86_64-linux-gnu/weston/libgesture-bridge-weston.so",
    "GESTURE_BRIDGE_TEST_SEAT=@SCRATCH@/stage/usr/lib/gesture-bridge/libgesture-bridge-weston-test-seat.so",
    "GESTURE_BRIDGE_CLI=@SCRATCH@/stage/usr/bin/gesture-bridge",
]

# The unit test targets (no compositor, no umockdev device, no root needed): what the
# swift-6.2 plan runs with Debian's swiftlang.
UNIT_TESTS = "|".join([
    "GestureCoreTests", "GestureSceneTests", "GestureReplayTests", "GestureTraceTests",
    "GestureBindingsTests", "JSONLinesTests", "DriveLogTests", "TouchInputTests",
    "TouchscreenDecoderTests", "LibinputRecordingTests", "SignalPipeTests",
    "GestureBridgeServerTests", "GestureBridgeClientTests", "WaylandProtocolTests",
])

PLANS = {
    # Swift 6.2: the package built (debug, with its tests) by Debian's swiftlang 6.2.3 in sid,
    # nothing of the host's Swift 6.3 mounted, and the unit test targets run.
    "swift-6.2": Plan("sid", "deb-build", ".build-swift62", [
        # DemoClientProcessTests starts weston (the trixie and sid plans' business).
        ("unit tests with Debian's swiftlang 6.2.3", UNIT_TESTS, "DemoClientProcessTests", []),
    ], host_toolchain=False),
    # Debian 13: weston 14 with the module and the test seat built from this source.
    "trixie": Plan("trixie", "desktop", ".build-trixie", [
        # The demo chain (recordings through the module, the test seat and the demo client,
        # equal to the in-core replay), the C and library clients, system gestures with a
        # client's deferral, touch streams, two clients and the `device=` feed on a mocked
        # touchscreen. Left out: the command's exit status in weston's log, which weston 14
        # loses when its own SIGCHLD handler reaps the command first (docs/platforms.md).
        ("weston 14 end to end", "WestonEndToEndTests", EXIT_STATUS_TEST, []),
        # `gesture-bridge drive` with weston-simple-touch (gtk4-widget-factory and Qt's qml
        # runner are not in the root). The edge-pan test is left out: it needs the app's
        # window off the output's left edge, and weston 14's weston-simple-touch takes the
        # whole output (kiosk-shell's fullscreen size), where weston 10's stays centred.
        ("gesture-bridge drive with weston-simple-touch", "DriveEndToEndTests",
         "gtk4WidgetFactory|qmlRunner|anEdgePanBesideTheWindow",
         ["GESTURE_BRIDGE_BIN=@SCRATCH@/debug/gesture-bridge"]),
        # phoc 0.46 and sway 1.10, unmodified, with the loader built for wlroots 0.18 on a
        # mocked touchscreen: what Debian 12's phoc 0.24 and sway 1.7 are checked for (the
        # pinch equal to the in-core replay, a plain client's stream with and without the
        # loader, a system gesture cancelling the app's touch, an app's deferral, long press,
        # held touches, a touch drag's serial, a left-edge lisgd binding as a system gesture),
        # sway's turned output (system gestures and lisgd bindings on the person's edges), the
        # loader leaving a drag on phoc's draggable layer surface (zphoc_layer_shell_effects_v1)
        # to phoc unless PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge, and the loader refusing other
        # wlroots libraries. Left out: the test kiosk's tests (the kiosk is written for wlroots
        # 0.15) and the patched phoc's tests (the next run).
        ("phoc 0.46 and sway 1.10 with the wlroots 0.18 loader",
         "PreloadedCompositorEndToEndTests|PreloadedRotationEndToEndTests"
         "|PreloadedPhocDraggableEndToEndTests|WlrootsLoaderRefusalTests",
         "testPatchedPhoc", []),
        # phoc 0.46 from Debian's source with Integrations/phoc's patch series (the source
        # fetched with apt-get source into the root's /var/cache/gesture-bridge-phoc, reused;
        # meson -Dgesture-bridge=enabled): the loader's checks on the bridge inside phoc (the
        # pinch equal to the in-core replay, a plain client's stream identical to Debian's
        # phoc's with the feature on and nobody listening and with a system gesture loaded, a
        # left-edge system gesture and lisgd binding cancelling the app's touch and running
        # once, an app's deferral), phoc's own drag of a draggable layer surface
        # (zphoc_layer_shell_effects_v1) keeping its touch from the system gestures, and under
        # valgrind's memcheck no memory error when a client's toplevel goes (the series' first
        # patch fixes phoc 0.46's use after free there).
        ("phoc 0.46 with the GestureBridge patch series",
         "PreloadedCompositorEndToEndTests.testPatchedPhoc|PatchedPhocDraggableEndToEndTests"
         "|PatchedPhocMemcheckEndToEndTests",
         "", []),
    ]),
    # Debian 13 as a new user has it (scripts/setup.sh's 'setup' set: a root holding exactly
    # what setup.sh installs there, so mmdebstrap resolving it checks that every name exists in
    # trixie's archive, once per cached root instead of an apt install each run): setup.sh
    # finds nothing missing; the README's demo command; the toolkit apps built from the
    # installed files (scripts/install.sh into a staging root, relinking the release build the
    # demo made, scripts/release-build.sh; then scripts/build-examples.sh against it: GTK 4.18
    # and Qt 6.8) under weston 14 with the installed module and test seat, their logs equal to the installed
    # gesture-bridge replay's (the hosts' whole test-qt6-canvas.sh and test-toolkits.sh).
    "trixie-setup": Plan("trixie", "setup", ".build-trixie-setup", [], [
        Script("setup.sh's Debian 13 packages", ["bash", "scripts/setup.sh", "--check"],
               expect=["setup: all "]),
        Script("the demo command", ["bash", "scripts/demo.sh"],
               ["GESTURE_BRIDGE_RELEASE_SCRATCH_PATH=@SCRATCH@/install"],
               expect=["with the gesture-bridge module", '"recognizer":"pinch"']),
        Script("scripts/install.sh into a staging root",
               ["bash", "scripts/install.sh", "--prefix", "/usr", "--destdir",
                "@SCRATCH@/stage"],
               ["GESTURE_BRIDGE_RELEASE_SCRATCH_PATH=@SCRATCH@/install"]),
        Script("Qt 6.8: qt6-canvas on weston 14", ["bash", "scripts/test-qt6-canvas.sh"],
               TOOLKIT_ENVIRONMENT, expect=["test-qt6-canvas: ok: 3 recordings"]),
        # The GtkGesture fallback's double tap is left out: GTK 4.18's GtkGestureClick gets
        # both taps (touch-begin and -end twice, 100 ms apart, at one point) and reports no
        # second press, where GTK 4.8's does; GTK's own gesture, not the protocol's.
        Script("GTK 4.18: gtk4-photo on weston 14", ["bash", "scripts/test-toolkits.sh"],
               TOOLKIT_ENVIRONMENT + ["GB_TOOLKITS_FALLBACK_CASES=pan pinch rotation long-press"],
               expect=["test-toolkits: ", " passed, 0 failed"]),
    ]),
    # The compositor soak's one minute on Debian 13's phoc 0.46 with the wlroots 0.18 loader
    # (step soak-phoc; Tests/CompositorSoak/README.md): in the trixie plan's tree, on its build
    # (brought up to date first: incremental after the trixie step), touches from a mocked
    # touchscreen, the same churn and checks as weston's soak, with phoc under valgrind's
    # memcheck: no memory error in phoc's process but phoc 0.46's own (memcheck.supp).
    "soak-phoc": Plan("trixie", "desktop", ".build-trixie", [], [
        Script("phoc 0.46 with the loader under memcheck: one minute of client churn",
               ["bash", "scripts/soak-compositor.sh", "--compositor", "phoc", "--scratch-path",
                ".build-trixie", "--minutes", "1", "--memcheck"],
               expect=[" passed, 0 failed"]),
    ], tree="trixie", build=True),
    # sid: weston 16 with the same module and test seat, sway 1.12 (wlroots 0.20) with the
    # loader, and the loader built for wlroots 0.19 too.
    "sid": Plan("sid", "desktop", ".build-sid", [
        # The weston end-to-end tests but the library client's: scripts/build-client-library.sh
        # refuses sid's build of libgesture-bridge-client, which links libm besides libc and
        # libwayland-client; and the command's exit status, as on weston 14.
        ("weston 16 end to end", "WestonEndToEndTests",
         "LibraryClientEndToEndTests|" + EXIT_STATUS_TEST, []),
        # drive with weston-simple-touch, but the tests that need screenshots (weston 16's
        # test seat takes none yet) or a window off the left edge (as on weston 14).
        ("gesture-bridge drive with weston-simple-touch", "DriveEndToEndTests",
         "gtk4WidgetFactory|qmlRunner|anEdgePanBesideTheWindow|westonSimpleTouchGetsThePinch",
         ["GESTURE_BRIDGE_BIN=@SCRATCH@/debug/gesture-bridge"]),
        # A pinch through sway 1.12 with the loader built for wlroots 0.20 reaches the client
        # as the in-core replay says; the loader builds for wlroots 0.19 and 0.20
        # (libwlroots-0.19-dev: sid's only 0.19 compositor, Wayfire, cannot start without a
        # render node) and each refuses any other wlroots library. phoc 0.58 has wlroots built
        # in (no libwlroots, no exported wlr_* to interpose), so no LD_PRELOAD loader can
        # reach it (docs/platforms.md; a patched phoc can): started with the loader, the
        # loader logs its refusal and phoc serves a plain client the whole pinch.
        ("sway 1.12 with the wlroots 0.20 loader, the 0.19 and 0.20 loaders' builds, "
         "phoc 0.58 refusing it",
         "PreloadedCompositorEndToEndTests.testSwayThePinchReachesTheClient"
         "|PreloadedCompositorEndToEndTests.testPhocWithTheLoaderSaysWhetherItBridgesAndServes"
         "|WlrootsLoaderRefusalTests", "", []),
    ]),
}

# XCTest's and Swift Testing's lines for a skipped test.
SKIPPED = re.compile(r"^(Test Case '.*' skipped|.*Test .* skipped)", re.MULTILINE)
# XCTest's and Swift Testing's totals: a run that selected nothing passes silently otherwise.
XCTEST_TOTAL = re.compile(r"Executed (\d+) tests?, with (\d+) failures?")
TESTING_TOTAL = re.compile(r"Test run with (\d+) tests?")


def check_output(output):
    """Problems (sentences) of one `swift test` run's output: skipped tests, or no test run."""
    problems = []
    skipped = SKIPPED.findall(output)
    if skipped:
        problems.append("%d test(s) skipped inside the root: %s" % (
            len(skipped), "; ".join(line.strip() for line in skipped)))
    executed = sum(int(count) for count, _ in XCTEST_TOTAL.findall(output)[-1:])
    executed += sum(int(count) for count in TESTING_TOTAL.findall(output)[-1:])
    if executed == 0:
        problems.append("no test ran")
    return problems
