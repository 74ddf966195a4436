# SPDX-License-Identifier: MIT
"""Makes scripts/debian_package.py and scripts/debian_components.py importable (pytest)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
