"""``python -m meeple`` runs the ``meeple`` command."""

import sys

from meeple.cli import main

sys.exit(main())
