"""Test configuration: hypothesis profiles (``HYPOTHESIS_PROFILE=ci|dev|thorough``)."""

from tablegames.testing import register_profiles

register_profiles()
