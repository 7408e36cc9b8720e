"""What a spectator may see, and the table's public events, from the seats' views alone.

The public view is what every seat's view agrees on: each key of ``view(seat).to_dict()``
whose value is the same for every seat (so every player knows it), with ``seat`` null and no
legal actions. A hand, a widow only the declarer sees, laid-aside tiles: they differ from seat
to seat, so they are left out. Nothing game-specific is needed, so a registered game of one's
own gets a public view too.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(1)))
>>> public = public_view([state.view(s).to_dict() for s in range(4)])
>>> "hand" in public, public["hand_sizes"], public["seat"], public["legal_actions"]
(False, [7, 7, 7, 7], None, [])

Events are read from two public views, before and after a move: a finished trick (its pieces
and winner) and a finished hand (its result), so a client can show both even when the hand's
last trick is gone from the view that follows it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypedDict

import attrs

__all__ = ["HISTORY", "LastMove", "bounded_view", "public_action", "public_view", "table_events"]

HISTORY: Mapping[str, int] = {"results": 3, "asks": 16}
"""The view fields that grow with the match, and how many of their latest entries a frame
carries: a view sent to a client holds the last 3 hands' results and the last 16 asks, so a
move costs the same at its 30,000th turn as at its first."""


class LastMove(TypedDict):
    """The last move as every view message shows it: who made it and its public text.

    >>> LastMove(seat=0, action="bid 30")
    {'seat': 0, 'action': 'bid 30'}
    """

    seat: int | None
    action: str | None


def bounded_view(view: Any) -> tuple[dict[str, object], dict[str, int]]:
    """``view.to_dict()`` with each field of :data:`HISTORY` cut to its latest entries, and
    how many older entries each field left out (only the fields that left some out). The
    fields are cut before they are converted, so the cost does not grow with the match.

    >>> import random
    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(1)))
    >>> for _ in range(40):
    ...     state = state.apply(state.legal_actions()[0])
    >>> data, omitted = bounded_view(state.view(0))
    >>> len(data["asks"]), omitted["asks"] + 16 == len(state.view(0).asks)
    (16, True)
    """
    omitted: dict[str, int] = {}
    cut: dict[str, object] = {}
    fields = attrs.fields_dict(type(view)) if attrs.has(type(view)) else {}
    for name, keep in HISTORY.items():
        if name in fields:
            entries = getattr(view, name)
            if isinstance(entries, tuple) and len(entries) > keep:
                omitted[name] = len(entries) - keep
                cut[name] = entries[-keep:]
    data: dict[str, object] = (attrs.evolve(view, **cut) if cut else view).to_dict()
    for name, keep in HISTORY.items():  # a view of one's own game that is no attrs class
        entries = data.get(name)
        if name not in cut and isinstance(entries, list) and len(entries) > keep:
            omitted[name] = len(entries) - keep
            data[name] = entries[-keep:]
    return data, omitted


def public_view(views: Sequence[dict[str, object]]) -> dict[str, object]:
    """The keys every view of ``views`` (one per seat, as ``to_dict()`` gives them) holds with
    the same value, in the first view's order; ``seat`` is null and ``legal_actions`` empty.

    >>> public_view([{"seat": 0, "hand": ["AS"], "pot": 3}, {"seat": 1, "hand": [], "pot": 3}])
    {'seat': None, 'pot': 3, 'legal_actions': []}
    """
    first, rest = views[0], views[1:]
    public: dict[str, object] = {}
    for key, value in first.items():
        if key == "seat":
            public[key] = None
        elif key != "legal_actions" and all(key in v and v[key] == value for v in rest):
            public[key] = value
    public["legal_actions"] = []
    return public


def public_action(action: object, withheld: Collection[type]) -> str | None:
    """The text everyone may read of a move: its notation, or ``None`` for an action only its
    maker sees (a deal, a Preference discard: classes in ``withheld``).

    >>> from tablegames import texas42
    >>> public_action(texas42.Bid(30), ()), public_action(texas42.Bid(30), (texas42.Bid,))
    ('bid 30', None)
    """
    return None if type(action) in withheld else str(action)


def _trick(trick: object) -> dict[str, object] | None:
    if isinstance(trick, dict) and "winner" in trick:
        return {"kind": "trick", "winner": trick["winner"], "pieces": list(trick.get("pieces", []))}
    return None


def _last_trick(
    before: dict[str, object],
    result: dict[str, object],
    action: str | None,
    pieces: Collection[str],
) -> dict[str, object] | None:
    """The trick a hand's last move finished, when the result no longer shows it: its pieces
    are the trick in progress before the move and the piece the move played; its winner is the
    seat whose count of tricks the result raised by one."""
    trick = before.get("trick")
    if not isinstance(trick, list) or not trick:
        return None
    played = [p.get("piece") for p in trick if isinstance(p, dict)]
    played += [w for w in (action or "").split() if w in pieces]
    counts = before.get("won", before.get("tricks_won"))
    final = result.get("tricks")
    if not isinstance(counts, list) or not isinstance(final, list) or len(counts) != len(final):
        return None
    raised = [s for s, (a, b) in enumerate(zip(counts, final)) if b == a + 1]
    if len(raised) != 1:
        return None
    return {"kind": "trick", "winner": raised[0], "pieces": played}


def table_events(
    before: dict[str, Any],
    after: dict[str, Any],
    action: str | None,
    pieces: Collection[str],
    new_result: bool | None = None,
) -> list[dict[str, object]]:
    """The public events of one move, from the public views ``before`` and ``after`` it:
    ``{"kind": "trick", "winner", "pieces"}`` when a trick was finished and
    ``{"kind": "result", "result"}`` when a hand or deal was; ``action`` is the move's public
    text (``None`` when hidden) and ``pieces`` the names of the game's pieces; ``new_result``
    says whether the move finished a hand (by default: whether ``after`` lists more results,
    which a view cut to its latest results cannot tell).

    >>> before = {"tricks": [], "results": [], "trick": [{"seat": 0, "piece": "AS"}]}
    >>> after = {"tricks": [{"led_by": 0, "pieces": ["AS", "KS"], "winner": 0}], "results": []}
    >>> table_events(before, after, "play KS", {"AS", "KS"})
    [{'kind': 'trick', 'winner': 0, 'pieces': ['AS', 'KS']}]
    """
    found: list[dict[str, object]] = []
    old_results, new_results = before.get("results") or [], after.get("results") or []
    if new_result is None:
        new_result = len(new_results) > len(old_results)
    if new_result and new_results:
        result = new_results[-1]
        played = result.get("played") if isinstance(result, dict) else None
        old_tricks = before.get("tricks") or []
        if isinstance(played, list) and len(played) > len(old_tricks):
            trick = _trick(played[-1])
        else:
            trick = (
                _last_trick(before, result, action, pieces) if isinstance(result, dict) else None
            )
        if trick is not None:
            found.append(trick)
        found.append({"kind": "result", "result": result})
        return found
    old_tricks, new_tricks = before.get("tricks") or [], after.get("tricks") or []
    if isinstance(new_tricks, list) and len(new_tricks) > len(old_tricks):
        trick = _trick(new_tricks[-1])
        if trick is not None:
            found.append(trick)
    return found
