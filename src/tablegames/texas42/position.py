"""What a Texas 42 position's fingerprint reads besides the state's own properties.

>>> from tablegames import texas42
>>> specials(texas42.new_match())
()
"""

from __future__ import annotations

from typing import Any


def specials(state: Any) -> tuple[tuple[int, str], ...]:
    """This hand's plunge and splash calls, ``(position among the calls, contract)``, as every
    view shows them (none unless the rules allow plunge or splash).

    >>> from tablegames import texas42
    >>> specials(texas42.new_match(texas42.Rules(scoring="marks", bid_ladder="marks", plunge=True)))
    ()
    """
    rules = state.rules
    if not (rules.plunge or rules.splash) or state.phase.value in ("deal", "over"):
        return ()
    found: tuple[tuple[int, str], ...] = state.view(0).specials
    return found
