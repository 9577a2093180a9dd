"""Runs the Python SDK's tests with the standard library only.

Usage: python3 -S -E -B test/support/python/run_tests.py SDK_DIR [PATTERN]
`-S -E` (no site-packages, no PYTHON* variables) prove the SDK needs nothing outside the standard
library, so SDK_DIR is put on sys.path here rather than through PYTHONPATH.
"""

import os
import sys
import unittest

if sys.version_info < (3, 9):
    sys.exit(f"The Python SDK needs Python 3.9 or newer; this is {sys.version.split()[0]} (set PYTHON to another interpreter).")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(sys.argv[1]))
sys.path.insert(1, HERE)
pattern = sys.argv[2] if len(sys.argv) > 2 else "test_*.py"
suite = unittest.defaultTestLoader.discover(HERE, pattern=pattern, top_level_dir=HERE)
result = unittest.TextTestRunner(verbosity=2).run(suite)
if result.testsRun == 0:
    sys.exit(f"No tests matched {pattern}")
sys.exit(0 if result.wasSuccessful() else 1)
