"""Doctests in src/ and docs/ use the same hypothesis profiles as the tests."""

from tablegames.testing import register_profiles

register_profiles()
