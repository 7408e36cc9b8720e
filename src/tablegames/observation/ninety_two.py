"""The Ninety-Two observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, ... clockwise), so segments "by seat" have one
slot per player (4, 6 or 8); cards are numbered as in ``CARDS`` (clubs 2..A, diamonds, hearts,
spades: ``suit * 13 + rank - 2``).

>>> from tablegames import ninety_two
>>> [encoding(ninety_two.Rules(players=n)).layout["won"].size for n in (4, 6, 8)]
[4, 6, 8]
>>> observed = encoding(ninety_two.Rules()).encode(ninety_two.new_match().view(2))
>>> len(observed), sum(observed)  # at the first deal: the phase and the dealer
(540, 2.0)
"""

from __future__ import annotations

from tablegames.core.actions import Pass
from tablegames.ninety_two import NinetyTwoView, Phase, Rules

from .encoding import INDEX, Encoding, relative, relative_or_none
from .layout import Layout, Writer
from .segments import seat_segments, trick_segments, write_seat, write_trick

CARDS = 52


def layout(rules: Rules) -> Layout:
    """The Ninety-Two layout for ``rules.players`` seats.

    >>> layout(Rules(players=6)).size
    778
    """
    n = rules.players
    return Layout.of(
        *seat_segments(Phase, n, CARDS, "cards"),
        ("hand_sizes", n, "cards held by each relative seat / 4"),
        ("stock_size", 1, "cards left in the stock / 52"),
        ("dead_count", 1, "dead cards (out of play, faces hidden) / 4"),
        ("called", n, "1 when the relative seat has called this deal"),
        ("passed", n, "1 when the relative seat passed"),
        ("bid_tricks", n, "tricks the relative seat bid / tricks per deal"),
        ("bid_suits", 4 * n, "suit of the relative seat's bid: slot seat * 4 + suit (C D H S)"),
        ("high_tricks", 1, "tricks of the standing bid / tricks per deal"),
        ("trump", 4, "trump suit of the standing bid, one-hot (C D H S)"),
        ("bidder", n, "relative seat of the high bidder"),
        ("partners", n, "1 for each relative seat named a partner"),
        *trick_segments(n, CARDS, "card", "cards", "deal"),
        ("won", n, "tricks taken this deal by each relative seat / tricks per deal"),
        ("scores", n, "match score of each relative seat / the target score"),
    )


def encoding(rules: Rules) -> Encoding[NinetyTwoView]:
    """The Ninety-Two encoding under ``rules``.

    >>> encoding(Rules(players=8)).size
    1016
    """
    n = rules.players
    tricks = float(rules.tricks_per_deal)
    target = float(rules.target)

    def fill(w: Writer, view: NinetyTwoView) -> None:
        me = view.seat
        write_seat(w, view, Phase, n, INDEX)
        for seat in range(n):
            r = relative(seat, me, n)
            w.bit("hand_sizes", r, view.hand_sizes[seat] / 4)
            w.bit("won", r, view.won[seat] / tricks)
            w.bit("scores", r, view.scores[seat] / target)
        w.bit("stock_size", 0, view.stock_size / CARDS)
        w.bit("dead_count", 0, view.dead_count / 4)
        for i, call in enumerate(view.calls):
            r = relative(view.dealer + 1 + i, me, n)
            w.bit("called", r)
            if isinstance(call, Pass):
                w.bit("passed", r)
            else:
                w.bit("bid_tricks", r, call.tricks / tricks)
                w.bit("bid_suits", r * 4 + int(call.suit))
        if view.high is not None:
            w.bit("high_tricks", 0, view.high.tricks / tricks)
            w.one_hot("trump", int(view.high.suit))
        w.one_hot("bidder", relative_or_none(view.bidder, me, n))
        w.bits("partners", (relative(s, me, n) for s in view.partners))
        write_trick(w, view, n, CARDS, INDEX)

    return Encoding("ninety-two", layout(rules), fill)
