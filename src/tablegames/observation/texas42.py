"""The Texas 42 observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, 2: its partner, 3: its right) and sides are
relative (0: the observer's side, 1: the other); tiles are numbered as in ``DOMINOES``
(0:0, 1:0, 1:1, 2:0, ... 6:6). The special contracts (nello, plunge, splash, sevens) widen the
trump segment to all 13 trump codes and add segments at the end, only when they are on, so the
length depends on the rules but never on the play.

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
from tablegames.texas42.contracts import LAST_TRUMP
from tablegames.texas42.model import NO_TRUMP

from .encoding import Encoding, positions_of, relative, relative_or_none
from .layout import Layout, Writer

SEATS = 4
TILES = 28
PHASES = tuple(Phase)
CONTRACTS = ("bid", "plunge", "splash")
"""The standing contract's words, in the order of the ``contract`` segment."""
_IDENTITY = {i: i for i in range(TILES)}
_PLAIN_TRUMPS = "0..6, 7 doubles, 8 no trump"


def trump_codes(rules: Rules) -> int:
    """How many trump codes the ``trump`` segment has: 9 (numbers, doubles, no trump), or all
    13 when nello or sevens is on (9..11 nello suit/high/low, 12 sevens).

    >>> trump_codes(Rules()), trump_codes(Rules(scoring="marks", bid_ladder="marks", sevens=True))
    (9, 13)
    """
    return LAST_TRUMP + 1 if rules.nello or rules.sevens else NO_TRUMP + 1


def layout(rules: Rules | None = None) -> Layout:
    """The Texas 42 layout under ``rules`` (default rules when ``None``).

    Without special contracts it is 305 values; each contract option adds its segments.

    >>> layout().size
    305
    >>> tournament = Rules(scoring="marks", bid_ladder="marks", nello=True, plunge=True)
    >>> layout(tournament).size, layout(tournament).names()[-3:]
    (353, ('aside_seat', 'aside_size', 'aside'))
    """
    rules = Rules() if rules is None else rules
    codes = trump_codes(rules)
    trump_meaning = _PLAIN_TRUMPS
    if codes > NO_TRUMP + 1:
        trump_meaning += ", 9 nello suit, 10 nello high, 11 nello low, 12 sevens"
    specs: list[tuple[str, int, str] | tuple[str, int, str, bool]] = [
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
        ("trump", codes, f"trump named, one-hot: {trump_meaning}"),
        ("trick_leader", SEATS, "relative seat that led the trick in progress"),
        ("trick", SEATS * TILES, "tile each relative seat played to the trick in progress"),
        ("played", SEATS * TILES, "tiles each relative seat played in this hand's done tricks"),
        ("tricks_won", 2, "tricks taken this hand by relative side / 7"),
        ("hand_points", 2, "points taken this hand by relative side / 42"),
        ("scores", 2, "match score by relative side / the target score"),
    ]
    if rules.plunge or rules.splash:
        specs += [
            ("contract", len(CONTRACTS), "the standing contract, one-hot: " + ", ".join(CONTRACTS)),
            ("plunge_calls", SEATS, "1 when the relative seat called plunge this hand"),
            ("splash_calls", SEATS, "1 when the relative seat called splash this hand"),
        ]
    if rules.nello:
        specs += [
            ("aside_seat", SEATS, "in nello, relative seat whose tiles are laid aside"),
            ("aside_size", 1, "tiles laid aside / 7"),
            (
                "aside",
                TILES,
                "the laid-aside tiles (only in the view of the seat that laid them)",
                True,
            ),
        ]
    return Layout.of(*specs)


def _play_order(leader: int, skipped: int | None) -> list[int]:
    """The seats of a trick in play order from ``leader``, without the ``skipped`` seat.

    >>> _play_order(3, None), _play_order(1, 2)
    ([3, 0, 1, 2], [1, 3, 0])
    """
    return [s % SEATS for s in range(leader, leader + SEATS) if s % SEATS != skipped]


def encoding(rules: Rules) -> Encoding[Texas42View]:
    """The Texas 42 encoding under ``rules`` (the target scales the scores; the special
    contracts add segments).

    >>> encoding(Rules(target=100)).layout.names()[:3]
    ('phase', 'to_act', 'dealer')
    """
    target = float(rules.game_target)
    specials = rules.plunge or rules.splash
    nello = rules.nello

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
            for seat, tile in zip(_play_order(leader, view.aside_seat), tiles):
                w.bit("played", relative(seat, me, SEATS) * TILES + tile.index)
        w.values("tricks_won", (won[0] / 7, won[1] / 7))
        w.values("hand_points", (view.hand_points[side] / 42, view.hand_points[1 - side] / 42))
        w.values("scores", (view.scores[side] / target, view.scores[1 - side] / target))
        if specials:
            w.one_hot("contract", CONTRACTS.index(view.contract))
            for i, contract in view.specials:
                w.bit(f"{contract}_calls", relative(view.dealer + 1 + i, me, SEATS))
        if nello:
            w.one_hot("aside_seat", relative_or_none(view.aside_seat, me, SEATS))
            w.bit("aside_size", 0, view.aside_size / 7)
            w.bits("aside", positions_of(view.aside, _IDENTITY))

    return Encoding("texas42", layout(rules), fill)
