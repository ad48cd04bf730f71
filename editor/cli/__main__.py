"""``python -m editor.cli``: the same entry point as the ``trackwright`` command."""

import sys

from editor.cli import main

sys.exit(main())
