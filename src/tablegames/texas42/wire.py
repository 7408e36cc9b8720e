"""Texas 42 views as JSON-ready data in the notation (schema in ``docs/views.md``).

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], data["to_act"], len(data["hand"]), data["legal_actions"][:2]
('bid', 1, 7, ['pass', 'bid 30'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.wire import actions_text, plain, rules_dict, trick_now, tricks_done
from tablegames.pieces.dominoes import DOMINOES

from .contracts import LAST_TRUMP
from .contracts import trump_word as special_word
from .model import DOUBLES, NO_TRUMP

if TYPE_CHECKING:
    from .state import HandResult, Texas42View


def trump_word(trump: int | None) -> str | None:
    """The word after ``trump`` in the notation: ``0``..``6``, ``doubles``, ``none``, or for the
    special contracts ``nello suit``, ``nello high``, ``nello low`` and ``sevens``.

    >>> trump_word(5), trump_word(7), trump_word(8), trump_word(None), trump_word(12)
    ('5', 'doubles', 'none', None, 'sevens')
    """
    if trump is None:
        return None
    if NO_TRUMP < trump <= LAST_TRUMP:
        return special_word(trump)
    return {DOUBLES: "doubles", NO_TRUMP: "none"}.get(trump, str(trump))


def call_text(call: int) -> str:
    """A call as notation: 0 is ``pass``, else ``bid N``.

    >>> call_text(0), call_text(31)
    ('pass', 'bid 31')
    """
    return "pass" if call == 0 else f"bid {call}"


def result_dict(result: HandResult) -> dict[str, Any]:
    """A finished hand as a dict (sides: 0 is seats 0 and 2, 1 is seats 1 and 3); a plunge or
    splash adds ``"contract"``."""
    out = {
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": trump_word(result.trump),
        "points": list(result.points),
        "tricks": list(result.tricks),
        "made": result.made,
        "score": list(result.score),
        "played": [
            {
                "led_by": t.leader,
                "pieces": [str(DOMINOES[p]) for p in t.pieces],
                "winner": t.winner,
            }
            for t in result.played
        ],
    }
    if result.contract != "bid":
        out["contract"] = result.contract
    return out


def view_dict(view: Texas42View) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Texas 42 schema in ``docs/views.md``.

    Under the special contracts ``calls`` shows ``bid plunge`` / ``bid splash``, and the keys
    ``contract``, ``aside_seat``, ``aside_size`` and ``aside`` (the seat's own laid-aside tiles
    in nello, else empty) are added once a plunge or splash is called or nello is named.
    """
    specials = dict(view.specials)
    data = {
        "game": "texas42",
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": plain(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "calls": [
            f"bid {specials[i]}" if i in specials else call_text(c)
            for i, c in enumerate(view.calls)
        ],
        "high_bid": view.high_bid or None,
        "bidder": view.bidder,
        "trump": trump_word(view.trump),
        "trick": trick_now(view.trick),
        "tricks": tricks_done(view.tricks),
        "hand_points": list(view.hand_points),
        "scores": list(view.scores),
        "results": [result_dict(r) for r in view.results],
        "legal_actions": actions_text(view.legal_actions),
    }
    if view.specials or view.aside_seat is not None:
        data["contract"] = view.contract
        data["aside_seat"] = view.aside_seat
        data["aside_size"] = view.aside_size
        data["aside"] = plain(view.aside)
    data["rules"] = rules_dict(view.rules)
    return data
