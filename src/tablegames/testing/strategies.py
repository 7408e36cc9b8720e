"""Hypothesis strategies for driving games."""

from __future__ import annotations

from hypothesis import strategies as st


def seeds() -> st.SearchStrategy[int]:
    """Seeds for random playthroughs (a playthrough is reproducible from its seed).

    >>> seeds()
    integers(min_value=0, max_value=4_294_967_295)
    """
    return st.integers(min_value=0, max_value=2**32 - 1)
