"""``python -m tablegames``: see :mod:`tablegames.cli`."""

import sys

from tablegames.cli import main

sys.exit(main())
