# SPDX-License-Identifier: MIT
"""Debian distribution roots for GestureBridge's tests (scripts/debian_root.py).

sources: the Debian mirror of the machine's apt sources; spec: what a root is (suite,
architecture, variant, named package set) and its cache key; cache: where roots live, when they
are stale and how they are built (mmdebstrap into a temporary directory, renamed into place);
enter: running a command inside a root with the host's Swift toolchain and the checkout.
"""
