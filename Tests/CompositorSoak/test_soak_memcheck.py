# SPDX-License-Identifier: MIT
"""Unit tests of the compositor soak's --memcheck (soak_memcheck.py, memcheck.supp), with the
machine's own valgrind on small C programs (run by scripts/test.sh's soak-phoc step with
pytest; the soak itself runs phoc under it in the Debian 13 root)."""

import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from soak_memcheck import SUPPRESSIONS, Memcheck, MemcheckReport  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

USE_AFTER_FREE = r"""
#include <stdlib.h>
int main(void) {
  long *block = malloc(64);
  free(block);
  block[3] = 1; /* a write into freed memory, as phoc 0.46's wl_list_remove */
  return 0;
}
"""
CLEAN = r"""
#include <stdlib.h>
int main(void) {
  long *block = malloc(64);
  block[3] = 1;
  free(block);
  return 0;
}
"""


def run_under_memcheck(tmp_path, source):
    """Builds `source` and runs it under Memcheck's wrapper in tmp_path; its report."""
    program = tmp_path / "program"
    (tmp_path / "program.c").write_text(source)
    subprocess.run(["cc", "-g", "-O0", "-o", str(program), str(tmp_path / "program.c")],
                   check=True)
    memcheck = Memcheck(str(tmp_path))
    result = subprocess.run(shlex.split(memcheck.wrapper()) + [str(program)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return memcheck.report()


def test_a_write_into_freed_memory_is_an_error(tmp_path):
    report = run_under_memcheck(tmp_path, USE_AFTER_FREE)
    assert report is not None
    assert report.errors == 1
    assert report.first_error.splitlines()[0].endswith("Invalid write of size 8")
    assert "block of size 64 free'd" in report.first_error
    assert "1 errors from 1 contexts" in report.describe()


def test_a_clean_program_has_no_error_and_the_suppressions_load(tmp_path):
    # valgrind refuses to start on a malformed suppressions file.
    report = run_under_memcheck(tmp_path, CLEAN)
    assert report is not None
    assert (report.errors, report.contexts) == (0, 0)
    assert report.first_error == ""


def test_the_summary_counts_suppressed_errors_by_name():
    log = "\n".join([
        "==7855== Memcheck, a memory error detector",
        "--7855-- used_suppression:      7 phoc-0.46-xdg-surface-finalize-writes-into-the-freed-"
        "toplevel /x/memcheck.supp:13 suppressed: 2,240 bytes in 7 blocks",
        "--7855-- used_suppression:      1 umockdev-preload-sends-a-padded-struct "
        "/x/memcheck.supp:26",
        "==7855== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 8 from 2)",
    ])
    report = MemcheckReport.parse(log)
    assert (report.errors, report.suppressed) == (0, 8)
    assert report.used == {
        "phoc-0.46-xdg-surface-finalize-writes-into-the-freed-toplevel": 7,
        "umockdev-preload-sends-a-padded-struct": 1}


def test_a_log_without_a_summary_is_no_report():
    # valgrind writes the summary at the exit; a phoc killed by SIGKILL leaves none.
    assert MemcheckReport.parse("==1== Memcheck, a memory error detector\n") is None


def test_no_suppression_names_gesture_bridge():
    text = open(SUPPRESSIONS, encoding="utf-8").read()
    entries = re.findall(r"\{\n(.*?)\n\}", text, re.DOTALL)
    assert len(entries) == 2
    for entry in entries:
        assert "gesture" not in entry.lower() and "gb_" not in entry, entry


def test_memcheck_is_for_phoc_only():
    result = subprocess.run(
        [sys.executable, os.path.join(HERE, "soak_compositor.py"), "--compositor", "weston",
         "--memcheck", "--minutes", "1", "--seed", "1", "--gesture-bridge", "x",
         "--c-client", "x", "--churn-client", "x", "--system-gestures", "x"],
        capture_output=True, text=True)
    assert result.returncode == 2
    assert "--memcheck is for --compositor phoc" in result.stderr
