"""Hypothesis profiles: ``ci`` (minutes) and ``thorough`` (10,000 playthroughs per test).

Select one with the environment variable ``HYPOTHESIS_PROFILE``; ``ci`` is the default.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings


def register_profiles() -> str:
    """Register the profiles and load the one named by ``HYPOTHESIS_PROFILE``; returns its name.

    >>> register_profiles() in ("ci", "dev", "thorough")
    True
    """
    slow = [HealthCheck.too_slow, HealthCheck.data_too_large]
    settings.register_profile("ci", max_examples=25, deadline=None, suppress_health_check=slow)
    settings.register_profile("dev", max_examples=10, deadline=None, suppress_health_check=slow)
    settings.register_profile(
        "thorough", max_examples=10_000, deadline=None, suppress_health_check=slow
    )
    name = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    settings.load_profile(name)
    return name
