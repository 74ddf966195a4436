#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes debian/changelog from VERSION and CHANGELOG.md.

One entry per release of CHANGELOG.md (`## [X.Y.Z] - YYYY-MM-DD`, Keep a Changelog), newest
first, each with the Debian revision 1 (`X.Y.Z-1`), the distribution `unstable`, dated at noon
UTC of the release's date and signed by debian/control's Maintainer. VERSION must be one of
the releases (the newest): a version without its CHANGELOG.md section fails, as do releases
out of order. The [Unreleased] section has no entry.

Usage: scripts/debian_changelog.py [--output FILE]   (default: debian/changelog)
scripts/check-generated.sh regenerates it into a temporary directory and fails when the
committed file differs; Tests/DebianChangelog holds its tests.
"""
import argparse
import datetime
import email.utils
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "gesture-bridge"
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})\s*$")
VERSION = re.compile(r"^\d+\.\d+\.\d+$")


class ChangelogError(Exception):
    """CHANGELOG.md, VERSION or debian/control cannot give a Debian changelog."""


def releases(changelog_text):
    """[(version, date)] of the `## [X.Y.Z] - DATE` headings, in the file's order."""
    found = []
    for line in changelog_text.splitlines():
        match = RELEASE.match(line)
        if match:
            try:
                date = datetime.date.fromisoformat(match.group(2))
            except ValueError as error:
                raise ChangelogError("CHANGELOG.md: release %s has a bad date %s (%s)"
                                     % (match.group(1), match.group(2), error)) from None
            found.append((match.group(1), date))
    return found


def maintainer(control_text):
    """The Maintainer field of a debian/control source paragraph."""
    for line in control_text.splitlines():
        if line.startswith("Maintainer:"):
            return line.split(":", 1)[1].strip()
        if not line.strip():
            break
    raise ChangelogError("debian/control: the source paragraph has no Maintainer field")


def key(version):
    return tuple(int(part) for part in version.split("."))


def debian_changelog(version, changelog_text, maintainer_field):
    """The text of debian/changelog."""
    version = version.strip()
    if not VERSION.match(version):
        raise ChangelogError("VERSION holds '%s', not MAJOR.MINOR.PATCH" % version)
    found = releases(changelog_text)
    if not found:
        raise ChangelogError("CHANGELOG.md has no '## [X.Y.Z] - DATE' release section")
    if found[0][0] != version:
        raise ChangelogError("CHANGELOG.md's newest release is %s, VERSION says %s "
                             "(add '## [%s] - DATE' above the others)"
                             % (found[0][0], version, version))
    for (newer, newer_date), (older, older_date) in zip(found, found[1:]):
        if key(newer) <= key(older) or newer_date < older_date:
            raise ChangelogError("CHANGELOG.md: release %s (%s) is listed above %s (%s)"
                                 % (newer, newer_date, older, older_date))
    entries = []
    for release, date in found:
        when = datetime.datetime(date.year, date.month, date.day, 12, tzinfo=datetime.timezone.utc)
        entries.append(
            "%s (%s-1) unstable; urgency=medium\n\n"
            "  * GestureBridge %s (its changes: changelog.gz beside this file).\n\n"
            " -- %s  %s\n" % (SOURCE, release, release, maintainer_field,
                              email.utils.format_datetime(when)))
    return "\n".join(entries)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=os.path.join(ROOT, "debian", "changelog"),
                        help="where to write it (default: debian/changelog)")
    args = parser.parse_args(argv)
    try:
        with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as handle:
            version = handle.read()
        with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as handle:
            changelog_text = handle.read()
        with open(os.path.join(ROOT, "debian", "control"), encoding="utf-8") as handle:
            control_text = handle.read()
        text = debian_changelog(version, changelog_text, maintainer(control_text))
    except (OSError, ChangelogError) as error:
        print("debian_changelog: error: %s" % error, file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
