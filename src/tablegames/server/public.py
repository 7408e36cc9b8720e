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

Events are read from the views before and after a move: a finished trick (its pieces and
winner) and a finished hand (its result), so a client can show both even when the hand's last
trick is gone from the view that follows it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypedDict

import attrs

from tablegames.tricks.finished import TrickView, finished_trick

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


def table_events(
    before: object,
    after: object,
    action: object,
    public: Mapping[str, object],
    new_result: bool,
) -> list[dict[str, object]]:
    """The public events of one move: ``{"kind": "trick", "winner", "pieces", "seats"}`` (the pieces
    in play order, and the seat that played each) when it finished a trick and ``{"kind": "result",
    "result"}`` when it finished a hand or deal. ``before`` and ``after`` are one seat's views (the
    objects) before and after the move, ``action`` the move (``None`` for none), ``public`` the
    public view after it and ``new_result`` whether the move finished a hand (a view cut to its
    latest results cannot tell). The trick is the views'
    (:func:`~tablegames.tricks.finished.finished_trick`: the last trick of a hand, gone from the
    view that follows it, is the trick in progress before the move with the piece it played, taken
    by the seat the trick rule names); a view of a game without tricks has none.

    >>> import random
    >>> from tablegames import preference
    >>> state, rng = preference.new_match(), random.Random(4)
    >>> state = state.apply(state.chance_outcome(rng))
    >>> while not state.view(0).tricks:
    ...     action = rng.choice(state.legal_actions())
    ...     before, state = state.view(0), state.apply(action)
    >>> event = table_events(before, state.view(0), action, {}, False)
    >>> [(e["kind"], e["winner"] in e["seats"], len(e["pieces"])) for e in event]
    [('trick', True, 3)]
    """
    found: list[dict[str, object]] = []
    if isinstance(before, TrickView) and isinstance(after, TrickView):
        trick = finished_trick(before, after, action)
        if trick is not None:
            plays, winner = trick
            pieces = [str(piece) for _, piece in plays]
            seats = [seat for seat, _ in plays]
            found.append({"kind": "trick", "winner": winner, "pieces": pieces, "seats": seats})
    results = public.get("results")
    if new_result and isinstance(results, list) and results:
        found.append({"kind": "result", "result": results[-1]})
    return found
