"""The test suite.

Where the environment asks Python to write no bytecode (PYTHONDONTWRITEBYTECODE, which container images
often set), the suite writes it anyway: otherwise each run compiles the project again in every xdist worker
and every `python -m` child, and pytest rewrites the asserts of every test module again (it keeps the
rewritten modules only where bytecode is written), several seconds of CPU per worker on each run. The
caches go to `__pycache__` folders, which git ignores.
"""

import sys

sys.dont_write_bytecode = False
