"""The Texas 42 observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, 2: its partner, 3: its right) and sides are
relative (0: the observer's side, 1: the other); tiles are numbered as in ``DOMINOES``
(0:0, 1:0, 1:1, 2:0, ... 6:6).

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> enc = encoding(texas42.Rules())
>>> obs = enc.encode(state.view(1))
>>> sum(obs[enc.layout["hand"].start : enc.layout["hand"].stop])
7.0
"""

from __future__ import annotations

from tablegames.texas42 import Phase, Rules, Texas42View

from .encoding import Encoding, positions_of, relative, relative_or_none
from .layout import Layout, Writer

SEATS = 4
TILES = 28
PHASES = tuple(Phase)
_IDENTITY = {i: i for i in range(TILES)}


def layout() -> Layout:
    """The Texas 42 layout (the same for every rule setting).

    >>> layout().size
    305
    """
    return Layout.of(
        ("phase", len(PHASES), "phase, one-hot: " + ", ".join(p.value for p in PHASES)),
        ("to_act", SEATS, "relative seat to act, one-hot (none at a deal or the end)"),
        ("dealer", SEATS, "relative seat of the dealer"),
        ("hand", TILES, "the observer's own tiles", True),
        ("hand_sizes", SEATS, "tiles held by each relative seat / 7"),
        ("called", SEATS, "1 when the relative seat has called this hand"),
        ("passed", SEATS, "1 when the relative seat passed"),
        ("bids", SEATS, "the relative seat's bid / 42 (0 for a pass or no call yet)"),
        ("high_bid", 1, "the standing bid / 42"),
        ("bidder", SEATS, "relative seat of the high bidder"),
        ("trump", 9, "trump named, one-hot: 0..6, 7 doubles, 8 no trump"),
        ("trick_leader", SEATS, "relative seat that led the trick in progress"),
        ("trick", SEATS * TILES, "tile each relative seat played to the trick in progress"),
        ("played", SEATS * TILES, "tiles each relative seat played in this hand's done tricks"),
        ("tricks_won", 2, "tricks taken this hand by relative side / 7"),
        ("hand_points", 2, "points taken this hand by relative side / 42"),
        ("scores", 2, "match score by relative side / the target score"),
    )


def encoding(rules: Rules) -> Encoding[Texas42View]:
    """The Texas 42 encoding under ``rules`` (only the target score scales a value).

    >>> encoding(Rules(target=100)).layout.names()[:3]
    ('phase', 'to_act', 'dealer')
    """
    target = float(rules.game_target)

    def fill(w: Writer, view: Texas42View) -> None:
        me = view.seat
        side = me % 2
        w.one_hot("phase", PHASES.index(view.phase))
        w.one_hot("to_act", relative_or_none(view.to_act, me, SEATS))
        w.one_hot("dealer", relative(view.dealer, me, SEATS))
        w.bits("hand", positions_of(view.hand, _IDENTITY))
        for seat in range(SEATS):
            w.bit("hand_sizes", relative(seat, me, SEATS), view.hand_sizes[seat] / 7)
        for i, call in enumerate(view.calls):
            r = relative(view.dealer + 1 + i, me, SEATS)
            w.bit("called", r)
            if call == 0:
                w.bit("passed", r)
            else:
                w.bit("bids", r, call / 42)
        w.bit("high_bid", 0, view.high_bid / 42)
        w.one_hot("bidder", relative_or_none(view.bidder, me, SEATS))
        w.one_hot("trump", view.trump)
        if view.trick:
            w.one_hot("trick_leader", relative(view.trick[0][0], me, SEATS))
        for seat, tile in view.trick:
            w.bit("trick", relative(seat, me, SEATS) * TILES + tile.index)
        won = [0, 0]
        for leader, tiles, winner in view.tricks:
            won[(winner - me) % 2] += 1
            for i, tile in enumerate(tiles):
                w.bit("played", relative(leader + i, me, SEATS) * TILES + tile.index)
        w.values("tricks_won", (won[0] / 7, won[1] / 7))
        w.values("hand_points", (view.hand_points[side] / 42, view.hand_points[1 - side] / 42))
        w.values("scores", (view.scores[side] / target, view.scores[1 - side] / target))

    return Encoding("texas42", layout(), fill)
