# SPDX-License-Identifier: MIT
"""phoc under valgrind's memcheck in the compositor soak (`--memcheck`): every invalid read or
write, use of freed memory or uninitialised value in phoc's process (phoc, wlroots,
libwayland-server, GestureBridge's loader and library) is an error, except the ones listed in
memcheck.supp, each of which is a known bug outside GestureBridge (the file says which). The
check reads valgrind's ERROR SUMMARY, which it writes when phoc exits."""

import glob
import os
import re
import shlex

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPRESSIONS = os.path.join(HERE, "memcheck.supp")
SUMMARY = re.compile(r"ERROR SUMMARY: (\d+) errors from (\d+) contexts "
                     r"\(suppressed: (\d+) from (\d+)\)")
# How many bytes of freed blocks valgrind holds back before reusing them (its default is 20 MB):
# phoc's RSS after warm-up grows by what that queue holds until it is full, which would use up
# the soak's RSS bound in a short run. A use after free in phoc comes within the same event
# dispatch, long before 4 MB of other blocks are freed.
FREELIST_BYTES = 4_000_000
USED_SUPPRESSION = re.compile(r"^--\d+--\s+used_suppression:\s+(\d+)\s+(\S+)", re.MULTILINE)


class MemcheckReport:
    """What one valgrind log says: errors (not suppressed), and how often each suppression
    was used (by name)."""

    def __init__(self, errors, contexts, suppressed, used, first_error):
        self.errors = errors
        self.contexts = contexts
        self.suppressed = suppressed
        self.used = used
        self.first_error = first_error

    @classmethod
    def parse(cls, text):
        """The report of a finished valgrind log, or None when it has no ERROR SUMMARY (valgrind
        did not finish: the process was killed by SIGKILL, or valgrind did not start)."""
        summaries = SUMMARY.findall(text)
        if not summaries:
            return None
        errors, contexts, suppressed, _ = (int(value) for value in summaries[-1])
        used = {name: int(count) for count, name in USED_SUPPRESSION.findall(text)}
        return cls(errors, contexts, suppressed, used, first_error_block(text))

    def describe(self):
        known = ", ".join(f"{name} {count}x" for name, count in sorted(self.used.items()))
        return (f"{self.errors} errors from {self.contexts} contexts; suppressed: "
                f"{self.suppressed}" + (f" ({known})" if known else ""))


def first_error_block(text):
    """The first error valgrind reported (its lines up to the blank `==PID== ` line), or ''."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        body = line.split("== ", 1)[1] if line.startswith("==") and "== " in line else None
        if body and is_error_heading(body):
            block = []
            for follower in lines[index:]:
                if follower.rstrip().endswith("=="):
                    break
                block.append(follower)
            return "\n".join(block)
    return ""


def is_error_heading(body):
    return any(body.startswith(start) for start in (
        "Invalid ", "Conditional jump", "Use of uninitialised", "Syscall param",
        "Mismatched free", "Source and destination overlap", "Argument '"))


class Memcheck:
    """The wrapper command for phoc and the check of its log, in `work`."""

    def __init__(self, work, valgrind="valgrind"):
        self.work = work
        self.valgrind = valgrind

    def wrapper(self):
        """The words put before phoc's command line (a shell-quoted string)."""
        return " ".join(shlex.quote(word) for word in [
            self.valgrind, "--tool=memcheck", "--num-callers=40", "--error-limit=no",
            "--child-silent-after-fork=yes", "--vgdb=no", "-v",
            f"--freelist-vol={FREELIST_BYTES}",
            f"--suppressions={SUPPRESSIONS}",
            f"--log-file={os.path.join(self.work, 'memcheck.%p.log')}"])

    def logs(self):
        return sorted(glob.glob(os.path.join(self.work, "memcheck.*.log")))

    def report(self):
        """The report of phoc's valgrind log (call after phoc exited), or None."""
        logs = self.logs()
        if not logs:
            return None
        with open(logs[-1], encoding="utf-8", errors="replace") as file:
            return MemcheckReport.parse(file.read())
