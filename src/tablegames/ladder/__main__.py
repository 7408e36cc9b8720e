"""``python -m tablegames.ladder``: play the ladder and write the strength page (see
:func:`tablegames.ladder.main`)."""

import sys

from tablegames.ladder import main

sys.exit(main())
