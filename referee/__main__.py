"""``python -m referee``."""

import sys

from referee.cli import main

sys.exit(main())
