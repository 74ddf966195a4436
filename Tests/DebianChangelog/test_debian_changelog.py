# SPDX-License-Identifier: MIT
"""Tests of scripts/debian_changelog.py (run by scripts/test-deb.sh:
`python3 -m unittest discover -s Tests/DebianChangelog`)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import debian_changelog  # noqa: E402

MAINTAINER = "Someone <someone@example.org>"
CHANGELOG = """# Changelog

## [Unreleased]

### Added
- Something not released.

## [1.2.0] - 2026-03-04

### Changed
- A thing.

## [1.1.10] - 2026-01-31

## [0.9.0] - 2025-12-30
"""


class DebianChangelogTests(unittest.TestCase):
    def test_one_entry_per_release_newest_first_at_noon_utc(self):
        text = debian_changelog.debian_changelog("1.2.0\n", CHANGELOG, MAINTAINER)
        heads = [line for line in text.splitlines() if line.startswith("gesture-bridge ")]
        self.assertEqual(heads, [
            "gesture-bridge (1.2.0-1) unstable; urgency=medium",
            "gesture-bridge (1.1.10-1) unstable; urgency=medium",
            "gesture-bridge (0.9.0-1) unstable; urgency=medium",
        ])
        self.assertIn(" -- %s  Wed, 04 Mar 2026 12:00:00 +0000\n" % MAINTAINER, text)
        self.assertIn(" -- %s  Tue, 30 Dec 2025 12:00:00 +0000\n" % MAINTAINER, text)
        self.assertNotIn("Unreleased", text)

    def test_version_without_its_release_section_fails(self):
        with self.assertRaisesRegex(debian_changelog.ChangelogError, "newest release is 1.2.0, VERSION says 1.3.0"):
            debian_changelog.debian_changelog("1.3.0", CHANGELOG, MAINTAINER)

    def test_bad_version_fails(self):
        with self.assertRaisesRegex(debian_changelog.ChangelogError, "not MAJOR.MINOR.PATCH"):
            debian_changelog.debian_changelog("1.2", CHANGELOG, MAINTAINER)

    def test_releases_out_of_order_fail(self):
        # 1.1.10 is newer than 1.1.9 numerically (not as strings).
        swapped = "## [1.1.9] - 2026-02-01\n\n## [1.1.10] - 2026-01-31\n"
        with self.assertRaisesRegex(debian_changelog.ChangelogError, "1.1.9 .* is listed above 1.1.10"):
            debian_changelog.debian_changelog("1.1.9", swapped, MAINTAINER)

    def test_bad_date_fails(self):
        with self.assertRaisesRegex(debian_changelog.ChangelogError, "bad date 2026-02-30"):
            debian_changelog.debian_changelog("1.0.0", "## [1.0.0] - 2026-02-30\n", MAINTAINER)

    def test_maintainer_comes_from_the_source_paragraph(self):
        control = "# comment\nSource: x\nMaintainer: %s\n\nPackage: y\nMaintainer: other\n" % MAINTAINER
        self.assertEqual(debian_changelog.maintainer(control), MAINTAINER)
        with self.assertRaises(debian_changelog.ChangelogError):
            debian_changelog.maintainer("Source: x\n\nPackage: y\nMaintainer: other\n")

    @unittest.skipUnless(shutil.which("dpkg-parsechangelog"), "dpkg-dev is not installed")
    def test_dpkg_parsechangelog_reads_the_repository_s_changelog(self):
        with tempfile.TemporaryDirectory() as work:
            output = os.path.join(work, "changelog")
            self.assertEqual(debian_changelog.main(["--output", output]), 0)
            with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as handle:
                version = handle.read().strip()
            parsed = subprocess.run(["dpkg-parsechangelog", "-l", output, "-SVersion"],
                                    check=True, capture_output=True, text=True).stdout.strip()
            self.assertEqual(parsed, version + "-1")
            every = subprocess.run(["dpkg-parsechangelog", "-l", output, "--all",
                                    "--format", "rfc822"], check=True, capture_output=True,
                                   text=True).stdout
            with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as handle:
                released = debian_changelog.releases(handle.read())
            self.assertEqual([line.split()[1] for line in every.splitlines()
                              if line.startswith("Version: ")],
                             [release + "-1" for release, _ in released])


if __name__ == "__main__":
    unittest.main()
