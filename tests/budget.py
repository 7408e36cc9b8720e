"""Hypothesis settings for the long property tests: each of their examples plays whole matches.

Under the ``ci`` profile (the default, run by ``nox -s tests`` and CI) such a test runs the few
examples named here; under every other profile it runs the profile's own count (``thorough``:
10,000). Each test still runs every rule variant and every check in the default run; only the
number of random matches is moved to the thorough run.
"""

from __future__ import annotations

import os

from hypothesis import settings


def playthroughs(examples: int) -> settings:
    """``examples`` random matches under the ``ci`` profile, else the profile's count.

    >>> playthroughs(8).max_examples in (8, settings.default.max_examples)
    True
    """
    if quick():
        return settings(max_examples=examples)
    return settings()


def quick() -> bool:
    """True under the ``ci`` profile: a test that plays many slow matches plays a cheaper
    stand-in of the same kind there, and the real thing under every other profile.

    >>> quick() == (os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci")
    True
    """
    return os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci"
