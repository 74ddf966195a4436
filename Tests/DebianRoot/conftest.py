# SPDX-License-Identifier: MIT
"""Makes scripts/debianroot importable by the tests (python3 -m pytest Tests/DebianRoot)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
