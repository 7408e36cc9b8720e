"""The Texas 42 observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, 2: its partner, 3: its right) and sides are
relative (0: the observer's side, 1: the other); tiles are numbered as in ``DOMINOES``
(0:0, 1:0, 1:1, 2:0, ... 6:6). The special contracts (nello, plunge, splash, sevens) widen the
trump segment to all 13 trump codes and add segments at the end, only when they are on, so the
length depends on the rules but never on the play.

>>> marks = Rules(scoring="marks", bid_ladder="marks", nello=True)
>>> plain, special = layout(Rules()), layout(marks)
>>> plain["trump"].size, special["trump"].size, special.names()[-3:]
(9, 13, ('aside_seat', 'aside_size', 'aside'))
"""

from __future__ import annotations

from tablegames.texas42 import Phase, Rules, Texas42View
from tablegames.texas42.contracts import LAST_TRUMP
from tablegames.texas42.model import NO_TRUMP

from .encoding import INDEX, Encoding, positions_of, relative, relative_or_none
from .layout import Layout, Writer
from .segments import Spec, seat_segments, trick_segments, write_seat, write_trick

SEATS = 4
TILES = 28
CONTRACTS = ("bid", "plunge", "splash")
"""The standing contract's words, in the order of the ``contract`` segment."""
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
    specs: list[Spec] = [
        *seat_segments(Phase, SEATS, TILES, "tiles"),
        ("hand_sizes", SEATS, "tiles held by each relative seat / 7"),
        ("called", SEATS, "1 when the relative seat has called this hand"),
        ("passed", SEATS, "1 when the relative seat passed"),
        ("bids", SEATS, "the relative seat's bid / 42 (0 for a pass or no call yet)"),
        ("high_bid", 1, "the standing bid / 42"),
        ("bidder", SEATS, "relative seat of the high bidder"),
        ("trump", codes, f"trump named, one-hot: {trump_meaning}"),
        *trick_segments(SEATS, TILES, "tile", "tiles", "hand"),
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
        write_seat(w, view, Phase, SEATS, INDEX)
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
        write_trick(w, view, SEATS, TILES, INDEX)
        won = [0, 0]
        for _leader, _tiles, winner in view.tricks:
            won[(winner - me) % 2] += 1
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
            w.bits("aside", positions_of(view.aside, INDEX))

    return Encoding("texas42", layout(rules), fill)
