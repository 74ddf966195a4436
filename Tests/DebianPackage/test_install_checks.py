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
