# SPDX-License-Identifier: MIT
"""The Debian mirror of the machine's own apt sources.

Read from the deb822 file /etc/apt/sources.list.d/debian.sources (Types/URIs/Suites stanzas)
or the one-line /etc/apt/sources.list. The mirror is the URI of the first `deb` entry for a
release suite (not `-security`, `-updates` or `-backports`): the same mirror serves every
suite and architecture, so its URI is all a root needs. Nothing here knows a host name.
"""
import os

DEB822_PATH = "/etc/apt/sources.list.d/debian.sources"
ONE_LINE_PATH = "/etc/apt/sources.list"
POCKETS = ("-security", "-updates", "-backports", "-proposed-updates", "/updates")


class MirrorNotFound(Exception):
    """No usable `deb` entry in the apt sources."""


def is_release_suite(suite):
    return not any(suite.endswith(pocket) for pocket in POCKETS)


def deb822_stanzas(text):
    """The stanzas of a deb822 file as dicts of field name (lower case) to value; comment
    lines are dropped and continuation lines (leading space) are joined to their field."""
    stanzas = []
    current = {}
    field = None
    for raw in text.splitlines():
        if raw.lstrip().startswith("#"):
            continue
        if not raw.strip():
            if current:
                stanzas.append(current)
            current, field = {}, None
            continue
        if raw[0] in " \t" and field is not None:
            current[field] += " " + raw.strip()
            continue
        name, separator, value = raw.partition(":")
        if not separator:
            raise ValueError("not a deb822 field: %r" % raw)
        field = name.strip().lower()
        current[field] = value.strip()
    if current:
        stanzas.append(current)
    return stanzas


def mirror_from_deb822(text):
    """The URI of the first enabled `deb` stanza with a release suite, or None."""
    for stanza in deb822_stanzas(text):
        if stanza.get("enabled", "yes").lower() == "no":
            continue
        if "deb" not in stanza.get("types", "").split():
            continue
        suites = stanza.get("suites", "").split()
        uris = stanza.get("uris", "").split()
        if uris and any(is_release_suite(suite) for suite in suites):
            return uris[0]
    return None


def mirror_from_one_line(text):
    """The URI of the first `deb` line with a release suite (options in [...] skipped),
    or None."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        words = line.split()
        if not words or words[0] != "deb":
            continue
        rest = line[len("deb"):].strip()
        if rest.startswith("["):
            closing = rest.find("]")
            if closing < 0:
                continue
            rest = rest[closing + 1:]
        fields = rest.split()
        if len(fields) >= 2 and is_release_suite(fields[1]):
            return fields[0]
    return None


def read_mirror(deb822_path=DEB822_PATH, one_line_path=ONE_LINE_PATH):
    """The machine's Debian mirror: the deb822 file first, then sources.list."""
    for path, parse in ((deb822_path, mirror_from_deb822), (one_line_path, mirror_from_one_line)):
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as handle:
            mirror = parse(handle.read())
        if mirror:
            return mirror.rstrip("/")
    raise MirrorNotFound(
        "no `deb` entry for a release suite in %s or %s" % (deb822_path, one_line_path))
