"""tests/dist: the wheel that `make dist` builds, installed into a new virtual environment
outside the checkout (test_wheel.py), and the troef command's own checks that need no
wheel (test_cli.py, test_portable.py).

test_wheel.py runs only under `make test-dist`, which builds the wheel and names it in
TROEF_DIST_WHEEL; `make test` leaves it out (it installs packages: about a minute).
"""

import os

collect_ignore = [] if os.environ.get("TROEF_DIST_WHEEL") else ["test_wheel.py"]
