# SPDX-License-Identifier: MIT
"""scripts/test_deb_install.py: the gesture states compared between the client and the replay,
and the drive summary it accepts."""
import test_deb_install

CLIENT = (
    '{"time":12.500000,"recognizer":"pinch","kind":"pinch","state":"began","scale":1.0}\n'
    '{"time":12.516667,"recognizer":"pinch","kind":"pinch","state":"changed","scale":1.1}\n'
    'a line that is no gesture\n'
)


def test_state_lines_are_recognizer_state_and_microseconds_from_the_origin():
    assert test_deb_install.state_lines(CLIENT, 12000000) == [
        "pinch began 500000", "pinch changed 516667"]
    assert test_deb_install.state_lines("") == []


def test_the_drive_summary_needs_status_0_two_downs_and_two_ups():
    good = '{"type":"summary","status":0,"events":{"down":2,"motion":144,"up":2,"cancel":0}}'
    assert test_deb_install.DRIVE_SUMMARY.search(good)
    assert not test_deb_install.DRIVE_SUMMARY.search(good.replace('"status":0', '"status":1'))
    assert not test_deb_install.DRIVE_SUMMARY.search(good.replace('"up":2', '"up":1'))


def test_every_package_of_debian_control_is_checked():
    with open(test_deb_install.CHECKOUT + "/debian/control", encoding="utf-8") as handle:
        packages = [line.split(":", 1)[1].strip() for line in handle
                    if line.startswith("Package:")]
    assert sorted(packages) == sorted(test_deb_install.PACKAGES)


WAYLAND_INFO = """interface: 'wl_compositor',                              version:  6, name:  1
interface: 'wl_seat',                                    version:  9, name: 12
	name: seat0
	capabilities: pointer keyboard
interface: 'gesture_bridge_manager_v1',                  version:  2, name: 31
"""


def test_the_globals_are_wayland_infos_interfaces_and_versions():
    assert test_deb_install.globals_listed(WAYLAND_INFO) == {
        "wl_compositor": 6, "wl_seat": 9, "gesture_bridge_manager_v1": 2}
    assert "gesture_bridge_manager_v1" not in test_deb_install.globals_listed(
        WAYLAND_INFO.replace("gesture_bridge_manager_v1", "zwp_tablet_manager_v2"))
    assert test_deb_install.globals_listed("wayland-info: failed to connect\n") == {}


def test_the_loader_is_the_one_preload_library_the_package_lists():
    listing = ("/.\n/usr\n/usr/lib\n/usr/lib/gesture-bridge\n"
               "/usr/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so\n"
               "/usr/share/doc/wlroots-gesture-bridge/copyright\n")
    assert test_deb_install.installed_loader(listing) == \
        "/usr/lib/gesture-bridge/libgesture-bridge-wlroots-preload.so"
    assert test_deb_install.installed_loader("/usr/share/doc/x/copyright\n") is None
    assert test_deb_install.installed_loader(
        listing + "/usr/lib/other/libgesture-bridge-wlroots-preload.so\n") is None


def test_the_socket_is_a_wayland_n_name_not_its_lock():
    assert test_deb_install.listening_socket(["wayland-1.lock", "wayland-1", "sway-ipc.sock"]) \
        == "wayland-1"
    assert test_deb_install.listening_socket(["wayland-1.lock"]) is None


def test_the_loader_path_the_check_looks_for_is_what_the_package_installs():
    with open(test_deb_install.CHECKOUT + "/debian/wlroots-gesture-bridge.install",
              encoding="utf-8") as handle:
        installed = [line.strip() for line in handle if not line.startswith("#")]
    assert any(path.endswith("/" + test_deb_install.LOADER_NAME) for path in installed)
